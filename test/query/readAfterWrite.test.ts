import { beforeAll, describe, expect, it } from 'vitest';
import { client, makeApp } from '../helpers.js';
import type { CatalogProduct } from '../../src/domain/types.js';

type Client = ReturnType<typeof client>;

const groupIds = (list: { productGroupId: string }[]): string[] => list.map((p) => p.productGroupId);

describe('a read after a write sees the write, whatever the reads before it kept', () => {
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

  it("counts a filter's facets after a delete and an update when its matches were no longer cached", async () => {
    const base = '/cache4/dev';
    const facetsOf = async (f: object) => {
      const query = `filter=${encodeURIComponent(JSON.stringify(f))}&facets=productGroupId,shellLifeDays`;
      const res = await r.get(`${base}/products?${query}&limit=1`);
      expect(res.status).toBe(200);
      return res.body.data.facets as Record<string, { value: unknown; count: number }[]>;
    };
    const boots = { startsWith: ['productGroupId', 'p'] };
    await facetsOf(boots);
    // 16 other filters without facets push the filter's matches out of the snapshot's cache (16
    // filters a snapshot), while its facet counts stay: the next read after a write counts them from
    // those, by what the write removed and added (docs/performance.md, "Snapshots after a write").
    for (let i = 0; i < 16; i++) {
      const other = encodeURIComponent(JSON.stringify({ ne: ['productGroupId', `x${i}`] }));
      expect((await r.get(`${base}/products?filter=${other}&limit=1`)).status).toBe(200);
    }
    await r.patch(`${base}/products`, { data: [{ productGroupId: 'p2', shellLifeDays: 5 }] }).expect(200);
    expect((await facetsOf(boots)).shellLifeDays).toEqual([
      { value: 1, count: 1 },
      { value: 5, count: 1 },
    ]);
    for (let i = 0; i < 16; i++) {
      const other = encodeURIComponent(JSON.stringify({ ne: ['productGroupId', `y${i}`] }));
      expect((await r.get(`${base}/products?filter=${other}&limit=1`)).status).toBe(200);
    }
    await r.delete(`${base}/products`, { data: ['p1'] }).expect(200);
    expect(await facetsOf(boots)).toEqual({
      productGroupId: [{ value: 'p2', count: 1 }],
      shellLifeDays: [{ value: 5, count: 1 }],
    });
  });
});
