// A large generated catalog written to the cache of generated catalogs (src/seed/catalogCache.ts) by a
// process of its own, after the server that generated it listens (docs/performance.md, "Generated
// catalogs cached").
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeOtherVersions } from '../../seed/catalogCache.js';

const CLI = fileURLToPath(new URL('../cli.js', import.meta.url));

/** Whether the folder of `file` is there, made now if need be. */
export async function cacheFolderMade(file: string): Promise<boolean> {
  return mkdir(dirname(file), { recursive: true }).then(
    () => true,
    () => false,
  );
}

/**
 * Starts `seed --seed VALUE --out FILE` (which writes the file whole and its index, or nothing) at
 * the lowest priority, and leaves it: it uses the core the server's thread does not, whatever the
 * server does meanwhile; the versions of the same catalog other generators made are removed first. It outlives a server stopped before it is done and then finishes its file;
 * Ctrl-C in the terminal reaches it with the server and stops it, leaving nothing.
 */
export async function writeCatalogCache(seed: string, file: string): Promise<void> {
  await removeOtherVersions(file);
  // A catalog larger than node's default heap holds is the seed command's to size (heapRerun.ts):
  // this thread's own heap, sized for the server, says nothing of a new process's default.
  const child = spawn(process.execPath, [CLI, 'seed', '--seed', seed, '--out', file], { stdio: 'ignore' });
  // A cache not written only makes the next start generate again.
  child.on('error', () => undefined);
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, constants.priority.PRIORITY_LOW);
    } catch {
      // Left at the server's priority where the system refuses.
    }
  }
  child.unref();
}
