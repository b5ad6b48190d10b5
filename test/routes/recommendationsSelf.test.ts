// A product naming itself in relatedProductGroups is never recommended to itself, on any list.
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { BASE, client, makeApp } from '../helpers.js';

const related = (...ids: string[]) =>
  ids.map((relatedProductGroupId) => ({
    relatedProductGroupId,
    productRelationshipType: 'Recommended' as const,
  }));
const brand = [{ isoLanguageId: 'en-GB', brandName: 'Acme' }];
const products: CatalogProduct[] = [
  // Without a productType: as its own related product it shares no type with itself, so
  // completeTheLook took it as "a related product of another type".
  { productGroupId: 'loner', brand, relatedProductGroups: related('loner') },
  { productGroupId: 'kit', brand, relatedProductGroups: related('kit', 'belt', 'kit') },
  { productGroupId: 'belt', productType: ['belts'], brand },
];
const ids = (list: CatalogProduct[]) => list.map((p) => p.productGroupId);

describe('recommendations never hold the product asked about', () => {
  it('GET /product-recommendations/{id} leaves the product itself out of its related products', async () => {
    const c = client(await makeApp({ seed: { products, productTypes: [] } }));
    const loner = await c.get(`${BASE}/product-recommendations/loner`);
    expect(loner.status).toBe(200);
    expect(loner.body.data).toEqual([]);
    expect(ids((await c.get(`${BASE}/product-recommendations/kit`)).body.data)).toEqual(['belt']);
  });

  it('GET /product-recommendations-by-productId leaves it out of every list, whatever the inclusion and source', async () => {
    const c = client(await makeApp({ seed: { products, productTypes: [] } }));
    for (const id of ['loner', 'kit']) {
      for (const inclusion of ['default', 'all', 'similarItems', 'completeTheLook']) {
        for (const source of ['default', 'streamoid', 'unbxd']) {
          const path = `${BASE}/product-recommendations-by-productId/${id}?recommendationInclusion=${inclusion}&source=${source}`;
          const res = await c.get(path);
          expect(res.status, path).toBe(200);
          const { default: first, similarItems, completeTheLook } = res.body.data;
          for (const list of [first, similarItems, completeTheLook])
            expect(ids(list), path).not.toContain(id);
        }
      }
    }
    // What is left is still answered: kit's other related product, and loner's brand fallback.
    const kit = await c.get(`${BASE}/product-recommendations-by-productId/kit?recommendationInclusion=all`);
    expect(ids(kit.body.data.default)).toEqual(['belt']);
    expect(ids(kit.body.data.completeTheLook)).toEqual(['belt']);
    const loner = await c.get(
      `${BASE}/product-recommendations-by-productId/loner?recommendationInclusion=completeTheLook`,
    );
    // The brand fallback: the other Acme products whose type loner (which has none) does not share.
    expect(ids(loner.body.data.completeTheLook)).toEqual(['belt', 'kit']);
  });
});
