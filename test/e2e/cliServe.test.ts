import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

import { cli, runCli } from './runCli.js';

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
      /listening on http:\/\/127\.0\.0\.1:\d+\n {2}serving: an empty catalog to every tenant and environment \(default region eu\); writes kept in memory; any token accepted\n {2}try: curl .*\n {2}dashboard: http:\/\/127\.0\.0\.1:\d+\/__admin\/ui\n {2}API reference: /,
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      'product-catalog-mock stopped; the writes it kept in memory are gone',
    );
  }, 90_000);

  it('serves on the main thread with --no-tune, and exits cleanly on SIGTERM', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none', '--no-tune'], async (url, stop) => {
      expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
      stop();
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\n/);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      'product-catalog-mock stopped; the writes it kept in memory are gone',
    );
  }, 90_000);

  it('serves under node --inspect (on the main thread then: test/cli/tuning.test.ts)', async () => {
    const result = await runCli(
      ['--port', '0', '--seed', 'none'],
      async (url, stop) => {
        expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
        stop();
      },
      ['--inspect=127.0.0.1:0'],
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/Debugger listening on ws:\/\/127\.0\.0\.1:\d+/);
  }, 90_000);

  it('reports a start-up failure of the server thread and exits with 1', async () => {
    const result = await runCli(['--port', '0', '--seed', 'no-such-dataset']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^product-catalog-mock: Unknown seed "no-such-dataset"/);
  }, 90_000);

  it('refuses a --data path in a directory that does not exist, naming it, with exit code 1', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none', '--data', '/no-such-dir/catalog.json']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /--data \/no-such-dir\/catalog.json: the directory \/no-such-dir does not exist/,
    );
  }, 90_000);

  it.skipIf(!existsSync('/proc/self'))(
    'refuses a --data path in a directory where no file can be created, naming the path and why',
    async () => {
      // /proc passes a check of its permissions for root, then refuses every new file
      const result = await runCli(['--port', '0', '--seed', 'none', '--data', '/proc/x.json']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^product-catalog-mock: --data \/proc\/x\.json: (no file can be created in \/proc \(\w+: [^)]+\); name a file in a directory where files can be written|the directory \/proc is not writable)\n$/,
      );
    },
    30_000,
  );

  it('refuses an empty --data (an unset variable) rather than keep the data in memory only', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none', '--data', '']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/option '--data <file>' argument '' is invalid\. names no file/);
    expect(result.stdout).not.toMatch(/listening/);
  }, 90_000);

  it('refuses a second server on a --data file another one serves, and releases the file on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pcm-two-'));
    const file = join(dir, 'catalog.json');
    const args = ['--port', '0', '--seed', 'none', '--quiet', '--data', file];
    try {
      const first = await runCli(args, async (url, stop) => {
        const second = await runCli(args);
        expect(second.code).toBe(1);
        expect(second.stderr).toMatch(`--data ${file} is in use by another server, process `);
        expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
        stop();
      });
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(`; writes kept in ${file}; any token accepted\n`);
      expect(first.stdout.trimEnd().split('\n').at(-1)).toBe(
        `product-catalog-mock stopped; every write it answered is on disk (${file}.journal-*, and ${file} once compacted): --data ${file} serves them again`,
      );
      expect(existsSync(`${file}.lock`)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses an unknown --region before it builds the seed', async () => {
    // A seed file that is not there would be the first complaint if the seed came first; a large
    // seed would have been generated in full (minutes at 1,000,000 products) before the refusal.
    const result = await runCli(['--port', '0', '--seed', '/no-such-dir/seed.json', '--region', 'xx']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'product-catalog-mock: Unknown region "xx"; allowed regions: eu, us, in, au, uae\n',
    );
  }, 90_000);

  it('takes --region in any case, as a URL path does: US is us', async () => {
    const result = await runCli(['--port', '0', '--seed', 'none', '--region', 'US'], async (url, stop) => {
      const health = (await (await fetch(`${url}/__admin/health`)).json()) as { data: { region: string } };
      expect(health.data.region).toBe('us');
      const pushed = await fetch(`${url}/acme/dev/product-types`, {
        method: 'POST',
        headers: { 'x-api-key': 'dev', 'content-type': 'application/json' },
        body: JSON.stringify({ data: [{ productTypeId: 'shoes' }] }),
      });
      expect(pushed.status).toBe(200);
      // the scope of the prefix without a region is the one /regions/us/... (and /regions/US/...) reaches
      const read = await fetch(`${url}/regions/US/products/v1/tenants/acme/dev/product-types?ids=shoes`, {
        headers: { 'x-api-key': 'dev' },
      });
      expect(((await read.json()) as { data: unknown[] }).data).toHaveLength(1);
      stop();
    });
    expect(result.code).toBe(0);
  }, 90_000);

  it('ends at once on a signal that comes before the server listens', async () => {
    const child = spawn(process.execPath, [cli, '--port', '0', '--seed', '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    // Long before 20,000 products are generated. What it says then: the terminal test below, which
    // waits for the progress bar (before it, node may not have started its own listeners yet).
    setTimeout(() => child.kill('SIGTERM'), 200);
    const [, signal] = await exited;
    expect(signal).toBe('SIGTERM');
    expect(stdout).not.toMatch(/listening/);
  }, 90_000);

  it('prints its version', async () => {
    const result = await runCli(['--version']);
    const { version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  }, 90_000);

  it('in strict mode the banner example names a tenant the first key may read, and no key', async () => {
    const result = await runCli(
      ['--port', '0', '--seed', 'none', '--api-key', 'k1=shop1,shop2'],
      async (url, stop) => {
        const res = await fetch(`${url}/shop1/dev/products`, { headers: { 'x-api-key': 'k1' } });
        expect(res.status).toBe(200);
        stop();
      },
    );
    expect(result.stdout).toMatch(
      /try: curl -H 'x-api-key: <key \*\*\*\*>' http:\/\/127\.0\.0\.1:\d+\/shop1\/dev\/products\n/,
    );
    expect(result.stdout).not.toContain('k1');
  }, 90_000);

  it('answers the names --allowed-host gives and the origins --cors-origin gives, and refuses values no request could match', async () => {
    /** The status and CORS origin of GET /__admin/health sent with these headers. */
    const ask = (url: string, headers: Record<string, string>) =>
      new Promise<[number | undefined, unknown]>((resolve, reject) => {
        request(`${url}/__admin/health`, { headers }, (res) => {
          res.resume();
          resolve([res.statusCode, res.headers['access-control-allow-origin']]);
        })
          .on('error', reject)
          .end();
      });
    await runCli(
      [
        '--port',
        '0',
        '--seed',
        'none',
        '--allowed-host',
        'mock.lan',
        '--cors-origin',
        'https://app.example.test',
      ],
      async (url, stop) => {
        expect(await ask(url, { host: 'mock.lan:4010' })).toEqual([200, undefined]);
        expect(await ask(url, { host: 'rebound.example' })).toEqual([403, undefined]);
        expect(await ask(url, { origin: 'https://app.example.test' })).toEqual([
          200,
          'https://app.example.test',
        ]);
        expect(await ask(url, { origin: 'https://other.example' })).toEqual([403, undefined]);
        stop();
      },
    );
    const refused = await runCli(['--port', '0', '--cors-origin', 'app.example.test']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"app.example.test" is not an origin');
  }, 90_000);

  it('takes keys from --api-key-file and PRODUCT_CATALOG_MOCK_API_KEYS, out of sight of ps', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cli-keys-'));
    const file = join(dir, 'keys');
    await writeFile(file, '# keys\nfile-secret-key-0001=shop1\n');
    try {
      const result = await runCli(
        ['--port', '0', '--seed', 'none', '--api-key-file', file],
        async (url, stop) => {
          const fromFile = await fetch(`${url}/shop1/dev/products`, {
            headers: { 'x-api-key': 'file-secret-key-0001' },
          });
          const fromEnv = await fetch(`${url}/shop1/dev/products`, {
            headers: { 'x-api-key': 'env-secret-key-0002' },
          });
          const other = await fetch(`${url}/shop1/dev/products`, { headers: { 'x-api-key': 'dev' } });
          expect([fromFile.status, fromEnv.status, other.status]).toEqual([200, 200, 401]);
          stop();
        },
        [],
        { ...process.env, PRODUCT_CATALOG_MOCK_API_KEYS: 'env-secret-key-0002' },
      );
      expect(result.stdout).toContain('only its 2 keys accepted');
      expect(result.stdout).not.toContain('secret-key');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
