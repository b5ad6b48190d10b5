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
