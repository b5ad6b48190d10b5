// `product-catalog-mock drift` as a user runs it: the built command line, its exit codes and files,
// and Ctrl-C during --write, after which nothing the run pushed remains on the deployment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { startProxy } from '../proxy.js';
import { cli } from './runCli.js';

const KEY = 'drift-e2e-key';

function drift(args: string[]) {
  const child = spawn(process.execPath, [cli, 'drift', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let [stdout, stderr] = ['', ''];
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = (once(child, 'exit') as Promise<[number | null]>).then(([code]) => ({ code, stdout, stderr }));
  return { child, done };
}

describe('drift (built CLI)', () => {
  let deployment: RunningServer;
  let dir: string;
  beforeAll(async () => {
    deployment = await startServer({ port: 0, apiKeys: [KEY], seed: await resolveSeed('demo') });
    dir = await mkdtemp(join(tmpdir(), 'pcm-drift-e2e-'));
  });
  afterAll(async () => {
    await deployment.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('exits 0 against an unmodified mock, with the summary and both files', async () => {
    const out = join(dir, 'same');
    const run = await drift(['--base-url', `${deployment.url}/acme/dev/`, '--api-key', KEY, '--out', out])
      .done;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^drift: \d+ requests sent to .*\/acme\/dev and to the mock, on 200 recorded products/,
    );
    const report = JSON.parse(await readFile(join(out, 'drift.json'), 'utf8')) as { differences: unknown[] };
    expect(report.differences).toEqual([]);
    await expect(readFile(join(out, 'drift.html'), 'utf8')).resolves.toContain(
      '<h1>Drift: no difference</h1>',
    );
  });

  it('exits 2 with the preflight explanation when the token is refused', async () => {
    const run = await drift([
      '--base-url',
      `${deployment.url}/acme/dev`,
      '--api-key',
      'wrong',
      '--out',
      join(dir, 'refused'),
    ]).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/drift: the target is not ready for a drift report/);
    expect(run.stderr).toMatch(/The token was refused/);
  });

  it('exits 2 when --limit is given with --write, sending nothing', async () => {
    const run = await drift([
      '--base-url',
      `${deployment.url}/acme/dev`,
      '--api-key',
      KEY,
      '--write',
      '--limit',
      '5',
    ]).done;
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--write records nothing/);
  });

  it('stopped by Ctrl-C during --write, exits 130 and deletes what it pushed', async () => {
    let reached!: () => void;
    const atWrite = new Promise<void>((ok) => (reached = ok));
    let release!: () => void;
    const held = new Promise<undefined>((ok) => (release = () => ok(undefined)));
    // the first write after the pushes is held until the run has been told to stop
    const proxy = await startProxy(deployment.url, (req) => {
      if (req.method !== 'PATCH') return undefined;
      reached();
      return held;
    });
    try {
      const scope = `${proxy.url}/acme/drift-stop`;
      const run = drift(['--base-url', scope, '--api-key', KEY, '--write', '--out', join(dir, 'stopped')]);
      await atWrite;
      run.child.kill('SIGINT');
      release();
      const result = await run.done;
      expect(result.code).toBe(130);
      expect(result.stderr).toContain('drift: interrupted; no report was written.');
      const headers = { 'x-api-key': KEY };
      const types = (await (
        await fetch(`${deployment.url}/acme/drift-stop/product-types`, { headers })
      ).json()) as {
        data: { productTypeId: string }[];
      };
      expect(types.data.filter((t) => t.productTypeId.startsWith('ct-'))).toEqual([]);
      const products = (await (
        await fetch(
          `${deployment.url}/acme/drift-stop/products?filter=${encodeURIComponent('{"startsWith":["productGroupId","ct-"]}')}`,
          { headers },
        )
      ).json()) as { data: { count: number } };
      expect(products.data.count).toBe(0);
    } finally {
      release();
      await proxy.close();
    }
  });
});
