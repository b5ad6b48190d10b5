import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { client, makeApp } from '../helpers.js';
import { loadSchemaValidator, type SchemaValidator } from '../../src/openapi/schemas.js';

type Client = ReturnType<typeof client>;

// One app for the file; each test gets a tenant of its own, so starts from an empty scope.
let app: Express;
let tenant = 0;
let BASE = '';
let c: Client;
let schemas: SchemaValidator;
beforeAll(async () => {
  app = await makeApp();
  schemas = await loadSchemaValidator();
});

const price = (productId: string, spaceId: string, listPrice: number, isoCurrencyCode = 'EUR') => ({
  productId,
  spaceId,
  listPrice,
  isoCurrencyCode,
});
const qty = (productId: string, spaceId: string, productItemQuantity: number) => ({
  productId,
  spaceId,
  productItemQuantity,
});
const feature = (productId: string, productFeatureValue: string) => ({
  productId,
  productFeatureType: 'size',
  productFeatureValue,
});

const boot = {
  productGroupId: 'p1',
  productName: [{ isoLanguageId: 'en-GB', productName: 'Boot' }],
  productDescription: [{ isoLanguageId: 'en-GB', productDescription: 'Warm' }],
  variants: [
    { productId: 'v1', productGroupId: 'p1', color: 'red', size: 'M' },
    { productId: 'v2', productGroupId: 'p1', color: 'blue' },
  ],
  productPriceList: [price('v1', 's1', 10), price('v2', 's1', 20)],
  productItemQuantity: [qty('v1', 's1', 1), qty('v2', 's1', 2)],
  productFeature: [feature('v1', 'M'), feature('v2', 'L')],
  catalogPageLocationProduct: [
    { productId: 'v2', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/2.png' },
    { productId: 'v1', productGroupId: 'p1', catalogPageLocationProduct: 'https://img/1.png' },
  ],
  productLabel: [{ spaceId: 's1', productLabel: 'Online Exclusive' }],
};

const read = async (id: string) => (await c.get(`${BASE}/products/${id}`)).body.data;
const patch = (body: object, query = '') => c.patch(`${BASE}/variants${query}`, body);

beforeEach(async () => {
  BASE = `/variants${++tenant}/dev`;
  c = client(app);
  await c.post(`${BASE}/products-push`, { data: [boot] });
});

describe('GET /variants/{productId} (docs/behaviour.md, "Variants")', () => {
  it("answers the variant with its product's data narrowed to it", async () => {
    const res = await c.get(`${BASE}/variants/v1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      productId: 'v1',
      productGroupId: 'p1',
      color: 'red',
      size: 'M',
      spaceIds: ['s1'],
      productName: boot.productName,
      productDescription: boot.productDescription,
      productPriceList: [price('v1', 's1', 10)],
      productItemQuantity: [qty('v1', 's1', 1)],
      catalogPageLocationProduct: [boot.catalogPageLocationProduct[1]],
      // Labels name no variant: they belong to the whole product.
      productLabel: boot.productLabel,
    });
    expect(schemas.checkComponent('VariantInfo', res.body.data)).toEqual([]);
  });

  it('answers from the product with the lowest productGroupId when several hold the variant', async () => {
    await c.post(`${BASE}/products-push`, {
      data: [{ productGroupId: 'p0', variants: [{ productId: 'v1', color: 'white' }] }],
    });
    const res = await c.get(`${BASE}/variants/v1`);
    expect(res.body.data).toMatchObject({ productGroupId: 'p0', color: 'white', spaceIds: [] });
  });

  it("answers the variant's own productName before the product's", async () => {
    const own = [{ isoLanguageId: 'en-GB', productName: 'Red boot' }];
    await c.patch(`${BASE}/variants`, { data: [{ productId: 'v1', productName: own }] });
    expect((await c.get(`${BASE}/variants/v1`)).body.data.productName).toEqual(own);
    expect((await c.get(`${BASE}/variants/v2`)).body.data.productName).toEqual(boot.productName);
  });

  it('answers spaceIds [] and leaves out what the product lacks, for a product without them', async () => {
    const bare = client(
      await makeApp({
        seed: { products: [{ productGroupId: 'p', variants: [{ productId: 'v' }] }], productTypes: [] },
      }),
    );
    const res = await bare.get('/acme/dev/variants/v');
    expect(res.body.data).toEqual({ productId: 'v', productGroupId: 'p', spaceIds: [] });
    expect(schemas.checkComponent('VariantInfo', res.body.data)).toEqual([]);
  });

  it('answers 404 when no product has that variant', async () => {
    const res = await c.get(`${BASE}/variants/nope`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('nope');
  });
});

describe('PATCH /variants (docs/behaviour.md, "Variants")', () => {
  it('takes any number of items: the specification limits pushes and product updates, not this', async () => {
    const items = Array.from({ length: 151 }, (_, i) => ({ productId: i % 2 ? 'v1' : 'v2', size: `S${i}` }));
    const res = await patch({ data: items });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(151);
    // items apply in order: the last item naming each variant is what stays
    const variants = (await read('p1')).variants as { productId: string; size?: string }[];
    expect(variants.find((v) => v.productId === 'v1')?.size).toBe('S149');
    expect(variants.find((v) => v.productId === 'v2')?.size).toBe('S150');
  });

  it('replaces the sent variant fields and leaves the others and other variants alone', async () => {
    const res = await patch({ data: [{ productId: 'v1', color: 'green' }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ productId: 'v1', productGroupId: 'p1', status: 200 }] });
    const stored = await read('p1');
    expect(stored.variants).toEqual([
      { productId: 'v1', productGroupId: 'p1', color: 'green', size: 'M' },
      boot.variants[1],
    ]);
    expect(stored.productPriceList).toEqual(boot.productPriceList);
  });

  it('merges prices and quantities by (productId, spaceId) and features by productId', async () => {
    const eur = price('v1', 's1', 11, 'EUR');
    const usd = price('v1', 's1', 13, 'USD');
    const inS2 = qty('v1', 's2', 5);
    await patch({ data: [{ productId: 'v1', productPriceList: [eur, usd], productItemQuantity: [inS2] }] });
    await patch({ data: [{ productId: 'v2', productFeature: [feature('v2', 'XL')] }] });
    const stored = await read('p1');
    expect(stored.productPriceList).toEqual([price('v2', 's1', 20), eur, usd]);
    expect(stored.productItemQuantity).toEqual([...boot.productItemQuantity, inS2]);
    expect(stored.productFeature).toEqual([feature('v1', 'M'), feature('v2', 'XL')]);
    // Without upsertSpaceIds the product's spaceIds stay as they were.
    expect(stored.spaceIds).toEqual(['s1']);
  });

  it('with upsertSpaceIds in the body, adds the spaceIds of the sent prices and quantities', async () => {
    await patch({
      data: [
        {
          productId: 'v1',
          productPriceList: [price('v1', 's3', 1)],
          productItemQuantity: [qty('v1', 's2', 1)],
        },
      ],
      upsertSpaceIds: true,
    });
    expect((await read('p1')).spaceIds).toEqual(['s1', 's3', 's2']);
  });

  it('reads upsertSpaceIds from the query string too', async () => {
    await patch(
      { data: [{ productId: 'v1', productPriceList: [price('v1', 's3', 1)] }] },
      '?upsertSpaceIds=true',
    );
    expect((await read('p1')).spaceIds).toEqual(['s1', 's3']);
  });

  it('answers 404 in the item when no product holds the variant, and applies the other items', async () => {
    const res = await patch({
      data: [
        { productId: 'nope', color: 'x' },
        { productId: 'v2', color: 'black' },
        { productId: 'v2', size: 'S' },
      ],
    });
    expect(res.body.data).toEqual([
      { productId: 'nope', status: 404 },
      { productId: 'v2', productGroupId: 'p1', status: 200 },
      { productId: 'v2', productGroupId: 'p1', status: 200 },
    ]);
    // Two items on one product both land, in order.
    expect((await read('p1')).variants[1]).toEqual({
      productId: 'v2',
      productGroupId: 'p1',
      color: 'black',
      size: 'S',
    });
  });

  it('rejects an element of another variant with a 400 naming it, and writes nothing of the batch', async () => {
    const res = await patch({
      data: [
        { productId: 'v1', color: 'green' },
        { productId: 'v2', productItemQuantity: [qty('v2', 's1', 3), qty('v1', 's1', 9)] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('body.data[1].productItemQuantity[1].productId');
    expect(await read('p1')).toMatchObject({
      variants: boot.variants,
      productItemQuantity: boot.productItemQuantity,
    });
  });

  it("updates the product the item's productGroupId names, and 404s when that product lacks the variant", async () => {
    await c.post(`${BASE}/products-push`, {
      data: [{ productGroupId: 'p0', variants: [{ productId: 'v1' }] }],
    });
    const res = await patch({
      data: [
        { productId: 'v1', productGroupId: 'p1', color: 'green' },
        { productId: 'v2', productGroupId: 'p0', color: 'green' },
      ],
    });
    expect(res.body.data).toEqual([
      { productId: 'v1', productGroupId: 'p1', status: 200 },
      { productId: 'v2', status: 404 },
    ]);
    for (const item of res.body.data) expect(schemas.checkComponent('VariantItemResult', item)).toEqual([]);
    expect((await read('p1')).variants[0].color).toBe('green');
    expect((await read('p0')).variants).toEqual([{ productId: 'v1', productGroupId: 'p0' }]);
  });

  it('rejects null for a list it merges, saying that [] merges none, as it does', async () => {
    const res = await patch({ data: [{ productId: 'v1', productPriceList: null }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "body.data[0].productPriceList must be an array of elements to merge by key into the variant's; [] merges none and leaves them as they are (got null)",
    );
    expect(await read('p1')).toMatchObject({ productPriceList: boot.productPriceList });
    // As the message says: [] leaves the variant's prices as they are.
    expect((await patch({ data: [{ productId: 'v1', productPriceList: [] }] })).status).toBe(200);
    expect((await read('p1')).productPriceList).toEqual(boot.productPriceList);
  });

  it('refuses a field of the product, such as customProperties, naming it and what an item takes, and writes nothing', async () => {
    // It was stored inside the variant as an undocumented field: no read of the product's
    // customProperties saw it, and GET /variants answered it as the variant's.
    const before = await read('p1');
    const res = await patch({
      data: [
        { productId: 'v1', color: 'green' },
        { productId: 'v2', customProperties: [{ key: 'k', value: 'x' }], productStatus: [] },
      ],
    });
    expect(res.status).toBe(400);
    const takes =
      "is a field of the product, not of a variant, and may not be sent here: an item of PATCH /variants takes productId, the fields of a variant (color, size, ...) and that variant's productPriceList, productFeature and productItemQuantity elements; send the product's fields with POST /products-push or PATCH /products";
    // In the schema's order of fields.
    expect(res.body.errors).toEqual([
      { path: 'body.data[1].productStatus', message: takes },
      { path: 'body.data[1].customProperties', message: takes },
    ]);
    expect(res.body.message).toContain('body.data[1].customProperties');
    expect(await read('p1')).toEqual(before);
    expect((await c.get(`${BASE}/variants/v2`)).body.data).not.toHaveProperty('customProperties');
  });

  it('rejects an item without productId', async () => {
    const res = await patch({ data: [{ color: 'green' }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productId');
  });
});
