// A large generated catalog written to the cache of generated catalogs (src/seed/catalogCache.ts) by a
// process of its own, after the server that generated it listens (docs/performance.md, "Generated
// catalogs cached").
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { constants, setPriority } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { oldGenerationLimit } from './heapPolicy.js';
import { removeOtherVersions } from '../seed/catalogCache.js';

const CLI = fileURLToPath(new URL('./cli.js', import.meta.url));

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
  const defaultMiB = getHeapStatistics().heap_size_limit / 2 ** 20;
  const child = spawn(process.execPath, writerArguments(seed, file, defaultMiB, process.env.NODE_OPTIONS), {
    stdio: 'ignore',
  });
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

/**
 * node's arguments for the writer: the seed command, with an old generation sized as the server's
 * thread is for the same catalog where V8's default heap (`defaultMiB`) would not hold it. A million
 * products outgrow it, and the writer ran out of memory without a word. Sized here rather than left
 * to the seed command's own rerun (heapRerun.ts): the process this starts is the one given the
 * lowest priority.
 */
export function writerArguments(
  seed: string,
  file: string,
  defaultMiB: number,
  nodeOptions?: string,
): string[] {
  const heap = oldGenerationLimit({ products: Number(seed) }, defaultMiB, [], nodeOptions);
  return [
    ...(heap === undefined ? [] : [`--max-old-space-size=${heap}`]),
    CLI,
    'seed',
    '--seed',
    seed,
    '--out',
    file,
  ];
}
