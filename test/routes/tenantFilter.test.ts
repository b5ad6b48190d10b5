// tenantId, one of the published client's filterable keys, filters as the tenant of the request's
// path: every product of a scope is that tenant's. Scopes share the seed's records and the answers
// cached for them, so each check asks one tenant, then another, the same question.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, makeApp } from '../helpers.js';
import { catalog, ids, productTypes } from './readsFixtures.js';

let c: ReturnType<typeof client>;
beforeAll(async () => {
  c = client(await makeApp({ seed: { products: catalog, productTypes } }));
});

const ALL = ['p1', 'p2', 'p3', 'p4', 'p5'];
const SHOES = ['p1', 'p2', 'p5'];
const q = (f: object) => encodeURIComponent(JSON.stringify(f));
const list = async (base: string, query: string) => {
  const res = await c.get(`${base}/products?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** The filter a filter UI builds from one group of GET /products-filters: its values, as `in`. */
const fromGroup = (key: string, values: string[]) => ({ in: [key, values] });

describe('a filter on tenantId', () => {
  it('matches every product of the tenant named in the path, and none for another tenant', async () => {
    for (const [base, tenant, other] of [
      ['/acme/dev', 'acme', 'beta'],
      ['/beta/dev', 'beta', 'acme'],
    ] as const) {
      expect(ids((await list(base, `filter=${q({ eq: ['tenantId', tenant] })}`)).list), base).toEqual(ALL);
      // Asked of acme first: a cached match for acme must not answer beta.
      expect((await list(base, `filter=${q({ eq: ['tenantId', 'acme'] })}`)).count, base).toBe(
        tenant === 'acme' ? 5 : 0,
      );
      expect((await list(base, `filter=${q({ ne: ['tenantId', other] })}`)).count, base).toBe(5);
      expect((await list(base, `filter=${q({ startsWith: ['tenantId', tenant.slice(0, 2)] })}`)).count).toBe(
        5,
      );
      // As other segments, the key matches without regard to case (the client writes tenantId).
      expect((await list(base, `filter=${q({ eq: ['TenantId', tenant] })}`)).count).toBe(5);
    }
  });

  it('takes the group GET /products-filters answers for it, on GET and POST /products, with another key', async () => {
    for (const tenant of ['acme', 'beta']) {
      const base = `/${tenant}/groups`;
      const res = await c.get(`${base}/products-filters?filterKeys=tenantId;productType`);
      expect(res.status).toBe(200);
      expect(res.body.data.tenantId).toEqual({ default: [tenant] });
      const both = {
        and: [fromGroup('tenantId', res.body.data.tenantId.default), fromGroup('productType', ['shoes'])],
      };
      expect(ids((await list(base, `filter=${q(both)}`)).list)).toEqual(SHOES);
      const posted = await c.post(`${base}/products`, { filter: both });
      expect(ids(posted.body.data.list)).toEqual(SHOES);
      // additionalRawFilter, the client's second filter, reads it too.
      const extra = `filter=${q(fromGroup('productType', ['shoes']))}&additionalRawFilter=${q(fromGroup('tenantId', ['acme']))}`;
      expect(ids((await list(base, extra)).list)).toEqual(tenant === 'acme' ? SHOES : []);
      // The other tenant's group matches nothing here.
      const theirs = await c.post(`${base}/products`, { filter: fromGroup('tenantId', ['zeta']) });
      expect(theirs.body.data).toMatchObject({ list: [], count: 0 });
    }
  });

  it('narrows GET /search and the reads of one product', async () => {
    for (const tenant of ['acme', 'beta']) {
      const base = `/${tenant}/reads`;
      const mine = await c.get(`${base}/search?term=red&filter=${q({ eq: ['tenantId', tenant] })}`);
      expect(ids(mine.body.data.products)).toEqual(['p1', 'p4', 'p3']);
      const acmes = await c.get(`${base}/search?term=red&filter=${q({ eq: ['tenantId', 'acme'] })}`);
      expect(ids(acmes.body.data.products)).toEqual(tenant === 'acme' ? ['p1', 'p4', 'p3'] : []);
      const one = await c.get(`${base}/products/p2?filter=${q({ eq: ['tenantId', 'acme'] })}`);
      expect(one.status).toBe(tenant === 'acme' ? 200 : 404);
      const code = await c.get(
        `${base}/products-barcode/1234567890?filter=${q({ eq: ['tenantId', 'acme'] })}`,
      );
      expect(code.status).toBe(tenant === 'acme' ? 200 : 404);
    }
  });

  it('counts as a facet, the tenant of the path with every match', async () => {
    for (const tenant of ['acme', 'beta']) {
      const data = await list(
        `/${tenant}/facets`,
        `facets=tenantId&filter=${q(fromGroup('productType', ['shoes']))}`,
      );
      expect(data.facets.tenantId).toEqual([{ value: tenant, count: 3 }]);
    }
  });

  it('reads the path, not a field a record was sent with, in a scope that was written to', async () => {
    const base = '/gamma/dev';
    const push = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p6', productType: ['shoes'], tenantId: 'acme' }],
    });
    expect(push.status).toBe(200);
    expect(ids((await list(base, `filter=${q({ eq: ['tenantId', 'gamma'] })}`)).list)).toEqual([
      ...ALL,
      'p6',
    ]);
    expect((await list(base, `filter=${q({ eq: ['tenantId', 'acme'] })}`)).count).toBe(0);
    // The seed's scopes still answer for their own tenant after gamma's write.
    expect((await list('/acme/dev', `filter=${q({ eq: ['tenantId', 'acme'] })}`)).count).toBe(5);
  });
});
