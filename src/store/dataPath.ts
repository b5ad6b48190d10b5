// Checks a --data path before anything is loaded: a server that cannot write its file never starts.
import { constants } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { access, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
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
  if (fileStat) {
    try {
      await access(file, constants.R_OK | constants.W_OK);
    } catch {
      throw new Error(`--data ${file} cannot be read and written`);
    }
  }
  const inUse = await lockProblem(file);
  if (inUse) throw new Error(inUse);
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
