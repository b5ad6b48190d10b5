// The directory a command's output file goes in, checked before the command's long part (generating
// a large seed, paging through a deployment), whose work would otherwise be lost at the end.
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { landingPath } from '../../seed/replaceFile.js';

/**
 * Why `file`, given to `option`, cannot be written; undefined when it can. A link is followed, also
 * to a file not written yet. A file with no write permission for anyone is refused, although a
 * rename could replace it: its owner made it read-only, as a shell's `>` would respect. A directory,
 * or links that lead in a circle, could not be written at the end either.
 */
export async function outputDirectoryProblem(option: string, file: string): Promise<string | undefined> {
  const target = await landingPath(file);
  const dir = dirname(target);
  const found = await stat(dir).catch(() => undefined);
  if (!found) return `${option} ${file}: the directory ${dir} does not exist`;
  if (!found.isDirectory()) return `${option} ${file}: ${dir} is a file, not a directory`;
  const existing = await stat(target).catch((err: NodeJS.ErrnoException) => err);
  if (existing instanceof Error) {
    if (existing.code === 'ENOENT') return undefined;
    if (existing.code === 'ELOOP') {
      return `${option} ${file}: its symbolic links lead in a circle; point it at a file`;
    }
    return `${option} ${file}: cannot be written (${existing.message})`;
  }
  if (existing.isDirectory()) {
    return `${option} ${file}: it is a directory; give the path of a file (in it or elsewhere)`;
  }
  if (existing.isFile() && (existing.mode & 0o222) === 0) {
    return `${option} ${file}: the file is read-only; make it writable (chmod u+w) or choose another file`;
  }
  return undefined;
}
