import { describe, expect, it } from 'vitest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

describe('merge push', () => {
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

  it('rejects null for a merge field as well, saying what [] does there: it merges none and empties nothing', async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', variants: [{ productId: 'v1' }] }],
    });
    const stored = [{ productId: 'v1', productGroupId: 'p1' }];
    const res = await c.post(`${base}/products-push`, { data: [{ productGroupId: 'p1', variants: null }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].variants must be an array of elements to merge by key; [] merges none and leaves the stored ones, and PATCH /products with [] empties the list (got null)',
    );
    expect((await c.get(`${base}/products/p1`)).body.data.variants).toEqual(stored);
    // What the message says, each half.
    await c.post(`${base}/products-push`, { data: [{ productGroupId: 'p1', variants: [] }] });
    expect((await c.get(`${base}/products/p1`)).body.data.variants).toEqual(stored);
    await c.patch(`${base}/products`, { data: [{ productGroupId: 'p1', variants: [] }] });
    expect((await c.get(`${base}/products/p1`)).body.data.variants).toEqual([]);
  });

  it('keeps "send [] to clear it" for a replace field of the same record, where [] does clear', async () => {
    const base = fresh();
    const res = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', productType: null, productPriceList: 'x' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.data[0].productType', message: 'must be an array; send [] to clear it (got null)' },
        {
          path: 'body.data[0].productPriceList',
          message:
            'must be an array of elements to merge by key; [] merges none and leaves the stored ones, and PATCH /products with [] empties the list (got "x")',
        },
      ]),
    );
    expect(res.body.errors).toHaveLength(2);
  });
});
