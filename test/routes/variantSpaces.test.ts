import { describe, expect, it } from 'vitest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

describe('PATCH /variants and upsertSpaceIds', () => {
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

  // docs/behaviour.md, "Variants": both ways, so neither "either is true" nor "both are true" passes.
  it.each([
    [true, false, ['s1']],
    [false, true, ['s1', 's9']],
  ])(
    "reads the body's upsertSpaceIds before the query's (query %s, body %s)",
    async (query, body, spaceIds) => {
      const base = fresh();
      await c.post(`${base}/products-push`, { data: [boot] });
      const res = await c.patch(`${base}/variants?upsertSpaceIds=${query}`, {
        upsertSpaceIds: body,
        data: [{ productId: 'v1', productPriceList: [{ productId: 'v1', spaceId: 's9', listPrice: 1 }] }],
      });
      expect(res.status).toBe(200);
      expect((await c.get(`${base}/products/p1`)).body.data.spaceIds).toEqual(spaceIds);
    },
  );
});
