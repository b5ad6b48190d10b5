import { beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { resolveSeed } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';
import { BASE, client, makeApp } from '../helpers.js';

let seed: SeedData;
let app: Express;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  seed = await resolveSeed('demo');
  app = await makeApp({ seed, seedName: 'demo' });
  c = client(app);
});

describe('scopes start from the seed; reset brings them back', () => {
  it('a product type changed through the API is back after POST /__admin/reset', async () => {
    const leaf = seed.productTypes.find((t) => t.productTypeId === 'coats')!;
    await c.post(`${BASE}/product-types`, { data: [{ productTypeId: 'coats', isRoot: true }] });
    await c.delete(`${BASE}/product-types`, { data: ['shoes'] });
    expect((await c.get(`${BASE}/product-types/coats`)).body.data).toEqual({
      productTypeId: 'coats',
      isRoot: true,
    });
    expect((await c.get(`/acme/other/product-types/shoes`)).status).toBe(200);

    expect((await c.post('/__admin/reset')).status).toBe(200);
    expect((await c.get(`${BASE}/product-types/coats`)).body.data).toEqual(leaf);
    expect((await c.get(`${BASE}/product-types`)).body.data).toHaveLength(seed.productTypes.length);
  });

  it('a product changed through the API is back after reset', async () => {
    const original = seed.products[0]!;
    const id = original.productGroupId;
    const patched = await c.patch(`${BASE}/products`, {
      data: [{ productGroupId: id, productType: ['shoes'] }],
    });
    expect(patched.body.data).toEqual([{ productGroupId: id, status: 200 }]);
    expect((await c.get(`${BASE}/products/${id}`)).body.data.productType).toEqual(['shoes']);

    await c.post('/__admin/reset');
    expect((await c.get(`${BASE}/products/${id}`)).body.data).toEqual(original);
  });
});

describe('the demo dataset supports the read routes', () => {
  it('lists products with facets by productType over leaf types', async () => {
    const res = await c.get(`${BASE}/products?limit=5&facets=productType`);
    expect(res.body.data.count).toBe(seed.products.length);
    expect(res.body.data.list).toHaveLength(5);
    const facets: { value: string; count: number }[] = res.body.data.facets.productType;
    expect(facets.length).toBeGreaterThan(5);
    expect(facets.reduce((n, f) => n + f.count, 0)).toBe(seed.products.length);
  });

  it('finds a listed EAN, and a UPC-A without its leading zero', async () => {
    const variant = seed.products[10]!.variants![1]!;
    const ean = variant.europeanArticleNumber?.[0] ?? variant.universalProductCode![0]!;
    const res = await c.get(`${BASE}/products-barcode/${ean}`);
    expect(res.body.data.productId).toBe(variant.productId);

    const withUpc = seed.products.flatMap((p) => p.variants!).find((v) => v.universalProductCode?.length)!;
    const upc = withUpc.universalProductCode![0]!;
    expect(upc.startsWith('0')).toBe(true);
    expect((await c.get(`${BASE}/products-barcode/${upc.slice(1)}`)).body.data.productId).toBe(
      withUpc.productId,
    );
  });

  it('recommends the related products, and lists a variants group', async () => {
    const product = seed.products.find((p) => (p.relatedProductGroups?.length ?? 0) >= 2)!;
    const res = await c.get(`${BASE}/product-recommendations/${product.productGroupId}`);
    expect(res.body.data.map((p: { productGroupId: string }) => p.productGroupId)).toEqual(
      product.relatedProductGroups!.map((r) => r.relatedProductGroupId),
    );

    const grouped = seed.products.find((p) => p.variantsGroupId)!;
    const members = seed.products.filter((p) => p.variantsGroupId === grouped.variantsGroupId);
    const merged = await c.get(
      `${BASE}/products/${grouped.productGroupId}?includeProductsByVariantsByGroupId=true`,
    );
    const count = members.reduce((n, p) => n + p.variants!.length, 0);
    expect(merged.body.data.variants).toHaveLength(count);
  });

  it('filters by currency: not every product is sold in every space', async () => {
    const filter = JSON.stringify({ eq: ['productPriceList/isoCurrencyCode', 'SEK'] });
    const res = await c.get(`${BASE}/products?limit=1&filter=${encodeURIComponent(filter)}`);
    const expected = seed.products.filter((p) =>
      p.productPriceList!.some((x) => x.isoCurrencyCode === 'SEK'),
    );
    expect(res.body.data.count).toBe(expected.length);
    expect(expected.length).toBeLessThan(seed.products.length);
  });
});

describe('a seed given in code', () => {
  it('is checked as a seed file is: a bad record stops createApp with a message, before any 500', async () => {
    // Served unchecked, a product type without productTypeId made GET /search answer 500.
    const bad = { products: [{ productGroupId: 'p1', productName: 'Boot' }], productTypes: [] };
    await expect(makeApp({ seed: bad as unknown as SeedData })).rejects.toThrow(
      'seed: products[0] (productGroupId "p1"): productName must be an array (got "Boot")',
    );
    const untitled = { products: [], productTypes: [{}] };
    await expect(makeApp({ seed: untitled as unknown as SeedData })).rejects.toThrow(
      'seed: productTypes[0]: productTypeId is required',
    );
    const twice = { products: [{ productGroupId: 'p1' }, { productGroupId: 'p1' }], productTypes: [] };
    await expect(makeApp({ seed: twice as unknown as SeedData })).rejects.toThrow(
      'seed: products[1] (productGroupId "p1"): productGroupId repeats the one of products[0]',
    );
    await expect(makeApp({ seed: { products: {} } as unknown as SeedData })).rejects.toThrow(
      'seed: { products, productTypes } must hold two arrays',
    );
    // Left out as absent, a misspelt list gave an empty catalog without a word.
    await expect(
      makeApp({ seed: { product: [{ productGroupId: 'p1' }] } as unknown as SeedData }),
    ).rejects.toThrow(
      'seed: "product" is not part of a dataset, which holds "products" and "productTypes" only',
    );
  });

  it('refuses a number that is not finite where the schema leaves the type open, which was answered as null', async () => {
    const products = [
      {
        productGroupId: 'p1',
        customProperties: [
          { key: 'k', value: 1 },
          { key: 'w', value: Infinity },
        ],
      },
    ];
    await expect(makeApp({ seed: { products, productTypes: [] } as unknown as SeedData })).rejects.toThrow(
      'seed: products[0] (productGroupId "p1"): customProperties[1].value is Infinity, which JSON has no number for: it would be answered as null. Give a finite number, or a string',
    );
    const types = [{ productTypeId: 't1', note: { weights: [1, Number.NaN] } }];
    await expect(
      makeApp({ seed: { products: [], productTypes: types } as unknown as SeedData }),
    ).rejects.toThrow(
      'seed: productTypes[0] (productTypeId "t1"): note.weights[1] is NaN, which JSON has no number for',
    );
  });

  it('may leave out products or product types, and gets spaceIds computed as a file does', async () => {
    const products = [
      { productGroupId: 'p1', productPriceList: [{ productId: 'v1', spaceId: 's1', listPrice: 1 }] },
    ];
    const given = await makeApp({ seed: { products } as unknown as SeedData });
    const res = await client(given).get(`${BASE}/products/p1`);
    expect(res.status).toBe(200);
    expect(res.body.data.spaceIds).toEqual(['s1']);
    expect((await client(given).get(`${BASE}/product-types`)).body.data).toEqual([]);
  });
});
