// A test without a tag says the specification is broken when it fails. A deployment that meets the
// specification and decides otherwise where it shows nothing (error statuses, what a write answers)
// must pass every such test, and fail only [mock choice] ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/seed/index.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy, type Answer, type Exchange } from '../proxy.js';
import { runContract as contract } from './contractRun.js';

const KEY = 'tiers-key';

/** Other statuses for what the spec shows no status for: each one openapi.yaml documents. */
const OTHER_STATUS: Record<number, number> = { 401: 403, 404: 400, 400: 403 };

function otherChoices(req: Exchange, answer: Answer): Answer | undefined {
  const url = new URL(req.url, 'http://x');
  const status = OTHER_STATUS[answer.status];
  if (status !== undefined) {
    const body = JSON.parse(answer.body) as { status?: number };
    return { ...answer, status, body: JSON.stringify({ ...body, status }) };
  }
  // the answers of pushes and product updates: the spec shows none
  if (
    answer.status === 200 &&
    ((req.method === 'POST' && /\/products(-push|\/push)$/.test(url.pathname)) ||
      (req.method === 'PATCH' && url.pathname.endsWith('/products')))
  )
    return { ...answer, body: '{"data":[]}' };
  return undefined;
}

describe('contract tiers', () => {
  let server: RunningServer;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
    proxy = await startProxy(server.url, otherChoices);
  });
  afterAll(async () => {
    await proxy.close();
    await server.close();
  });

  const run = (scope: string, only: string) =>
    contract([
      ...['--base-url', `${proxy.url}/acme/${scope}`, '--api-key', KEY],
      ...['--settle-ms', '300', '--only', only],
    ]);

  it('a deployment that decides otherwise where the spec shows nothing passes every untagged test', async () => {
    const { code, output } = await run('spec', 'spec');
    expect(output).toMatch(/Tests: 0 failed, [1-9]\d* passed/);
    expect(code).toBe(0);
  }, 240_000);

  it('and fails [mock choice] tests: the proxy does decide otherwise', async () => {
    // the operations of the two [mock choice] tests below: the whole tier takes three times as long
    const { code, output } = await run('choices', 'listProducts,pushProducts');
    expect(output).toMatch(
      /FAIL \w+ \[mock choice\] errors\.test\.ts > authentication > \[mock choice\] GET \/products without a token is a 401/,
    );
    expect(output).toMatch(
      /FAIL \w+ \[mock choice\] productWrites\.test\.ts > .*answers status 201 for a created product/,
    );
    expect(code).toBe(1);
  }, 240_000);
});

describe('the bounds of a read by id, on the demo dataset the examples of openapi.yaml name', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: generateDataset('demo') });
  });
  afterAll(() => server.close());

  it('pass against the mock: a filter at its bound leaves a product that exists found', async () => {
    // GET /products/FA-00001 is answered 200 there; a filter of 256 operators or 1000 values that
    // matched no product made it a 404, and the suite failed the mock it describes.
    const { code, output } = await contract([
      ...['--base-url', `${server.url}/acme/demo`, '--api-key', KEY],
      ...['--readonly', '--only', 'getProduct,getProductByBarcode'],
    ]);
    expect(output).toMatch(/Tests: 0 failed, [1-9]\d* passed/);
    expect(code).toBe(0);
  }, 240_000);
});
