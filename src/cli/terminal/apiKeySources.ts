// The keys of strict mode, from the three places `serve` takes them (docs/security.md, "Keys"): the
// command line, a file, and an environment variable. Only the command line is visible to every user
// of the machine (`ps`); the others keep a key out of it.
import { readFile } from 'node:fs/promises';
import { apiKeyProblem } from '../../pipeline/auth.js';

/** The environment variable that lists keys, separated by spaces or new lines. */
export const API_KEYS_VARIABLE = 'PRODUCT_CATALOG_MOCK_API_KEYS';

/**
 * The keys of an --api-key-file: one per line, `KEY` or `KEY=tenantA,tenantB` as --api-key takes
 * them; blank lines and lines starting with `#` are skipped. A line that is no key is refused with
 * the file's name and its line number, never its text: it may be a key with a typo.
 */
async function keysOfFile(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      `--api-key-file ${file} cannot be read (${code ?? (err as Error).message}): give a file of keys, one per line`,
    );
  }
  const keys: string[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, i) => {
      const value = line.trim();
      if (value === '' || value.startsWith('#')) return;
      if (apiKeyProblem(value)) {
        throw new Error(
          `--api-key-file ${file} line ${i + 1} is not a key: give KEY or KEY=tenantA,tenantB on each line (# starts a comment line)`,
        );
      }
      keys.push(value);
    });
  return keys;
}

/** The keys of PRODUCT_CATALOG_MOCK_API_KEYS, each checked as --api-key is; none when it is unset or blank. */
function keysOfEnvironment(env: NodeJS.ProcessEnv): string[] {
  const keys = (env[API_KEYS_VARIABLE] ?? '').split(/\s+/).filter(Boolean);
  keys.forEach((value, i) => {
    if (apiKeyProblem(value)) {
      throw new Error(
        `${API_KEYS_VARIABLE} holds a value that is not a key (word ${i + 1}): give KEY or KEY=tenantA,tenantB, separated by spaces`,
      );
    }
  });
  return keys;
}

/** Every key of strict mode: those of the command line, then the file's, then the environment's. */
export async function gatherApiKeys(
  given: readonly string[],
  file: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  return [...given, ...(file === undefined ? [] : await keysOfFile(file)), ...keysOfEnvironment(env)];
}
