// The keys of strict mode, from the three places `serve` takes them (docs/security.md, "Keys"): the
// command line, a file, and an environment variable. Only the command line is visible to every user
// of the machine (`ps`); the others keep a key out of it.
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { apiKeyProblem } from '../../pipeline/auth.js';

/** The environment variable that lists keys, separated by spaces or new lines. */
export const API_KEYS_VARIABLE = 'PRODUCT_CATALOG_MOCK_API_KEYS';

/**
 * The lines of a key file that hold something, with their numbers: blank lines and lines starting
 * with `#` are skipped, as is a byte-order mark. `option` names the flag and `wanted` what the file
 * should hold, for the refusal of a file that cannot be read, which names the file, never what it
 * holds.
 */
async function keyFileLines(
  file: string,
  option: string,
  wanted: string,
): Promise<{ value: string; line: number }[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(`${option} ${file} cannot be read (${code ?? (err as Error).message}): give ${wanted}`);
  }
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, i) => ({ value: line.trim(), line: i + 1 }))
    .filter(({ value }) => value !== '' && !value.startsWith('#'));
}

/**
 * The one key of a file that holds a deployment's key (`record`, `contract` and `drift`'s
 * --api-key-file, serve's --upstream-api-key-file): read as a file of serve's keys is, blank and `#`
 * comment lines skipped; anything but one word on one line is refused, naming the file, never what
 * it holds.
 */
export async function oneKeyOfFile(file: string, option: string): Promise<string> {
  const lines = await keyFileLines(file, option, "a file that holds the deployment's key");
  const key = lines.length === 1 ? (lines[0]?.value ?? '') : '';
  if (key === '' || /\s/.test(key)) {
    throw new Error(
      `${option} ${file} must hold one key on one line (# starts a comment line), and holds ${lines.length === 0 ? 'nothing' : lines.length > 1 ? 'more than one line' : 'more than one word'}`,
    );
  }
  return key;
}

/**
 * The keys of an --api-key-file: one per line, `KEY` or `KEY=tenantA,tenantB` as --api-key takes
 * them; blank lines and lines starting with `#` are skipped. A line that is no key is refused with
 * the file's name and its line number, never its text: it may be a key with a typo.
 */
async function keysOfFile(file: string): Promise<string[]> {
  const lines = await keyFileLines(file, '--api-key-file', 'a file of keys, one per line');
  for (const { value, line } of lines) {
    if (apiKeyProblem(value)) {
      throw new Error(
        `--api-key-file ${file} line ${line} is not a key: give KEY or KEY=tenantA,tenantB on each line (# starts a comment line)`,
      );
    }
  }
  return lines.map(({ value }) => value);
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

/** The environment variable `record` and `drift` read a deployment's key from (docs/cli.md). */
export const DEPLOYMENT_KEY_VARIABLE = 'PRODUCT_CATALOG_MOCK_DEPLOYMENT_API_KEY';

/** Where a command that calls a deployment (record, contract, drift) may be given its key. */
export interface DeploymentKeyOptions {
  /** --api-key: visible to every user of the machine in `ps`. */
  apiKey?: string;
  /** --api-key-file: a file holding the key alone. */
  apiKeyFile?: string;
}

/**
 * The options of a command that calls a deployment (record, contract, drift): --api-key-file, and
 * --api-key, which other users see in `ps`; `variable` is the environment variable read otherwise.
 */
export function deploymentKeyOptions(command: Command, variable: string): Command {
  return command
    .option(
      '--api-key-file <file>',
      `the file holding the access token, sent in x-api-key (or give it in ${variable})`,
    )
    .option(
      '--api-key <key>',
      'access token, sent in x-api-key (visible to other users in ps: prefer --api-key-file)',
    );
}

/**
 * A deployment's key, from --api-key, else --api-key-file, else the environment variable `variable`;
 * undefined when none is given. Both options at once are refused: which one was meant is unknown.
 * A refusal names the file, never what it holds (docs/security.md, "Commands that call a deployment").
 */
export async function deploymentKeyOf(
  opts: DeploymentKeyOptions,
  variable: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  if (opts.apiKey !== undefined && opts.apiKeyFile !== undefined) {
    throw new Error('--api-key and --api-key-file both give the key: give one of them');
  }
  if (opts.apiKey !== undefined) return opts.apiKey.trim() || undefined;
  if (opts.apiKeyFile === undefined) return env[variable]?.trim() || undefined;
  return oneKeyOfFile(opts.apiKeyFile, '--api-key-file');
}

/**
 * The key of `record` or `drift` (from DEPLOYMENT_KEY_VARIABLE when no option gives it), or
 * undefined once `write` was given a line that says why there is none: the command then exits 2
 * having sent nothing.
 */
export async function keyOrProblem(
  command: string,
  opts: DeploymentKeyOptions,
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<string | undefined> {
  try {
    const key = await deploymentKeyOf(opts, DEPLOYMENT_KEY_VARIABLE, env);
    if (key !== undefined) return key;
    write(
      `${command}: no key given: give the deployment's access token with --api-key-file FILE or in ${DEPLOYMENT_KEY_VARIABLE} (or with --api-key, which other users see in ps); nothing was sent.\n`,
    );
  } catch (err) {
    write(`${command}: ${(err as Error).message}; nothing was sent.\n`);
  }
  return undefined;
}
