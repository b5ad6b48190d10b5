// The contract suite must fail against a service that is wrong in a small way: each test here puts
// a proxy of its own in front of the mock that breaks one thing, runs `contract` against it (only the
// operations concerned, to stay short) and reads the failure the suite reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy, type Answer, type Breakage, type Exchange } from '../proxy.js';
import { runContract } from './contractRun.js';

const KEY = 'wrong-key';

/** The parsed query of a request through the proxy. */
const queryOf = (req: Exchange): URLSearchParams => new URL(req.url, 'http://x').searchParams;
const pathOf = (req: Exchange): string => new URL(req.url, 'http://x').pathname;
const isList = (req: Exchange): boolean => /\/products$/.test(pathOf(req)) && req.method !== 'PATCH';

/** The list parameters of a list request, from its query or, for POST /products, its body. */
function listParams(req: Exchange): Record<string, unknown> {
  if (req.method === 'POST') {
    try {
      return JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(queryOf(req));
}

const error = (status: number, message: string): Answer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ message, status }),
});

describe('the contract suite fails against a subtly wrong service', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A contract run of `only` against the mock behind `breakage` (and `instead`): exit code and output. */
  async function against(
    scope: string,
    only: string,
    breakage: Breakage,
    instead?: (req: Exchange) => Answer | undefined | Promise<Answer | undefined>,
  ): Promise<{ code: number; output: string }> {
    const proxy = await startProxy(server.url, breakage, instead);
    try {
      return await runContract([
        ...['--base-url', `${proxy.url}/acme/${scope}`, '--api-key', KEY],
        ...['--settle-ms', '200', '--only', only],
      ]);
    } finally {
      await proxy.close();
    }
  }

  it("an error body whose status is not the answer's HTTP status", async () => {
    // every 404 says 400 in its body
    const { code, output } = await against('status-echo', 'getProduct', (_req, answer) =>
      answer.status === 404
        ? { ...answer, body: JSON.stringify({ ...JSON.parse(answer.body), status: 400 }) }
        : undefined,
    );
    expect(output).toMatch(/FAIL getProduct .*unknown ids are a 404/);
    expect(output).toContain("body/status is 400, but the answer's HTTP status is 404: it must repeat it");
    expect(code).toBe(1);
  }, 240_000);

  it('a page size above the default silently capped at 50', async () => {
    const { code, output } = await against('capped', 'listProducts,queryProducts', (req, answer) => {
      if (!isList(req) || answer.status !== 200) return undefined;
      const body = JSON.parse(answer.body) as { data: { list: unknown[] } };
      return {
        ...answer,
        body: JSON.stringify({ data: { ...body.data, list: body.data.list.slice(0, 50) } }),
      };
    });
    expect(output).toMatch(
      /FAIL listProducts \[spec\] .*GET \/products\?limit= above the default answers that many/,
    );
    expect(output).toMatch(/FAIL listProducts \[mock choice\] .*at the largest limit answer every match/);
    expect(code).toBe(1);
  }, 240_000);

  it('a large page refused (limit 1000, which the mock takes) and a sort of 11 keys accepted', async () => {
    const { code, output } = await against(
      'bounds',
      'listProducts',
      (req, answer) => {
        // past the bound of 10 sort keys: answered as if there were no bound
        const sort = listParams(req).sort;
        if (isList(req) && answer.status === 400 && typeof sort === 'string' && sort.split(',').length > 10)
          return {
            ...answer,
            status: 200,
            body: JSON.stringify({ data: { list: [], count: 0, facets: {}, attributeFilters: {} } }),
          };
        return undefined;
      },
      (req) =>
        isList(req) && Number(listParams(req).limit) > 999
          ? error(400, 'limit must be at most 999')
          : undefined,
    );
    expect(output).toMatch(
      /FAIL listProducts \[mock choice\] productReads\.test\.ts > .*GET \/products\?limit= of 1000 \(or the documented maximum\)/,
    );
    expect(output).toMatch(
      /FAIL listProducts \[mock choice\] productReads\.test\.ts > .*GET \/products\?limit= past 1000 is taken/,
    );
    expect(output).toMatch(
      /FAIL listProducts \[mock choice\] bounds\.test\.ts > .*GET \/products: query sort at most 10/,
    );
    expect(code).toBe(1);
  }, 240_000);

  it('a batch of 101 accepted', async () => {
    const { code, output } = await against(
      'batch',
      'pushProducts',
      () => undefined,
      // answered as a success, and (so that nothing is left behind) not written
      (req) => {
        if (req.method !== 'POST' || !pathOf(req).endsWith('/products-push')) return undefined;
        const data = (JSON.parse(req.body) as { data?: { productGroupId: string }[] }).data;
        if (!Array.isArray(data) || data.length <= 100) return undefined;
        return {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            data: data.map((p) => ({ productGroupId: p.productGroupId, status: 201 })),
          }),
        };
      },
    );
    expect(output).toMatch(
      /FAIL pushProducts \[mock choice\] bounds\.test\.ts > .*POST \/products-push: body data at most 100/,
    );
    expect(code).toBe(1);
  }, 240_000);

  it('a descending sort answered as the ascending one reversed: its ties and missing values come out reversed too', async () => {
    const { code, output } = await against(
      'ties',
      'listProducts',
      () => undefined,
      // the wrong service of this test answers such a list itself, from the mock's ascending one
      async (req) => {
        const query = queryOf(req);
        const sort = query.get('sort');
        if (req.method !== 'GET' || !isList(req) || !sort || !/^\S+ desc$/.test(sort)) return undefined;
        query.set('sort', sort.replace(/ desc$/, ' asc'));
        const asc = await fetch(`${server.url}${pathOf(req)}?${query}`, { headers: { 'x-api-key': KEY } });
        const body = (await asc.json()) as { data: { list: unknown[] } };
        body.data.list.reverse();
        return {
          status: asc.status,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      },
    );
    expect(output).toMatch(
      /FAIL listProducts \[mock choice\] .*GET \/products\?sort=introductionDate desc \(ties/,
    );
    expect(output).toMatch(
      /FAIL listProducts \[mock choice\] .*GET \/products\?sort=variantsGroupId desc \(ties/,
    );
    // a sort without ties or missing values reversed is right, and passes
    expect(output).not.toMatch(/FAIL .*sort=productGroupId desc/);
    expect(code).toBe(1);
  }, 240_000);

  it('a deleted product still in lists', async () => {
    /** The records of the products deleted, read just before their delete went on. */
    const deleted = new Map<string, object>();
    const { code, output } = await against(
      'deleted',
      'deleteProducts',
      (req, answer) => {
        // a list scoped to a prefix lists the deleted products under it as well
        const filter = queryOf(req).get('filter');
        if (req.method !== 'GET' || !isList(req) || answer.status !== 200 || !filter) return undefined;
        const scope = (JSON.parse(filter) as { startsWith?: [string, string] }).startsWith;
        if (scope?.[0] !== 'productGroupId') return undefined;
        const body = JSON.parse(answer.body) as { data: { list: object[]; count: number } };
        const more = [...deleted].filter(([id]) => id.startsWith(scope[1])).map(([, record]) => record);
        body.data.list.push(...more);
        body.data.count += more.length;
        return { ...answer, body: JSON.stringify(body) };
      },
      async (req) => {
        if (req.method !== 'DELETE' || !isList(req)) return undefined;
        for (const id of (JSON.parse(req.body) as { data: string[] }).data) {
          const got = await fetch(`${server.url}${pathOf(req)}/${encodeURIComponent(id)}`, {
            headers: { 'x-api-key': KEY },
          });
          if (got.status === 200) deleted.set(id, ((await got.json()) as { data: object }).data);
        }
        return undefined;
      },
    );
    expect(deleted.size).toBeGreaterThan(0);
    expect(output).toMatch(/FAIL deleteProducts \[spec\] .*a deleted product is gone from lists/);
    expect(code).toBe(1);
  }, 240_000);
});
