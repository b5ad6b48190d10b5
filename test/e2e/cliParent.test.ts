// A server started by npm stops when its parent ends (src/cli/serve/orphanWatch.ts); one started otherwise
// outlives it. npm runs a script as `sh -c '<script>'` with npm_lifecycle_event set, and passes a
// SIGTERM on to that shell only: these tests stand a shell between themselves and the server as npm
// does, and end the shell.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** Server processes these tests started, ended after each test whatever happened. */
const servers: number[] = [];
afterEach(() => {
  for (const pid of servers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * `sh -c` running the server in its background and waiting for it, as npm's shell does; resolves
 * once the server listens, to the shell, the server's pid and its URL.
 */
async function serverUnderShell(env: NodeJS.ProcessEnv, options: string[] = []) {
  const script = `"$0" "$@" & echo "pid $!"; wait`;
  const args = [cli, '--port', '0', '--seed', 'none', '--quiet', ...options];
  const shell = spawn('/bin/sh', ['-c', script, process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  let out = '';
  shell.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await expect.poll(() => /listening on http/.test(out), { timeout: 30_000 }).toBe(true);
  const pid = Number(/pid (\d+)/.exec(out)?.[1]);
  servers.push(pid);
  const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
  return { shell, pid, url };
}

const answers = (url: string) =>
  fetch(`${url}/__admin/health`).then(
    (res) => res.ok,
    () => false,
  );

async function end(shell: ChildProcess): Promise<void> {
  const exited = once(shell, 'exit');
  shell.kill('SIGTERM');
  await exited;
}

it.each([
  { on: 'its own thread', options: [] },
  { on: 'the main thread', options: ['--no-tune'] },
])(
  'started by npm, the server ($on) stops when the shell npm ran it from ends',
  async ({ options }) => {
    const { shell, url } = await serverUnderShell({ ...process.env, npm_lifecycle_event: 'start' }, options);
    expect(await answers(url)).toBe(true);
    await end(shell);
    await expect.poll(() => answers(url), { timeout: 10_000 }).toBe(false);
  },
  60_000,
);

it('started otherwise, the server outlives its parent (as with nohup)', async () => {
  const env = { ...process.env };
  delete env.npm_lifecycle_event;
  const { shell, url } = await serverUnderShell(env);
  await end(shell);
  // Longer than the second within which a server started by npm notices its parent is gone.
  await sleep(2500);
  expect(await answers(url)).toBe(true);
}, 60_000);
