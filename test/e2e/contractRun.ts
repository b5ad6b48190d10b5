// Runs the built CLI's `contract` command as a user would, for the e2e tests of that command.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/openapi/packageRoot.js';

export const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** The command's options must decide the target, not CONTRACT_* variables of the surrounding run. */
export const withoutContractEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONTRACT_')));

/**
 * Runs `contract` with these arguments (and only the CONTRACT_* variables of `env`) and resolves to its
 * exit code and everything it printed.
 */
export function runContract(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, 'contract', ...args],
      { env: { ...withoutContractEnv(), ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? Number((err as { code?: number }).code ?? 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}
