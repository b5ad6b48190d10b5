// The directory a command's output file goes in, checked before the command's long part (generating
// a large seed, paging through a deployment), whose work would otherwise be lost at the end.
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Why `file`, given to `option`, cannot be created; undefined when its directory exists. */
export async function outputDirectoryProblem(option: string, file: string): Promise<string | undefined> {
  const dir = dirname(resolve(file));
  const found = await stat(dir).catch(() => undefined);
  if (found?.isDirectory()) return undefined;
  return found
    ? `${option} ${file}: ${dir} is a file, not a directory`
    : `${option} ${file}: the directory ${dir} does not exist`;
}
