import { describe, expect, it } from 'vitest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

describe('overwrite push', () => {
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
