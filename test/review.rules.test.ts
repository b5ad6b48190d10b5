// Rules of docs/behaviour.md that no other test pinned down, one describe per section.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { BASE, TOKEN, client, makeApp } from './helpers.js';
import { loadSchemaValidator, type SchemaValidator } from '../src/schemas.js';
import { resolveSeed } from '../src/seed.js';
import type { CatalogProduct } from '../src/domain/types.js';

type Client = ReturnType<typeof client>;

let app: Express;
let c: Client;
let schemas: SchemaValidator;
let tenant = 0;
/** A scope of its own for each caller: it starts empty. */
const fresh = () => `/review${++tenant}/dev`;

beforeAll(async () => {
  app = await makeApp();
  c = client(app);
  schemas = await loadSchemaValidator();
});

const typeIds = (res: request.Response): string[] =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);
const groupIds = (list: { productGroupId: string }[]): string[] => list.map((p) => p.productGroupId);

describe('docs/behaviour.md, "Addressing"', () => {
  it('without --region the two prefixes that name none are the eu region', async () => {
    await c.post('/region-default/dev/product-types', { data: [{ productTypeId: 'plain' }] });
    expect(typeIds(await c.get('/regions/eu/products/v1/tenants/region-default/dev/product-types'))).toEqual([
      'plain',
    ]);
    expect(typeIds(await c.get('/api/tenants/region-default/dev/product-types'))).toEqual(['plain']);
    expect(typeIds(await c.get('/regions/us/products/v1/tenants/region-default/dev/product-types'))).toEqual(
      [],
    );
  });

  it('accepts 64 characters of [A-Za-z0-9._-] and rejects 65, under every prefix', async () => {
    const longest = 'a.B_c-9'.padEnd(64, 'x');
    for (const prefix of ['', '/api/tenants', '/regions/au/products/v1/tenants']) {
      expect((await c.get(`${prefix}/${longest}/${longest}/product-types`)).status, prefix).toBe(200);
      const tooLong = await c.get(`${prefix}/${longest}x/dev/product-types`);
      expect(tooLong.status, prefix).toBe(400);
      expect(tooLong.body.message, prefix).toContain('tenantId');
      const badEnv = await c.get(`${prefix}/acme/d!v/product-types`);
      expect(badEnv.status, prefix).toBe(400);
      expect(badEnv.body.message, prefix).toContain('environment');
    }
  });
});

describe('docs/behaviour.md, "Authentication"', () => {
  it('refuses an Authorization header that holds no token after Bearer', async () => {
    // "Bearer " arrives as "Bearer" (trailing white space is not part of a header value).
    for (const value of ['Bearer ', 'Bearer', 'bearer   ']) {
      const res = await request(app).get(`${BASE}/product-types`).set('Authorization', value);
      expect(res.status, JSON.stringify(value)).toBe(401);
    }
  });

  it('in strict mode health, the OpenAPI document and /docs still need no token', async () => {
    const strict = await makeApp({ apiKeys: ['k'] });
    expect((await request(strict).get('/__admin/health')).status).toBe(200);
    expect((await request(strict).get('/openapi.yaml')).status).toBe(200);
    expect((await request(strict).get('/docs')).status).toBe(200);
    // ...while the API itself does.
    expect((await request(strict).get(`${BASE}/product-types`)).status).toBe(401);
  });

  it('in strict mode reset needs a listed key bound to no tenant: a bound one never resets others', async () => {
    const strict = await makeApp({ apiKeys: ['bound=acme', 'admin'] });
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'nope')).status).toBe(401);
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'bound')).status).toBe(403);
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'admin')).status).toBe(200);
  });
});

describe('docs/behaviour.md, "Response envelope" and "Errors"', () => {
  it('wraps the admin answers in data', async () => {
    const reset = await request(app).post('/__admin/reset');
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(['data']);
    const health = await request(app).get('/__admin/health');
    expect(Object.keys(health.body)).toEqual(['data']);
  });

  it('answers every kind of error with an unwrapped { message, status, errors? } whose status is the status', async () => {
    const base = fresh();
    const strict = await makeApp({ apiKeys: ['k', 'bound=other'], bodyLimit: 200 });
    const errors: [string, request.Test][] = [
      ['schema', c.post(`${base}/products-push`, { data: [{ productGroupId: 1 }] })],
      ['filter', c.get(`${base}/products?filter=nope`)],
      ['sort', c.get(`${base}/products?sort=nope`)],
      ['malformed JSON', c.raw.post(`${base}/products`).set(TOKEN).type('json').send('{')],
      ['no token', request(app).get(`${base}/products`)],
      ['wrong key', request(strict).get(`${base}/products`).set('x-api-key', 'x')],
      ['bound key', request(strict).get(`${base}/products`).set('x-api-key', 'bound')],
      ['unknown product', c.get(`${base}/products/nope`)],
      ['unknown route', c.get(`${base}/nope`)],
      ['unknown region', c.get('/regions/mars/products/v1/tenants/acme/dev/products')],
      [
        'too large',
        request(strict)
          .post(`${base}/products`)
          .set('x-api-key', 'k')
          .send({ search: 'x'.repeat(500) }),
      ],
      ['not JSON', c.raw.post(`${base}/products`).set(TOKEN).type('text').send('x')],
    ];
    const expected = [400, 400, 400, 400, 401, 401, 403, 404, 404, 404, 413, 415];
    const answers = await Promise.all(errors.map(([, req]) => req));
    expect(answers.map((r) => r.status)).toEqual(expected);
    answers.forEach((res, i) => {
      const what = errors[i]![0];
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      expect(schemas.checkComponent('Error', res.body), what).toEqual([]);
      expect(res.body.status, what).toBe(res.status);
      expect(res.body.data, what).toBeUndefined();
      expect(res.body.message.length, what).toBeGreaterThan(0);
    });
  });
});

describe('docs/behaviour.md, "POST /products-push (merge push)"', () => {
  // Each merge field with an element lacking one required key part (the part named).
  const missingPart: [string, string, object][] = [
    ['variants', 'productId', { color: 'red' }],
    ['productFeature', 'productId', { productFeatureType: 'size', productFeatureValue: 'M' }],
    ['productPriceList', 'spaceId', { productId: 'v1', listPrice: 1 }],
    ['productStatus', 'spaceId', { productStatus: 'Active' }],
    ['catalogPageLocationProduct', 'productId', { catalogPageLocationProduct: 'https://img/1.png' }],
    ['customProperties', 'key', { spaceId: 's1', value: 1 }],
    ['productItemQuantity', 'productId', { spaceId: 's1', productItemQuantity: 1 }],
  ];

  it.each(missingPart)(
    'rejects a %s element without %s, naming it, and writes nothing',
    async (field, part, element) => {
      const base = fresh();
      const res = await c.post(`${base}/products-push`, {
        data: [{ productGroupId: 'p0' }, { productGroupId: 'p1', [field]: [element] }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`data[1].${field}[0].${part}`);
      expect((await c.get(`${base}/products/p0`)).status).toBe(404);
    },
  );

  it('rejects null for a merge field as well (send [] to clear)', async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', variants: [{ productId: 'v1' }] }],
    });
    const res = await c.post(`${base}/products-push`, { data: [{ productGroupId: 'p1', variants: null }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('variants');
    expect((await c.get(`${base}/products/p1`)).body.data.variants).toEqual([
      { productId: 'v1', productGroupId: 'p1' },
    ]);
  });
});

describe('docs/behaviour.md, "POST /products/push (overwrite push)"', () => {
  it('rejects null for a list and a merge element without its key, writing nothing', async () => {
    const base = fresh();
    await c.post(`${base}/products/push`, { data: [{ productGroupId: 'p1', productType: ['shoes'] }] });
    const nulled = await c.post(`${base}/products/push`, {
      data: [{ productGroupId: 'p1', productType: null }],
    });
    expect(nulled.status).toBe(400);
    expect(nulled.body.message).toContain('productType');
    const keyless = await c.post(`${base}/products/push`, {
      data: [{ productGroupId: 'p1', productPriceList: [{ productId: 'v1', listPrice: 1 }] }],
    });
    expect(keyless.status).toBe(400);
    expect(keyless.body.message).toContain('productPriceList[0].spaceId');
    expect((await c.get(`${base}/products/p1`)).body.data).toEqual({
      productGroupId: 'p1',
      productType: ['shoes'],
      spaceIds: [],
    });
  });
});

describe('docs/behaviour.md, "PATCH /products"', () => {
  it('replaces an object field whole rather than merging into it', async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', extra: { a: 1, b: 2 }, shellLifeDays: 3 }],
    });
    await c.patch(`${base}/products`, { data: [{ productGroupId: 'p1', extra: { a: 9 } }] });
    const stored = (await c.get(`${base}/products/p1`)).body.data;
    expect(stored.extra).toEqual({ a: 9 });
    expect(stored.shellLifeDays).toBe(3);
  });
});

describe('PATCH /variants (docs/behaviour.md, "Variants")', () => {
  const boot = {
    productGroupId: 'p1',
    variants: [{ productId: 'v1' }, { productId: 'v2' }],
    productPriceList: [{ productId: 'v1', spaceId: 's1', listPrice: 1 }],
    productFeature: [{ productId: 'v1', productFeatureType: 'size', productFeatureValue: 'M' }],
  };

  it.each([
    ['productPriceList', { productId: 'v2', spaceId: 's1', listPrice: 2 }],
    ['productFeature', { productId: 'v2', productFeatureType: 'size', productFeatureValue: 'L' }],
  ])(
    'rejects a %s element of another variant with a 400 naming it, writing nothing',
    async (field, element) => {
      const base = fresh();
      await c.post(`${base}/products-push`, { data: [boot] });
      const before = (await c.get(`${base}/products/p1`)).body.data;
      const res = await c.patch(`${base}/variants`, {
        data: [{ productId: 'v1', color: 'red', [field]: [element] }],
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`body.data[0].${field}[0].productId`);
      expect((await c.get(`${base}/products/p1`)).body.data).toEqual(before);
    },
  );

  it('with upsertSpaceIds adds each new space once, after the stored ones', async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, { data: [boot] });
    await c.patch(`${base}/variants`, {
      upsertSpaceIds: true,
      data: [
        {
          productId: 'v2',
          productPriceList: [
            { productId: 'v2', spaceId: 's1', listPrice: 2 },
            { productId: 'v2', spaceId: 's2', listPrice: 2, isoCurrencyCode: 'EUR' },
            { productId: 'v2', spaceId: 's2', listPrice: 3, isoCurrencyCode: 'USD' },
          ],
          productItemQuantity: [{ productId: 'v2', spaceId: 's3', productItemQuantity: 1 }],
        },
      ],
    });
    expect((await c.get(`${base}/products/p1`)).body.data.spaceIds).toEqual(['s1', 's2', 's3']);
  });

  it("reads the body's upsertSpaceIds before the query's", async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, { data: [boot] });
    await c.patch(`${base}/variants?upsertSpaceIds=true`, {
      upsertSpaceIds: false,
      data: [{ productId: 'v1', productPriceList: [{ productId: 'v1', spaceId: 's9', listPrice: 1 }] }],
    });
    expect((await c.get(`${base}/products/p1`)).body.data.spaceIds).toEqual(['s1']);
  });
});

describe('docs/behaviour.md, "Product types"', () => {
  it('deletes the ids of ?data= separated by commas too', async () => {
    const base = fresh();
    await c.post(`${base}/product-types`, {
      data: [{ productTypeId: 'a' }, { productTypeId: 'b' }, { productTypeId: 'c' }],
    });
    const res = await c.delete(`${base}/product-types?data=c,nope,a`);
    expect(res.body.data).toEqual([
      { id: 'c', status: 204 },
      { id: 'nope', status: 404 },
      { id: 'a', status: 204 },
    ]);
    expect(typeIds(await c.get(`${base}/product-types`))).toEqual(['b']);
  });

  it('answers each upsert as an operation response: statusCode, a numeric requestCharge, an eTag and the body', async () => {
    const base = fresh();
    const doc = { productTypeId: 'a', isRoot: true };
    const res = await c.post(`${base}/product-types`, { data: [doc] });
    expect(res.body.data).toEqual([
      { statusCode: 201, requestCharge: expect.any(Number), eTag: expect.any(String), resourceBody: doc },
    ]);
    const again = await c.post(`${base}/product-types`, { data: [{ productTypeId: 'a' }] });
    // A changed document gets another eTag.
    expect(again.body.data[0].eTag).not.toBe(res.body.data[0].eTag);
  });
});

describe('docs/behaviour.md, "Sort"', () => {
  it('sorts by the lowest listPrice in both directions, not by the highest when descending', async () => {
    const base = fresh();
    const priced = (productGroupId: string, ...prices: number[]) => ({
      productGroupId,
      productPriceList: prices.map((listPrice, i) => ({ productId: `v${i}`, spaceId: 's1', listPrice })),
    });
    // lowest: a 10, b 50, c 30; highest: a 100, b 50, c 30.
    await c.post(`${base}/products-push`, { data: [priced('a', 100, 10), priced('b', 50), priced('c', 30)] });
    const order = async (sort: string) =>
      groupIds((await c.get(`${base}/products?sort=${encodeURIComponent(sort)}`)).body.data.list);
    expect(await order('productPriceList/listPrice asc')).toEqual(['a', 'c', 'b']);
    expect(await order('productPriceList/listPrice desc')).toEqual(['b', 'c', 'a']);
  });

  it('sorts by the first productName, not by the name that sorts first', async () => {
    const base = fresh();
    const named = (productGroupId: string, ...names: string[]) => ({
      productGroupId,
      productName: names.map((productName, i) => ({ isoLanguageId: `l${i}`, productName })),
    });
    await c.post(`${base}/products-push`, { data: [named('a', 'Zebra', 'Apa'), named('b', 'Mouse')] });
    const res = await c.get(`${base}/products?sort=${encodeURIComponent('productName desc')}`);
    expect(groupIds(res.body.data.list)).toEqual(['a', 'b']);
  });
});

describe('a read after a write sees the write, whatever the reads before it kept (docs/behaviour.md, "Parameters")', () => {
  const seed: CatalogProduct[] = [
    {
      productGroupId: 'p1',
      productName: [{ isoLanguageId: 'en', productName: 'Red Boot' }],
      shellLifeDays: 1,
      variants: [{ productId: 'p1-v1', productGroupId: 'p1', europeanArticleNumber: ['111'] }],
      productPriceList: [{ productId: 'p1-v1', spaceId: 's1', listPrice: 10 }],
      spaceIds: ['s1'],
    },
    {
      productGroupId: 'p2',
      productName: [{ isoLanguageId: 'en', productName: 'Blue Boot' }],
      shellLifeDays: 2,
      variants: [{ productId: 'p2-v1', productGroupId: 'p2' }],
      productPriceList: [{ productId: 'p2-v1', spaceId: 's1', listPrice: 20 }],
      spaceIds: ['s1'],
    },
  ];
  let r: Client;
  beforeAll(async () => {
    r = client(await makeApp({ seed: { products: seed, productTypes: [] } }));
  });

  const filter = encodeURIComponent(JSON.stringify({ gt: ['productPriceList/listPrice', 5] }));
  /** Every cached read: a filtered and sorted list, a search, facets, one product, a barcode, a variant. */
  const snapshot = async (base: string) => {
    const listed = await r.get(
      `${base}/products?filter=${filter}&sort=shellLifeDays%20desc&select=productGroupId`,
    );
    const searched = await r.get(`${base}/products?search=boot&select=productGroupId`);
    const faceted = await r.get(`${base}/products?facets=shellLifeDays&limit=1`);
    const one = await r.get(`${base}/products/p1`);
    const barcode = await r.get(`${base}/products-barcode/111`);
    const variant = await r.get(`${base}/variants/p1-v1`);
    return {
      listed: groupIds(listed.body.data.list),
      searched: groupIds(searched.body.data.list),
      facets: faceted.body.data.facets.shellLifeDays,
      one: one.status === 200 ? one.body.data : one.status,
      barcode: barcode.status === 200 ? barcode.body.data.productId : barcode.status,
      variant: variant.status === 200 ? variant.body.data.color : variant.status,
    };
  };
  const warm = async (base: string) => {
    for (let i = 0; i < 3; i++) await snapshot(base);
    return snapshot(base);
  };

  it('after PATCH /products and a merge push', async () => {
    const base = '/cache1/dev';
    const before = await warm(base);
    expect(before).toMatchObject({ listed: ['p2', 'p1'], searched: ['p1', 'p2'], barcode: 'p1-v1' });
    await r.patch(`${base}/products`, {
      data: [
        {
          productGroupId: 'p1',
          shellLifeDays: 5,
          productName: [{ isoLanguageId: 'en', productName: 'Red Clog' }],
        },
      ],
    });
    await r.post(`${base}/products-push`, {
      data: [
        {
          productGroupId: 'p3',
          productName: [{ isoLanguageId: 'en', productName: 'Boot' }],
          shellLifeDays: 2,
          productStatus: [{ spaceId: 's1', productStatus: 'Active' }],
        },
      ],
    });
    const after = await snapshot(base);
    // p3 has no price: the filter leaves it out.
    expect(after.listed).toEqual(['p1', 'p2']);
    expect(after.searched).toEqual(['p2', 'p3']);
    expect(after.facets).toEqual([
      { value: 2, count: 2 },
      { value: 5, count: 1 },
    ]);
    expect(after.one.shellLifeDays).toBe(5);
  });

  it('after PATCH /variants', async () => {
    const base = '/cache2/dev';
    await warm(base);
    await r.patch(`${base}/variants`, {
      data: [
        {
          productId: 'p1-v1',
          color: 'green',
          europeanArticleNumber: ['222'],
          productPriceList: [{ productId: 'p1-v1', spaceId: 's1', listPrice: 1 }],
        },
      ],
    });
    const after = await snapshot(base);
    expect(after.variant).toBe('green');
    expect(after.barcode).toBe(404);
    expect((await r.get(`${base}/products-barcode/222`)).body.data.productId).toBe('p1-v1');
    expect(after.one.variants[0].color).toBe('green');
    // p1's only price is now 1: the filter (above 5) leaves it out.
    expect(after.listed).toEqual(['p2']);
  });

  it('after a detach, a delete and a reset', async () => {
    const base = '/cache3/dev';
    await warm(base);
    await r.delete(`${base}/spaces/s1/products`, { data: ['p2'] });
    expect((await snapshot(base)).listed).toEqual(['p1']);
    await r.delete(`${base}/products`, { data: ['p1'] });
    const deleted = await snapshot(base);
    expect(deleted).toMatchObject({ listed: [], searched: ['p2'], one: 404, barcode: 404, variant: 404 });
    await r.raw.post('/__admin/reset');
    expect(await snapshot(base)).toMatchObject({
      listed: ['p2', 'p1'],
      searched: ['p1', 'p2'],
      barcode: 'p1-v1',
    });
  });
});

describe('docs/behaviour.md, "Seeds"', () => {
  it('defaults to the bundled demo dataset; none is empty; a count gives the same data every time', async () => {
    expect(JSON.stringify(await resolveSeed())).toBe(JSON.stringify(await resolveSeed('demo')));
    expect(await resolveSeed('none')).toEqual({ products: [], productTypes: [] });
    const first = await resolveSeed('30');
    expect(first.products).toHaveLength(30);
    expect(JSON.stringify(await resolveSeed('30'))).toBe(JSON.stringify(first));
  });
});
