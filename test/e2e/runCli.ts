// Runs the built command line as a user would, for the tests that start servers from it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { packageRoot } from '../../src/openapi/packageRoot.js';

export const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** Runs the built CLI; `ready` is called with the URL once it listens, and must stop it. */
export async function runCli(
  args: string[],
  ready?: (url: string, stop: () => void, output: () => string) => Promise<void>,
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
) {
  const child = spawn(process.execPath, [...nodeArgs, cli, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  // The banner is on stdout, or on stderr when stdout carries the JSON request log.
  const listening = new Promise<string>((resolve) => {
    const seen = () => {
      const url = /listening on (http:\/\/\S+)/.exec(stdout + stderr)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), seen()));
    child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), seen()));
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    // A CLI that ends without listening skips `ready`; one that listens unasked for is stopped.
    const url = await Promise.race([listening, exited.then(() => undefined)]);
    if (url !== undefined) {
      if (ready)
        await ready(
          url,
          () => child.kill('SIGTERM'),
          () => stdout,
        );
      else child.kill('SIGTERM');
    }
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const [code, signal] = await exited;
  return { code, signal, stdout, stderr, child };
}
