// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../src/server.js';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const run = promisify(execFile);
const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');
/** The command's options must decide the target, not CONTRACT_* variables of the surrounding run. */
const withoutContractEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONTRACT_')));

describe('product-catalog-mock contract', () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: ['staging-key'] });
    dir = await mkdtemp(join(tmpdir(), 'pcm-contract-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  // the three URL prefixes of behaviour.md section 1, each a separate scope of the server
  const prefixes = ['/regions/us/products/v1/tenants/acme/staging', '/api/tenants/acme/qa', '/acme/dev'];

  it.each(prefixes)(
    'passes against a conforming server under %s, reports JUnit, and cleans up after itself',
    async (prefix) => {
      const base = `${server.url}${prefix}`;
      const junit = join(dir, `report-${prefixes.indexOf(prefix)}.xml`);
      await run(
        process.execPath,
        [cli, 'contract', '--base-url', base, '--api-key', 'staging-key', '--junit', junit],
        {
          env: withoutContractEnv(),
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const report = await readFile(junit, 'utf8');
      const tests = Number(/<testsuites[^>]*tests="(\d+)"/.exec(report)?.[1]);
      expect(tests).toBeGreaterThan(100);
      expect(report).toMatch(/<testsuites[^>]*failures="0"/);

      const headers = { 'x-api-key': 'staging-key' };
      const products = await (await fetch(`${base}/products?limit=1`, { headers })).json();
      expect(products.data.count).toBe(0);
      const types = await (await fetch(`${base}/product-types`, { headers })).json();
      expect(types.data).toEqual([]);
    },
    240_000,
  );

  it('fails when the target does not answer as the document says', async () => {
    // a tenant id the path pattern rejects: every call answers 400, which the suite must not accept
    const base = `${server.url}/bad%20tenant/staging`;
    await expect(
      run(process.execPath, [cli, 'contract', '--base-url', base, '--api-key', 'staging-key', '--readonly'], {
        env: withoutContractEnv(),
        maxBuffer: 64 * 1024 * 1024,
      }),
    ).rejects.toMatchObject({ code: 1 });
  }, 240_000);
});
