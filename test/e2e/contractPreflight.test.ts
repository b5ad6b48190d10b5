// A misconfigured contract run ends before any test: a short explanation and exit code 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { startServer, type RunningServer } from '../../src/server.js';
import { runContract as contract, withFault } from './contractRun.js';

/** A port on 127.0.0.1 that nothing listens on: opened, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise<void>((ok) => server.close(() => ok()));
  return port;
}

const lines = (text: string) => text.trimEnd().split('\n').length;

describe('contract preflight', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      apiKeys: ['staging-key'],
      seed: { products: [], productTypes: [] },
    });
  });
  afterAll(() => server.close());

  it('a refused token: exit 2, says the token was refused, in a few lines', async () => {
    const { code, output } = await contract(['--base-url', `${server.url}/acme/dev`, '--api-key', 'wrong']);
    expect(code).toBe(2);
    expect(output).toMatch(/token was refused/);
    expect(output).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/acme\/dev\/products/);
    expect(output).not.toMatch(/wrong/); // the token itself is never printed
    expect(output).not.toMatch(/cleanup|by hand/i);
    expect(lines(output)).toBeLessThan(30);
  }, 60_000);

  it('a rate limit: waited for as its Retry-After asks; still limited after five tries, exit 2 saying so', async () => {
    const limit = { operationId: 'listProducts', tenantId: 'busy', status: 429, retryAfter: 0 };
    const url = `${server.url}/busy/dev`;
    await withFault(server.url, 'staging-key', { ...limit, times: 1 }, async () => {
      // --only a read of product types: the preflight is the only list query sent
      const waited = await contract([
        '--base-url',
        url,
        '--api-key',
        'staging-key',
        '--only',
        'listProductTypes',
      ]);
      expect(waited.output).toContain(
        `contract: GET ${url}/products?limit=1&select=productGroupId answered 429 (Retry-After: 0); asking again in 0.0 s (try 2 of 5)`,
      );
      expect(waited.code).toBe(0);
    });
    await withFault(server.url, 'staging-key', limit, async () => {
      const busy = await contract(['--base-url', url, '--api-key', 'staging-key']);
      expect(busy.code).toBe(2);
      expect(busy.output).toMatch(/answered 429 5 times in a row; the deployment is busy: try again later/);
      expect(lines(busy.output)).toBeLessThan(30);
    });
  }, 60_000);

  it('an unreachable URL: exit 2, says nothing answered, in a few lines', async () => {
    const port = await closedPort();
    const { code, output } = await contract([
      '--base-url',
      `http://127.0.0.1:${port}/acme/dev`,
      '--api-key',
      'k',
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(/got: +nothing: .*ECONNREFUSED|got: +nothing: .*refused/i);
    expect(output).toMatch(/running and reachable/);
    expect(lines(output)).toBeLessThan(30);
  }, 60_000);

  it.each([
    ['no path at all', ''],
    ['a prefix without tenant and environment', '/api/tenants'],
    ['a tenant without environment', '/regions/eu/products/v1/tenants/acme'],
  ])(
    'a base URL with %s: exit 2, shows the accepted shapes',
    async (_what, path) => {
      const { code, output } = await contract([
        '--base-url',
        `${server.url}${path}`,
        '--api-key',
        'staging-key',
      ]);
      expect(code).toBe(2);
      expect(output).toMatch(/must end in \/\{tenantId\}\/\{environment\}/);
      expect(output).toMatch(/\/api\/tenants\/\{tenantId\}\/\{environment\}/);
      expect(lines(output)).toBeLessThan(30);
    },
    60_000,
  );

  it('a path the service does not know (404): exit 2 with the accepted shapes', async () => {
    const { code, output } = await contract([
      '--base-url',
      `${server.url}/some/where/else`,
      '--api-key',
      'staging-key',
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(/got: +404/);
    expect(output).toMatch(/No catalog answers at this base URL/);
    expect(lines(output)).toBeLessThan(30);
  }, 60_000);

  it('a tenant the service refuses (400): exit 2', async () => {
    const { code, output } = await contract([
      '--base-url',
      `${server.url}/bad%20tenant/staging`,
      '--api-key',
      'staging-key',
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(/refused the tenant or environment/);
    expect(lines(output)).toBeLessThan(30);
  }, 60_000);

  it('--only or --skip naming no operation and no tier: exit 2, naming the valid ones', async () => {
    const suite = await contract([
      '--base-url',
      `${server.url}/acme/dev`,
      '--api-key',
      'staging-key',
      '--only',
      'listProducts,bogusOp',
    ]);
    expect(suite.code).toBe(2);
    expect(suite.output).toMatch(
      /--only bogusOp: not an operationId of openapi\.yaml nor a tier, so nothing would run/,
    );
    expect(suite.output).toMatch(/Tiers: spec, mock choice, published\./);
    expect(suite.output).toMatch(/operationIds: listProducts, .*getProduct/);
    // the generated checks have no tiers: a tier names nothing there
    const generated = await contract(['--generated', '--skip', 'published', '--examples', '1']);
    expect(generated.code).toBe(2);
    expect(generated.output).toMatch(
      /--skip published: not an operationId of openapi\.yaml, so nothing would run/,
    );
  }, 60_000);
});
