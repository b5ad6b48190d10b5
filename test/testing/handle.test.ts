// One test file for the testing kit's handle (docs/testing.md), run twice: against a mock on a port
// (startCatalogMock) and through msw handlers without one (createCatalogMockHandlers). What a test
// written against the handle sees must not depend on which it is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { startCatalogMock } from '../../src/testing/index.js';
import { createCatalogMockHandlers } from '../../src/msw/index.js';
import type { CatalogMock } from '../../src/testing/types.js';

const seed = { products: [{ productGroupId: 'seeded' }], productTypes: [] };

interface Started {
  mock: CatalogMock;
  close(): Promise<void>;
}

const transports: [string, () => Promise<Started>][] = [
  [
    'over HTTP (startCatalogMock)',
    async () => {
      const mock = await startCatalogMock({ seed });
      return { mock, close: () => mock.stop() };
    },
  ],
  [
    'over msw (createCatalogMockHandlers)',
    async () => {
      const mock = createCatalogMockHandlers({ seed });
      const server = setupServer(...mock.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      return {
        mock,
        close: async () => {
          server.close();
          await mock.stop();
        },
      };
    },
  ],
];

const ids = async (res: Response): Promise<string[]> => {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { list: { productGroupId: string }[] } };
  return body.data.list.map((p) => p.productGroupId);
};
const push = (id: string, extra: object = {}) => ({ data: [{ productGroupId: id, ...extra }] });

describe.each(transports)('the testing handle %s', (_name, start) => {
  let started: Started;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(async () => {
    await started.close();
  });
  const mock = () => started.mock;

  it('gives each scope its URLs, and a fetch with a token that sends a body as JSON', async () => {
    const scope = mock().scope('kit-urls');
    expect(scope.baseUrl).toBe(`${mock().url}/kit-urls/test`);
    expect(scope.apiBaseUrl).toBe(`${mock().url}/api/tenants/kit-urls/test`);
    expect(scope.regionBaseUrl).toBe(`${mock().url}/regions/eu/products/v1/tenants/kit-urls/test`);
    expect((await scope.fetch('/products-push', { method: 'POST', body: push('p1') })).status).toBe(200);
    expect(await ids(await scope.fetch('/products'))).toEqual(['p1', 'seeded']);
    expect(await ids(await fetch(`${scope.apiBaseUrl}/products`, { headers: { 'x-api-key': 'k' } }))).toEqual(
      ['p1', 'seeded'],
    );
    expect(await ids(await scope.fetch(`${scope.regionBaseUrl}/products`))).toEqual(['p1', 'seeded']);
  });

  it('keeps scopes apart: a fresh scope starts from the seed, and a reset touches only its own', async () => {
    const a = mock().scope();
    const b = mock().scope();
    expect(a.tenant).not.toBe(b.tenant);
    await a.fetch('/products-push', { method: 'POST', body: push('a1') });
    await b.fetch('/products-push', { method: 'POST', body: push('b1') });
    expect(await ids(await b.fetch('/products'))).toEqual(['b1', 'seeded']);
    await a.reset();
    expect(await ids(await a.fetch('/products'))).toEqual(['seeded']);
    expect(await ids(await b.fetch('/products'))).toEqual(['b1', 'seeded']);
    // The scope's journal starts over with the reset: only the read after it.
    expect((await a.requests()).map((e) => e.operationId)).toEqual(['listProducts']);
    expect(await b.requests()).toHaveLength(3);
  });

  it('saves and restores named snapshots of a scope', async () => {
    const scope = mock().scope();
    await scope.fetch('/products-push', { method: 'POST', body: push('p1') });
    expect(await scope.snapshot('one')).toEqual({ name: 'one', savedAt: expect.any(String) });
    await scope.fetch('/products-push', { method: 'POST', body: push('p2') });
    await scope.fetch('/products', { method: 'DELETE', body: { data: ['seeded'] } });
    expect(await ids(await scope.fetch('/products'))).toEqual(['p1', 'p2']);
    await scope.restore('one');
    expect(await ids(await scope.fetch('/products'))).toEqual(['p1', 'seeded']);
    expect((await scope.snapshots()).map((s) => s.name)).toEqual(['one']);
    await scope.deleteSnapshot('one');
    // over HTTP and in-process alike: the request it stands for, its status and the mock's message
    await expect(scope.restore('one')).rejects.toThrow(
      /^POST \/__admin\/scopes\/eu\/t\d+-\w+\/test\/snapshots\/one\/restore: 404 No snapshot "one" of scope eu\/t\d+-\w+\/test; it has none/,
    );
  });

  it('filters the journal by operation, query and body, and asserts with expectRequest', async () => {
    const scope = mock().scope();
    await scope.fetch('/products-push', {
      method: 'POST',
      body: push('p1', { productName: [{ isoLanguageId: 'en', productName: 'Shoe' }] }),
    });
    await scope.fetch('/products?limit=1&sort=productGroupId');
    await mock()
      .scope()
      .fetch('/products-push', { method: 'POST', body: push('elsewhere') });

    const pushes = await scope.requests({ operationId: 'pushProducts' });
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      method: 'POST',
      status: 200,
      path: `/${scope.tenant}/test/products-push`,
    });
    expect(await scope.requests({ query: { limit: '1' } })).toHaveLength(1);
    expect(await scope.requests({ body: { data: [{ productName: [{ productName: 'Boot' }] }] } })).toEqual(
      [],
    );

    await scope
      .expectRequest({ operationId: 'pushProducts', body: { data: [{ productGroupId: 'p1' }] } })
      .once();
    await scope.expectRequest({ method: 'GET', query: { sort: 'productGroupId' } }).times(1);
    await scope.expectRequest({ operationId: 'deleteProducts' }).never();
    const wrong = scope
      .expectRequest({ operationId: 'pushProducts', body: { data: [{ productGroupId: 'p2' }] } })
      .once();
    await expect(wrong).rejects.toThrow(
      [
        `Expected 1 request to scope eu/${scope.tenant}/test matching {"operationId":"pushProducts","body":{"data":[{"productGroupId":"p2"}]}}, found 0.`,
        'The journal of this scope holds 2 requests, oldest first (✓ matches, ✗ does not, and why):',
        `  ✗ POST /${scope.tenant}/test/products-push → 200 pushProducts`,
        '      body: {"data":[{"productGroupId":"p1","productName":[{"isoLanguageId":"en","productName":"Shoe"}]}]}',
        '      body: expected {"data":[{"productGroupId":"p2"}]}, was {"data":[{"productGroupId":"p1","productName":[{"isoLanguageId":"en","productName":"Shoe"}]}]}',
        `  ✗ GET /${scope.tenant}/test/products?limit=1&sort=productGroupId → 200 listProducts`,
        '      operationId: expected "pushProducts", was "listProducts"',
        '      body: expected {"data":[{"productGroupId":"p2"}]}, was undefined',
      ].join('\n'),
    );
  });

  it('fails a scope with its fault rules, and no other', async () => {
    const scope = mock().scope();
    const other = mock().scope();
    const rule = await scope.faults.add({ operationId: 'listProducts', status: 503, times: 1 });
    expect(rule).toMatchObject({ tenantId: scope.tenant, environment: 'test', region: 'eu', status: 503 });
    expect((await other.fetch('/products')).status).toBe(200);
    expect((await scope.fetch('/products')).status).toBe(503);
    expect((await scope.fetch('/products')).status).toBe(200);
    expect(await scope.faults.list()).toHaveLength(1);
    expect(await scope.faults.clear()).toBe(1);
    await expect(scope.faults.add({ operationId: 'nope', status: 500 })).rejects.toThrow(
      /operationId "nope" is not an API operation/,
    );
  });

  it('answers a stub rule for edge cases, marked stubbed in the journal; a Prefer failure wins over it', async () => {
    const scope = mock().scope();
    await scope.stub({
      operationId: 'getProduct',
      status: 200,
      body: { data: { productGroupId: 'x', variants: [] } },
    });
    const res = await scope.fetch('/products/x');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { productGroupId: 'x', variants: [] } });
    expect((await scope.fetch('/products/x', { headers: { Prefer: 'code=503' } })).status).toBe(503);
    await scope.expectRequest({ operationId: 'getProduct', stubbed: true }).once();
    await scope.expectRequest({ operationId: 'getProduct', status: 503, stubbed: false }).once();
    expect(await scope.clearStubs()).toBe(1);
    expect((await scope.fetch('/products/x')).status).toBe(404);
  });
});

describe('the msw handlers with journalPerScope', () => {
  it('keep that many journal entries of each scope, as the server does, and refuse a value out of range by name', async () => {
    const mock = createCatalogMockHandlers({ seed, journalPerScope: 2 });
    const server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const busy = mock.scope();
      const quiet = mock.scope();
      await quiet.fetch('/products?limit=1');
      for (const limit of [2, 3, 4]) await busy.fetch(`/products?limit=${limit}`);
      // The busy scope forgets its own oldest entry; the quiet scope keeps its one.
      expect((await busy.requests()).map((entry) => entry.query)).toEqual([{ limit: '4' }, { limit: '3' }]);
      expect((await quiet.requests()).map((entry) => entry.query)).toEqual([{ limit: '1' }]);
    } finally {
      server.close();
      await mock.stop();
    }
    expect(() => createCatalogMockHandlers({ journalPerScope: 0 })).toThrow(
      'journalPerScope must be a whole number of entries from 1 to 1000',
    );
  });
});
