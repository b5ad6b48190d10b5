import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { client, makeApp } from '../helpers.js';

type Client = ReturnType<typeof client>;

// One app for the file; each test gets a tenant of its own, so starts from an empty scope.
let app: Express;
let tenant = 0;
let BASE = '';
beforeAll(async () => {
  app = await makeApp();
});

const price = (productId: string, spaceId: string, listPrice: number, isoCurrencyCode = 'EUR') => ({
  productId,
  spaceId,
  listPrice,
  isoCurrencyCode,
});

const push = (c: Client, ...data: object[]) => c.post(`${BASE}/products-push`, { data });
const read = async (c: Client, id: string) => (await c.get(`${BASE}/products/${id}`)).body.data;

describe('POST /products-push (docs/behaviour.md, "POST /products-push (merge push)")', () => {
  let c: Client;
  beforeEach(() => {
    BASE = `/push${++tenant}/dev`;
    c = client(app);
  });

  it('creates a new product with 201, every replace and merge array it did not send starting empty', async () => {
    const res = await push(c, {
      productGroupId: 'p1',
      productName: [{ isoLanguageId: 'en-GB', productName: 'Boot' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ productGroupId: 'p1', status: 201 }] });
    const stored = await read(c, 'p1');
    expect(stored.productName).toEqual([{ isoLanguageId: 'en-GB', productName: 'Boot' }]);
    expect(stored.spaceIds).toEqual([]);
    expect(stored.productDescription).toEqual([]);
    expect(stored.variants).toEqual([]);
    expect(stored.customProperties).toEqual([]);
  });

  it('answers 200 for an existing product', async () => {
    await push(c, { productGroupId: 'p1' });
    const res = await push(c, { productGroupId: 'p1' });
    expect(res.body.data).toEqual([{ productGroupId: 'p1', status: 200 }]);
  });

  it('replace fields: the sent array replaces the stored one, [] clears, a field not sent is untouched', async () => {
    await push(c, {
      productGroupId: 'p1',
      productName: [
        { isoLanguageId: 'en-GB', productName: 'Boot' },
        { isoLanguageId: 'sv-SE', productName: 'Stövel' },
      ],
      productType: ['shoes', 'boots'],
      productTags: [{ isoLanguageId: 'en-GB', productTags: ['winter'] }],
    });
    await push(c, {
      productGroupId: 'p1',
      productName: [{ isoLanguageId: 'it-IT', productName: 'Stivale' }],
      productType: [],
    });
    const stored = await read(c, 'p1');
    expect(stored.productName).toEqual([{ isoLanguageId: 'it-IT', productName: 'Stivale' }]);
    expect(stored.productType).toEqual([]);
    expect(stored.productTags).toEqual([{ isoLanguageId: 'en-GB', productTags: ['winter'] }]);
  });

  it('rejects null for a replace field (send [] to clear) and keeps the stored value', async () => {
    await push(c, { productGroupId: 'p1', productType: ['shoes'] });
    const res = await push(c, { productGroupId: 'p1', productType: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productType');
    expect((await read(c, 'p1')).productType).toEqual(['shoes']);
  });

  it('scalar fields replace the stored value; undocumented top-level fields are stored as sent', async () => {
    await push(c, { productGroupId: 'p1', introductionDate: '2012-05-05', shellLifeDays: 10 });
    await push(c, { productGroupId: 'p1', shellLifeDays: 20, variantsGroupId: 'g1', extra: { a: [1, 2] } });
    const stored = await read(c, 'p1');
    expect(stored).toMatchObject({
      introductionDate: '2012-05-05',
      shellLifeDays: 20,
      variantsGroupId: 'g1',
      extra: { a: [1, 2] },
    });
  });

  it('worked case: two prices under one (productId, spaceId) key are both kept, then one replaces both', async () => {
    const other = price('v2', 's1', 5);
    await push(c, { productGroupId: 'p1', productPriceList: [other] });
    const eur = price('v1', 's1', 10, 'EUR');
    const usd = price('v1', 's1', 12, 'USD');
    await push(c, { productGroupId: 'p1', productPriceList: [eur, usd] });
    expect((await read(c, 'p1')).productPriceList).toEqual([other, eur, usd]);

    const sek = price('v1', 's1', 100, 'SEK');
    await push(c, { productGroupId: 'p1', productPriceList: [sek] });
    expect((await read(c, 'p1')).productPriceList).toEqual([other, sek]);
  });

  // Per merge field: an element `a` and `b` under two keys; sending `a2` under a's key drops `a`,
  // keeps `b` first and appends `a2`; an element that differs in one key part is a new key.
  const mergeCases: { field: string; a: object; b: object; a2: object; otherPart: object }[] = [
    {
      field: 'variants',
      a: { productId: 'v1', productGroupId: 'p1', color: 'red' },
      b: { productId: 'v2', productGroupId: 'p1' },
      a2: { productId: 'v1', productGroupId: 'p1', color: 'blue' },
      otherPart: { productId: 'v1', productGroupId: 'p9' },
    },
    {
      field: 'productFeature',
      a: { productId: 'v1', productFeatureType: 'size', productFeatureValue: 'M' },
      b: { productId: 'v2', productFeatureType: 'size', productFeatureValue: 'L' },
      a2: { productId: 'v1', productFeatureType: 'fit', productFeatureValue: 'slim' },
      otherPart: { productId: 'v3', productFeatureType: 'size', productFeatureValue: 'S' },
    },
    {
      field: 'productPriceList',
      a: price('v1', 's1', 1),
      b: price('v2', 's1', 2),
      a2: price('v1', 's1', 3),
      otherPart: price('v1', 's2', 4),
    },
    {
      field: 'productStatus',
      a: { spaceId: 's1', productStatus: 'Active' },
      b: { spaceId: 's2', productStatus: 'Active' },
      a2: { spaceId: 's1', productStatus: 'Blocked' },
      otherPart: { spaceId: 's3', productStatus: 'Active' },
    },
    {
      field: 'catalogPageLocationProduct',
      a: { productId: 'v1', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/1.png' },
      b: { productId: 'v2', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/2.png' },
      a2: { productId: 'v1', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/3.png' },
      otherPart: { productId: 'v1', productGroupId: 'p9', catalogPageLocationProduct: 'https://img/4.png' },
    },
    {
      field: 'customProperties',
      a: { key: 'k1', spaceId: 's1', value: 1 },
      b: { key: 'k2', spaceId: 's1', value: 2 },
      a2: { key: 'k1', spaceId: 's1', value: 3 },
      otherPart: { key: 'k1', spaceId: 's2', value: 4 },
    },
    {
      field: 'productItemQuantity',
      a: { productId: 'v1', spaceId: 's1', productItemQuantity: 1 },
      b: { productId: 'v2', spaceId: 's1', productItemQuantity: 2 },
      a2: { productId: 'v1', spaceId: 's1', productItemQuantity: 3 },
      otherPart: { productId: 'v1', spaceId: 's2', productItemQuantity: 4 },
    },
  ];

  it.each(mergeCases)('merges $field by its key', async ({ field, a, b, a2, otherPart }) => {
    await push(c, { productGroupId: 'p1', [field]: [a, b] });
    await push(c, { productGroupId: 'p1', [field]: [a2] });
    expect((await read(c, 'p1'))[field]).toEqual([b, a2]);
    await push(c, { productGroupId: 'p1', [field]: [otherPart] });
    expect((await read(c, 'p1'))[field]).toEqual([b, a2, otherPart]);
  });

  it('rejects an element missing a key part, naming record and field, and writes nothing', async () => {
    await push(c, { productGroupId: 'p1', productStatus: [{ spaceId: 's1', productStatus: 'Active' }] });
    const res = await push(
      c,
      { productGroupId: 'p1', productStatus: [] },
      { productGroupId: 'p2', productItemQuantity: [{ productId: 'v1', productItemQuantity: 3 }] },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('data[1].productItemQuantity[0].spaceId');
    expect((await read(c, 'p1')).productStatus).toHaveLength(1);
    expect((await c.get(`${BASE}/products/p2`)).status).toBe(404);
  });

  it("defaults productGroupId in variants and catalogPageLocationProduct to the record's", async () => {
    await push(c, {
      productGroupId: 'p1',
      variants: [{ productId: 'v1', color: 'red' }],
      catalogPageLocationProduct: [{ productId: 'v1', catalogPageLocationProduct: 'https://img/1.png' }],
    });
    // Sent again with the part spelled out: the same key, so it replaces rather than adds.
    await push(c, {
      productGroupId: 'p1',
      variants: [{ productId: 'v1', productGroupId: 'p1', color: 'blue' }],
    });
    const stored = await read(c, 'p1');
    expect(stored.variants).toEqual([{ productId: 'v1', productGroupId: 'p1', color: 'blue' }]);
    expect(stored.catalogPageLocationProduct).toEqual([
      { productId: 'v1', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/1.png' },
    ]);
  });

  it('customProperties may omit spaceId: absent is its own key value', async () => {
    const global = { key: 'k', value: 'everywhere' };
    const inS1 = { key: 'k', spaceId: 's1', value: 'in s1' };
    await push(c, { productGroupId: 'p1', customProperties: [global, inS1] });
    const global2 = { key: 'k', value: 'changed' };
    await push(c, { productGroupId: 'p1', customProperties: [global2] });
    expect((await read(c, 'p1')).customProperties).toEqual([inS1, global2]);
  });

  it('rejects spaceIds in the payload (it is computed)', async () => {
    const res = await push(c, { productGroupId: 'p1', spaceIds: ['s1'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('spaceIds');
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(404);
  });

  it('computes spaceIds: stored ones, then those of prices, statuses and quantities, first seen, no duplicates', async () => {
    await push(c, {
      productGroupId: 'p1',
      productStatus: [{ spaceId: 's2', productStatus: 'Active' }],
      productPriceList: [price('v1', 's1', 1), price('v2', 's2', 1)],
    });
    // Prices come before statuses in the rule, so s1 is seen before s2.
    expect((await read(c, 'p1')).spaceIds).toEqual(['s1', 's2']);
    await push(c, {
      productGroupId: 'p1',
      productItemQuantity: [{ productId: 'v1', spaceId: 's3', productItemQuantity: 1 }],
      productPriceList: [price('v1', 's1', 2)],
    });
    expect((await read(c, 'p1')).spaceIds).toEqual(['s1', 's2', 's3']);
  });

  it('never shrinks spaceIds, even when no element carries a stored space any more', async () => {
    await push(c, { productGroupId: 'p1', productStatus: [{ spaceId: 's1', productStatus: 'Active' }] });
    // productStatus is keyed by spaceId: the s1 element stays, so clear it through PATCH first.
    await c.patch(`${BASE}/products`, { data: [{ productGroupId: 'p1', productStatus: [] }] });
    await push(c, { productGroupId: 'p1', productStatus: [{ spaceId: 's2', productStatus: 'Active' }] });
    const stored = await read(c, 'p1');
    expect(stored.productStatus).toEqual([{ spaceId: 's2', productStatus: 'Active' }]);
    expect(stored.spaceIds).toEqual(['s1', 's2']);
  });

  it('applies the same productGroupId twice in one batch in order: 201 then 200, both merged', async () => {
    const res = await push(
      c,
      { productGroupId: 'p1', productPriceList: [price('v1', 's1', 1)], shellLifeDays: 1 },
      { productGroupId: 'p1', productPriceList: [price('v2', 's1', 2)], shellLifeDays: 2 },
    );
    expect(res.body.data).toEqual([
      { productGroupId: 'p1', status: 201 },
      { productGroupId: 'p1', status: 200 },
    ]);
    const stored = await read(c, 'p1');
    expect(stored.productPriceList).toEqual([price('v1', 's1', 1), price('v2', 's1', 2)]);
    expect(stored.shellLifeDays).toBe(2);
  });

  it('rejects a record without productGroupId', async () => {
    const res = await push(c, { productType: ['shoes'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productGroupId');
  });

  it('rejects a 101-record batch with a message that says 100, and writes nothing', async () => {
    await push(c, { productGroupId: 'p0', shellLifeDays: 1 });
    const data = Array.from({ length: 101 }, (_, i) => ({ productGroupId: `p${i}`, shellLifeDays: 2 }));
    const res = await c.post(`${BASE}/products-push`, { data });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('100');
    expect((await read(c, 'p0')).shellLifeDays).toBe(1);
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(404);
  });

  it('accepts exactly 100 records', async () => {
    const data = Array.from({ length: 100 }, (_, i) => ({ productGroupId: `p${i}` }));
    const res = await c.post(`${BASE}/products-push`, { data });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(100);
    expect((await c.get(`${BASE}/products/p99`)).status).toBe(200);
  });

  it('rejects a batch with an invalid record in the middle whole: the records before it are not written', async () => {
    const res = await push(
      c,
      { productGroupId: 'p1' },
      { productGroupId: 'p2', shellLifeDays: 'long' },
      { productGroupId: 'p3' },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('data[1].shellLifeDays');
    for (const id of ['p1', 'p2', 'p3']) expect((await c.get(`${BASE}/products/${id}`)).status).toBe(404);
  });
});
