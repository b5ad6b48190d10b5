import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/packageRoot.js';

const cli = join(packageRoot, 'dist', 'src', 'cli.js');

/** Runs the built CLI; `ready` is called with the URL once it listens, and must stop it. */
async function runCli(args: string[], ready?: (url: string, stop: () => void) => Promise<void>) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const listening = new Promise<string>((resolve) =>
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    }),
  );
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    if (ready) await ready(await listening, () => child.kill('SIGTERM'));
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const [code, signal] = await exited;
  return { code, signal, stdout, stderr, child };
}

describe('product-catalog-mock serve (the server on its own thread)', () => {
  it('serves, prints where, and exits cleanly on SIGTERM', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none'], async (url, stop) => {
      const res = await fetch(`${url}/__admin/health`);
      expect(res.status).toBe(200);
      expect((await res.json()).data.status).toBe('ok');
      stop();
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /listening on http:\/\/127\.0\.0\.1:\d+\n {2}try: curl .*\n {2}API reference: /,
    );
  }, 30_000);

  it('reports a start-up failure of the server thread and exits with 1', async () => {
    const result = await runCli(['--port', '0', '--seed', 'no-such-dataset']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^product-catalog-mock: Unknown seed "no-such-dataset"/);
  }, 30_000);

  it('refuses a --data path in a directory that does not exist, naming it, with exit code 1', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none', '--data', '/no-such-dir/catalog.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /--data \/no-such-dir\/catalog.json: the directory \/no-such-dir does not exist/,
    );
  }, 30_000);

  it('ends at once on a signal that comes before the server listens', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--seed', '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    // Long before 20,000 products are generated.
    setTimeout(() => child.kill('SIGTERM'), 200);
    const [, signal] = await exited;
    expect(signal).toBe('SIGTERM');
    expect(stdout).not.toMatch(/listening/);
  }, 30_000);
});
