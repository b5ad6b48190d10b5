import { describe, expect, it } from 'vitest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

const groupIds = (list: { productGroupId: string }[]): string[] => list.map((p) => p.productGroupId);

describe('sort keys of array fields', () => {
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
