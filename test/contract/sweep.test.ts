// Removing a run's records by its prefix: everything under it, nothing else, including writes that show
// late; and when something cannot be removed, every id that remains is said.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { newRunPrefix } from '../../src/contract/runPrefix.js';
import { startProxy } from '../proxy.js';
import { describeSweep, sweepAndReport, sweepPrefix, swept } from '../../src/contract/sweep.js';

const KEY = 'sweep-key';
const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };

describe('sweeping a run prefix', () => {
  let server: RunningServer;
  let scope = 0;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  /** A scope of its own on the server, holding these products and product types. */
  async function deployment(products: string[], types: string[]) {
    const baseUrl = `${server.url}/acme/sweep${++scope}`;
    for (let i = 0; i < products.length; i += 100) {
      const data = products.slice(i, i + 100).map((productGroupId) => ({ productGroupId }));
      await fetch(`${baseUrl}/products-push`, { method: 'POST', headers, body: JSON.stringify({ data }) });
    }
    const data = types.map((productTypeId) => ({ productTypeId }));
    await fetch(`${baseUrl}/product-types`, { method: 'POST', headers, body: JSON.stringify({ data }) });
    const held = async () => {
      const list = await (
        await fetch(`${baseUrl}/products?limit=100&select=productGroupId`, { headers })
      ).json();
      const typeList = await (await fetch(`${baseUrl}/product-types`, { headers })).json();
      return {
        count: list.data.count as number,
        products: (list.data.list as { productGroupId: string }[]).map((p) => p.productGroupId).sort(),
        types: (typeList.data as { productTypeId: string }[]).map((t) => t.productTypeId).sort(),
      };
    };
    return { target: { baseUrl, apiKey: KEY }, held };
  }

  it('removes every product (past one page) and product type under the prefix, and nothing else', async () => {
    const prefix = newRunPrefix();
    const other = newRunPrefix();
    const ours = Array.from({ length: 230 }, (_, i) => `${prefix}p${i}`);
    const { target, held } = await deployment(
      [...ours, 'shop-1', `${other}p0`, prefix.slice(0, -1)],
      [`${prefix}t`, 'shoes', `${other}t`],
    );
    const result = await sweepPrefix(target, prefix, { settleMs: 0, lateWrites: false });
    expect(result.removed).toEqual({ products: 230, productTypes: 1 });
    expect(swept(result)).toBe(true);
    expect(await held()).toEqual({
      count: 3,
      products: ['shop-1', `${other}p0`, prefix.slice(0, -1)].sort(),
      types: ['shoes', `${other}t`].sort(),
    });
    expect(describeSweep(result, prefix)).toEqual([
      `removed 230 products and 1 product type under ${prefix}; nothing under it remains.`,
    ]);
  });

  it("waits out a 429 on a delete, as the run's own requests do, instead of leaving the records", async () => {
    const prefix = newRunPrefix();
    const { target, held } = await deployment([`${prefix}p0`], []);
    const rule = await fetch(`${server.url}/__admin/faults`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        operationId: 'deleteProducts',
        path: new URL(target.baseUrl).pathname,
        status: 429,
        retryAfter: 0,
        times: 1,
      }),
    });
    expect(rule.status).toBe(201);
    const result = await sweepPrefix(target, prefix, { settleMs: 0, lateWrites: false });
    expect(result.removed).toEqual({ products: 1, productTypes: 0 });
    expect(swept(result)).toBe(true);
    expect((await held()).count).toBe(0);
  });

  it('waits settleMs for writes that show late: a product written after its first look is removed too', async () => {
    const prefix = newRunPrefix();
    const { target, held } = await deployment([], []);
    const path = target.baseUrl.slice(server.url.length);
    let wrote = false;
    // The product is written once the first list of products is answered, and that answer, taken
    // before, does not hold it: a write that shows late, whatever the machine's speed.
    const proxy = await startProxy(server.url, async (req) => {
      if (!wrote && req.method === 'GET' && req.url.startsWith(`${path}/products?`)) {
        wrote = true;
        await fetch(`${target.baseUrl}/products-push`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ data: [{ productGroupId: `${prefix}late` }] }),
        });
      }
      return undefined;
    });
    try {
      const result = await sweepPrefix({ ...target, baseUrl: proxy.url + path }, prefix, {
        settleMs: 600,
        lateWrites: true,
      });
      expect(wrote).toBe(true);
      expect(result.removed.products).toBe(1);
    } finally {
      await proxy.close();
    }
    expect((await held()).products).toEqual([]);
  });

  it('refuses a prefix that is not a run prefix, and sends nothing', async () => {
    const { target, held } = await deployment(['shop-1'], []);
    for (const prefix of ['shop-', 'ct-', '', `${newRunPrefix()}reads-`])
      await expect(sweepPrefix(target, prefix, { settleMs: 0, lateWrites: false })).rejects.toThrow(
        /is not the prefix of a contract run/,
      );
    expect((await held()).products).toEqual(['shop-1']);
  });
});

describe('sweeping a deployment that does not delete', () => {
  const prefix = newRunPrefix();
  const deletes: string[][] = [];
  // lists ignore the filter (the deployment's own record comes back too) and deletes are refused
  const fake = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url!, 'http://x').pathname;
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (req.method === 'DELETE') {
        deletes.push((JSON.parse(text) as { data: string[] }).data);
        return json(500, { message: 'boom' });
      }
      // asked again at once (Retry-After: 0) through every try, rather than after the doubling waits
      // of an answer without one (1 + 2 + 4 + 8 s)
      if (path.startsWith('/down/')) return json(503, { message: 'down' }, { 'retry-after': '0' });
      if (path.endsWith('/products'))
        return json(200, {
          data: { list: [{ productGroupId: 'shop-1' }, { productGroupId: `${prefix}a` }] },
        });
      if (path.endsWith('/product-types')) return json(200, { data: [{ productTypeId: `${prefix}t` }] });
      json(404, { message: 'no' });
    });
  });
  beforeAll(() => new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok)));
  afterAll(() => new Promise<void>((ok) => fake.close(() => ok())));
  const target = () => ({
    baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/acme/dev`,
    apiKey: 'k',
  });

  it('deletes only ids under the prefix, once each, and names every one that remains with the answer it got', async () => {
    const result = await sweepPrefix(target(), prefix, { settleMs: 100, lateWrites: false });
    expect(deletes).toEqual([[`${prefix}a`], [`${prefix}t`]]);
    expect(swept(result)).toBe(false);
    expect(describeSweep(result, prefix)).toEqual([
      `removed 0 products and 0 product types under ${prefix}; these remain:`,
      '  DELETE /products (1 id): 500 {"message":"boom"}',
      '  DELETE /product-types (1 id): 500 {"message":"boom"}',
      `  products: ${prefix}a`,
      `  product types: ${prefix}t`,
    ]);
  });

  it('says records may remain when it cannot list them', async () => {
    const down = target().baseUrl.replace('/acme/dev', '/down/dev');
    const result = await sweepPrefix({ ...target(), baseUrl: down }, prefix, {
      settleMs: 0,
      lateWrites: false,
    });
    expect(describeSweep(result, prefix)).toEqual([
      `removed 0 products and 0 product types under ${prefix}; then GET /products answered 503, so records under it may remain.`,
    ]);
  });
});

describe('sweeping a deployment that ignores the filter and holds more than the sweep lists', () => {
  const prefix = newRunPrefix();
  const pages: number[] = [];
  // 10,050 products of the deployment's own, listed whatever the filter, in pages as asked; the run's
  // product comes after them, where a sweep that stops at 100 pages never looks
  const catalog = [...Array.from({ length: 10_050 }, (_, i) => `shop-${i}`), `${prefix}a`];
  const fake = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET') return res.writeHead(500).end();
    if (url.pathname.endsWith('/product-types')) return json({ data: [] });
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    pages.push(page);
    const list = catalog
      .slice((page - 1) * limit, page * limit)
      .map((productGroupId) => ({ productGroupId }));
    json({ data: { count: catalog.length, list } });
  });
  beforeAll(() => new Promise<void>((ok) => fake.listen(0, '127.0.0.1', ok)));
  afterAll(() => new Promise<void>((ok) => fake.close(() => ok())));

  it('does not take "nothing seen" for "nothing remains": says so, and gives the --cleanup command', async () => {
    const target = {
      baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/acme/dev`,
      apiKey: 'k',
    };
    const lines: string[] = [];
    const clean = await sweepAndReport(target, prefix, { settleMs: 0, lateWrites: false }, (line) =>
      lines.push(line),
    );
    // every full page is read up to the limit, and no further
    expect(Math.max(...pages)).toBe(100);
    expect(clean).toBe(false);
    expect(lines).toEqual([
      `contract: removed 0 products and 0 product types under ${prefix}; then GET /products ignored the ` +
        'startsWith filter and had not ended after 100 pages of 100, so records under it may remain.',
      `Remove them later with: product-catalog-mock contract --cleanup ${prefix} --base-url ${target.baseUrl} ` +
        '--api-key "$CONTRACT_API_KEY"',
    ]);
  });

  it('run as --cleanup, does not give itself as the way to remove what remains', async () => {
    const target = {
      baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/acme/dev`,
      apiKey: 'k',
    };
    const lines: string[] = [];
    const byCleanup = true;
    const clean = await sweepAndReport(
      target,
      prefix,
      { settleMs: 0, lateWrites: false },
      (line) => lines.push(line),
      byCleanup,
    );
    expect(clean).toBe(false);
    expect(lines.at(-1)).toBe(
      'The deployment kept them: see what its lists and deletes answered, above; run this command again ' +
        'once it removes them.',
    );
    expect(lines.some((line) => line.includes('--cleanup'))).toBe(false);
  });
});
