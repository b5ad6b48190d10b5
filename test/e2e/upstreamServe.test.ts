// `serve --upstream` through the built command line (docs/upstream.md): the key from a file or the
// environment, read on the server's thread, in no output; the banner says what is proxied where.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';
import { runCli } from './runCli.js';

const KEY = 'cli-upstream-key-41f9';

describe('serve --upstream', () => {
  let seed: SeedData;
  let dep: RunningServer;
  let dir: string;
  const seen: string[] = [];

  beforeAll(async () => {
    seed = await resolveSeed('demo');
    dep = await startServer({ port: 0, seed, apiKeys: [KEY] });
    dep.server.on('request', (req: { method?: string; url?: string }) =>
      seen.push(`${req.method} ${req.url}`),
    );
    dir = await mkdtemp(join(tmpdir(), 'upstream-cli-'));
  });
  afterAll(async () => {
    await dep?.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const via of ['file', 'environment'] as const) {
    it(`reads through with the key from the ${via}, which no output shows`, async () => {
      const keyFile = join(dir, 'key');
      await writeFile(keyFile, `${KEY}\n`);
      const record = join(dir, `session-${via}.json`);
      const args = [
        'serve',
        '--port',
        '0',
        '--seed',
        'none',
        '--upstream',
        dep.url,
        '--upstream-record',
        record,
      ];
      if (via === 'file') args.push('--upstream-api-key-file', keyFile);
      const env = {
        ...process.env,
        ...(via === 'environment' && { PRODUCT_CATALOG_MOCK_UPSTREAM_API_KEY: KEY }),
      };
      const id = seed.products[0]!.productGroupId;
      let answer: unknown;
      let source: string | null = null;
      let patched = 0;
      const run = await runCli(
        args,
        async (url, stop) => {
          const res = await fetch(`${url}/acme/dev/products/${encodeURIComponent(id)}`, {
            headers: { 'x-api-key': 'dev' },
          });
          source = res.headers.get('x-mock-source');
          answer = await res.json();
          const patch = await fetch(`${url}/acme/dev/products`, {
            method: 'PATCH',
            headers: { 'x-api-key': 'dev', 'content-type': 'application/json' },
            body: JSON.stringify({ data: [{ productGroupId: id, sortName: 'local' }] }),
          });
          patched = patch.status;
          const journal = await (
            await fetch(`${url}/__admin/requests`, { headers: { 'x-api-key': 'dev' } })
          ).text();
          expect(journal).not.toContain(KEY);
          stop();
        },
        [],
        env,
      );
      expect(source).toBe('upstream');
      expect(answer).toEqual(
        await (
          await fetch(`${dep.url}/acme/dev/products/${encodeURIComponent(id)}`, {
            headers: { 'x-api-key': KEY },
          })
        ).json(),
      );
      expect(patched).toBe(200);
      // Written by the time the server stopped: the product as fetched, not as patched.
      const recorded = await readFile(record, 'utf8');
      expect(recorded).toContain(JSON.stringify(id));
      expect(recorded).not.toContain('"local"');
      const output = run.stdout + run.stderr;
      expect(output).toContain(`upstream: reads of what the mock does not hold come from ${dep.url}`);
      expect(output).toContain(
        via === 'file' ? `the key of ${keyFile}` : 'the key of PRODUCT_CATALOG_MOCK_UPSTREAM_API_KEY',
      );
      expect(output).toContain('(from upstream)');
      expect(output).not.toContain(KEY);
      expect(seen.every((line) => line.startsWith('GET ') || line.startsWith('HEAD '))).toBe(true);
    });
  }

  it('refuses an upstream option without --upstream, before it starts', async () => {
    const run = await runCli([
      'serve',
      '--port',
      '0',
      '--seed',
      'none',
      '--upstream-record',
      join(dir, 'x.json'),
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--upstream-record needs --upstream URL: give it too');
  });
});
