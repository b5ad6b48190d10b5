// Checks a --data path before anything is loaded: a server that cannot write its file never starts.
import { constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { access, lstat, open, readdir, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { lockProblem } from './dataLock.js';

/**
 * Refuses, naming it, a --data path the server could not write, or one another server uses (its
 * lock, dataLock.ts): checked before the server listens.
 */
export async function checkDataPath(file: string): Promise<void> {
  const dir = dirname(resolve(file));
  const dirStat = await stat(dir).catch(() => undefined);
  if (dirStat && !dirStat.isDirectory()) throw new Error(`--data ${file}: ${dir} is a file, not a directory`);
  if (!dirStat) throw new Error(`--data ${file}: the directory ${dir} does not exist; create it first`);
  try {
    await access(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new Error(`--data ${file}: the directory ${dir} is not writable`);
  }
  await checkCreatable(file, dir);
  const fileStat = await stat(file).catch(() => undefined);
  if (fileStat?.isDirectory()) throw new Error(`--data ${file} is a directory; name a file in it`);
  await refuseUnlessReadWritable(file, `--data ${file}`);
  // A journal or temporary snapshot left by another user (a first start under sudo) would otherwise
  // stop the start with a bare "EACCES: permission denied" once the lock is taken, or fail every
  // compaction while the journals pile up.
  for (const generation of await journalGenerations(file)) {
    const journal = journalPath(file, generation);
    await refuseUnlessReadWritable(journal, `--data ${file}: its journal ${journal}`);
  }
  const tmp = snapshotTempPath(file);
  await refuseUnlessReadWritable(tmp, `--data ${file}: its temporary snapshot ${tmp}`);
  for (const [path, what] of [
    ...(await journalGenerations(file)).map((g) => [journalPath(file, g), 'journal'] as const),
    [tmp, 'temporary snapshot'] as const,
  ]) {
    if ((await lstat(path).catch(() => undefined))?.isSymbolicLink()) throw symlinkRefused(file, path, what);
  }
  const inUse = await lockProblem(file);
  if (inUse) throw new Error(inUse);
}

/**
 * Refuses, as `subject`, a --data file or a file beside it that exists and that this user cannot
 * read and write; one that does not exist yet is created by the server.
 */
async function refuseUnlessReadWritable(path: string, subject: string): Promise<void> {
  try {
    await access(path, constants.R_OK | constants.W_OK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new Error(
      `${subject} cannot be read and written by this user (it may belong to another); give this user read and write access to the --data files, or name another --data file`,
    );
  }
}

/**
 * Creates and removes a file in `dir`: a directory that says it is writable may still refuse files
 * (/proc, a read-only mount; root passes every permission check), and the server's first file, its
 * lock, would then fail with a bare error code.
 */
async function checkCreatable(file: string, dir: string): Promise<void> {
  const probe = join(dir, `.${randomUUID()}.probe`);
  try {
    await writeFile(probe, '', { flag: 'wx' });
  } catch (err) {
    // "ENOENT: no such file or directory", without the probe's name, which means nothing to anybody
    const why = (err as Error).message.replace(/, \w+ '.*'$/, '');
    throw new Error(
      `--data ${file}: no file can be created in ${dir} (${why}); name a file in a directory where files can be written`,
    );
  }
  await rm(probe, { force: true });
}

/**
 * The files the server writes beside a --data file (its journals, its temporary snapshot) are its
 * own: a symbolic link put there was followed, and the file it named overwritten or truncated
 * (docs/behaviour.md, "Storage and --data").
 */
function symlinkRefused(file: string, path: string, what: string): Error {
  return new Error(
    `--data ${file}: its ${what} ${path} is a symbolic link; the server writes only files of its own beside the data file, and follows no link there: remove the link, or name another --data file`,
  );
}

/** O_NOFOLLOW where the system has it (not on Windows, whose links need rights to make). */
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const FLAGS = {
  /** Created or emptied, written. */
  w: constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC,
  /** Created if absent, appended to. */
  a: constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND,
  /** Read and written, not created. */
  'r+': constants.O_RDWR,
} as const;

/**
 * Opens a file the server writes beside a --data file (a journal, the temporary snapshot) without
 * following a symbolic link in its place, which is refused naming it (symlinkRefused).
 */
export async function openOwnFile(
  file: string,
  path: string,
  flags: keyof typeof FLAGS,
  what: 'journal' | 'temporary snapshot',
): Promise<FileHandle> {
  try {
    return await open(path, FLAGS[flags] | NOFOLLOW, 0o666);
  } catch (err) {
    // ELOOP on Linux and macOS; EMLINK on FreeBSD.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw symlinkRefused(file, path, what);
    throw err;
  }
}

/** Where a snapshot of a --data file is written before it is renamed over the file: FILE.tmp. */
export function snapshotTempPath(file: string): string {
  return `${file}.tmp`;
}

/** The journal of a --data file for a generation: FILE.journal-N, beside it. */
export function journalPath(file: string, generation: number): string {
  return `${file}.journal-${generation}`;
}

/** The generations of the journals beside a --data file, oldest first. */
export async function journalGenerations(file: string): Promise<number[]> {
  const prefix = `${basename(file)}.journal-`;
  return (await readdir(dirname(resolve(file))))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b);
}
