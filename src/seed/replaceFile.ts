// A file written whole or not at all: the new content goes to a temporary file beside it, which is
// renamed over the old one only once complete. A write cut short (Ctrl-C, a full disk) leaves the
// file that was there as it was.
import { randomUUID } from 'node:crypto';
import { chmod, readlink, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { syncPath } from '../store/syncPath.js';

/** As many links in a row as Linux follows before it gives up (ELOOP). */
const MAX_LINKS = 40;

/**
 * The path a write to `file` lands on: `file`, or the path the symbolic link there names, followed
 * through further links, whether or not a file is there yet. A link to a file not written yet is
 * what a shell's `>` writes through: renaming over it would put a file in place of the link.
 */
export async function landingPath(file: string): Promise<string> {
  let path = resolve(file);
  for (let step = 0; step < MAX_LINKS; step++) {
    const link = await readlink(path).catch(() => undefined);
    if (link === undefined) return path;
    // A relative target is read from the directory the link is really in, as the system reads it:
    // through a linked directory, `..` is the parent of where it leads, not of the name it has here.
    const dir = dirname(path);
    path = resolve(await realpath(dir).catch(() => dir), link);
  }
  return path;
}

/**
 * Where the content of `file` may be written and renamed into place, with the mode the old file
 * had; undefined for a device, pipe or terminal (`/dev/stdout`, `/dev/null`), written as it is.
 * A link is followed, so that the link stays and the file it names is replaced.
 */
async function replaceable(file: string): Promise<{ path: string; mode?: number } | undefined> {
  const found = await stat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!found) return { path: await landingPath(file) };
  if (!found.isFile()) return undefined;
  return { path: await realpath(file), mode: found.mode & 0o7777 };
}

/**
 * Calls `write` with the path to write the content to, then puts it in place of `file`. When
 * `write` fails, nothing is put in place and the temporary file is removed.
 */
export async function replaceFile(file: string, write: (path: string) => Promise<void>): Promise<void> {
  const target = await replaceable(file);
  if (!target) return write(file);
  const temp = join(
    dirname(target.path),
    `${basename(target.path)}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    await write(temp);
    if (target.mode !== undefined) await chmod(temp, target.mode);
    await syncPath(temp);
    await rename(temp, target.path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  // The rename itself is on disk once its directory is; some systems cannot open a directory.
  await syncPath(dirname(target.path)).catch(() => undefined);
}
