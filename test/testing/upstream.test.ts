// The testing handle over a mock whose scopes read what they lack from a deployment (docs/upstream.md):
// here the deployment is a second handle's mock, seeded, that only the upstream key may read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogMock } from '../../src/testing/index.js';
import type { CatalogMock } from '../../src/testing/types.js';

let deployment: CatalogMock;
let mock: CatalogMock;

beforeAll(async () => {
  deployment = await startCatalogMock({ seed: 'demo', apiKeys: ['upstream-key'], token: 'upstream-key' });
  mock = await startCatalogMock({ upstream: { url: deployment.url, apiKey: 'upstream-key', fill: false } });
});
afterAll(async () => {
  await mock?.stop();
  await deployment?.stop();
});

describe('startCatalogMock with upstream', () => {
  it('answers a product the scope lacks from the deployment, and keeps a write to itself', async () => {
    const scope = mock.scope('acme');
    const there = deployment.scope('acme');
    const read = await scope.fetch('/products/FA-00001');
    expect(read.status).toBe(200);
    expect(read.headers.get('x-mock-source')).toBe('upstream');
    const fromDeployment = await there.fetch('/products/FA-00001');
    expect((await read.json()).data).toEqual((await fromDeployment.json()).data);

    const patched = await scope.fetch('/products', {
      method: 'PATCH',
      body: { data: [{ productGroupId: 'FA-00001', sortName: 'mine' }] },
    });
    expect(patched.status).toBe(200);
    const again = await scope.fetch('/products/FA-00001');
    expect(again.headers.get('x-mock-source')).toBe('mock');
    expect((await again.json()).data.sortName).toBe('mine');
    const unchanged = await (await there.fetch('/products/FA-00001')).json();
    expect(unchanged.data.sortName).not.toBe('mine');

    // the deployment was only read, and the scope's journal says which answer came from it
    await there.expectRequest({ method: 'PATCH' }).times(0);
    const journal = await scope.requests({ operationId: 'getProduct' });
    expect(journal.length).toBe(2);
  });
});
