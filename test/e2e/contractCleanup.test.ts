// What a contract run leaves on a deployment: nothing, whatever shape of success its delete calls get;
// and when a delete fails, every id that may remain is printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy } from '../proxy.js';
import { held, runContract as contract } from './contractRun.js';

const KEY = 'cleanup-key';

describe('contract cleanup', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  // the tests of the delete operations check their answers; here only cleanup deletes
  const onlyCleanupDeletes = ['--only', 'pushProducts,upsertProductTypes', '--no-destructive'];

  it('takes a 204 to its deletes as done: every batch is sent and nothing is left', async () => {
    const proxy = await startProxy(server.url, (req, answer) =>
      req.method === 'DELETE' && answer.status === 200 ? { status: 204, headers: {}, body: '' } : undefined,
    );
    try {
      const { code, output } = await contract([
        ...['--base-url', `${proxy.url}/acme/cleanup-204`, '--api-key', KEY],
        ...onlyCleanupDeletes,
      ]);
      expect(output).not.toMatch(/cleanup failed/);
      expect(code).toBe(0);
      expect(await held(`${server.url}/acme/cleanup-204`, KEY)).toEqual({ products: [], types: [] });
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it('a delete answered 200 that removes nothing fails the run, which names every id that remains', async () => {
    // a gateway that drops a DELETE's body: the deployment answers 200 and deletes nothing
    const proxy = await startProxy(
      server.url,
      () => undefined,
      (req) =>
        req.method === 'DELETE'
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data":[]}' }
          : undefined,
    );
    const scope = `${server.url}/acme/cleanup-ignored`;
    try {
      const { code, output } = await contract([
        ...['--base-url', `${proxy.url}/acme/cleanup-ignored`, '--api-key', KEY, '--settle-ms', '200'],
        ...onlyCleanupDeletes,
      ]);
      const left = await held(scope, KEY);
      expect(left.products.length).toBeGreaterThan(0);
      expect(left.types.length).toBeGreaterThan(0);
      expect(output).toMatch(/cleanup failed; these may remain, delete them by hand:/);
      expect(output).toMatch(
        /DELETE \/products \(\d+ ids?\): answered 2xx, but GET \/products still lists (it|them) 200 ms later/,
      );
      expect(output).toMatch(
        /DELETE \/product-types \(\d+ ids?\): answered 2xx, but GET \/product-types still lists/,
      );
      const printed = new Set(output.match(/ct-[a-z0-9]+-[a-f0-9]+-[\w-]+/g));
      expect([...left.products, ...left.types].filter((id) => !printed.has(id))).toEqual([]);
      expect(code).toBe(1);
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it('a refused delete fails the run and prints every id it could not delete, in full', async () => {
    // the proxy forwards each delete, then answers 500: the ids its body named are the ones to print
    const refused: string[] = [];
    const proxy = await startProxy(server.url, (req) => {
      if (req.method !== 'DELETE') return undefined;
      refused.push(...(JSON.parse(req.body) as { data: string[] }).data);
      return { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"boom"}' };
    });
    try {
      const { code, output } = await contract([
        ...['--base-url', `${proxy.url}/acme/cleanup-500`, '--api-key', KEY],
        ...onlyCleanupDeletes,
      ]);
      expect(code).toBe(1);
      expect(output).toMatch(/cleanup failed; these may remain, delete them by hand:/);
      expect(output).toMatch(/DELETE \/products \(100 ids\): 500 \{"message":"boom"\}/);
      expect(output).toMatch(/DELETE \/product-types \(\d+ ids?\): 500/);
      // more than one batch of products, and product types: every one of them printed
      expect(refused.length).toBeGreaterThan(100);
      const printed = new Set(output.match(/ct-[a-z0-9]+-[a-f0-9]+-[\w-]+/g));
      expect(refused.filter((id) => !printed.has(id))).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
