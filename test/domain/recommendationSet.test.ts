import { describe, expect, it } from 'vitest';
import { recommendationSet } from '../../src/domain/recommendationSet.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const related = (...ids: string[]) =>
  ids.map((relatedProductGroupId) => ({
    relatedProductGroupId,
    productRelationshipType: 'Recommended' as const,
  }));
const brand = (brandName: string) => [{ isoLanguageId: 'en-GB', brandName }];

const catalog: CatalogProduct[] = [
  { productGroupId: 'belt', productType: ['belts'], brand: brand('Acme') },
  {
    productGroupId: 'boot',
    productType: ['shoes'],
    brand: brand('Acme'),
    relatedProductGroups: related('sock', 'sandal', 'gone'),
  },
  { productGroupId: 'clog', productType: ['shoes'], brand: brand('Zeta') },
  { productGroupId: 'hat', productType: ['hats'], brand: brand('Zeta') },
  { productGroupId: 'sandal', productType: ['shoes'], brand: brand('Acme') },
  { productGroupId: 'sock', productType: ['socks'], brand: brand('Zeta') },
];
const byId = new Map(catalog.map((p) => [p.productGroupId, p]));
const lookup = (id: string) => byId.get(id);
const ids = (list: CatalogProduct[]) => list.map((p) => p.productGroupId);
const set = (id: string, inclusion: Parameters<typeof recommendationSet>[3], limit = 10) => {
  const s = recommendationSet(byId.get(id) as CatalogProduct, catalog, lookup, inclusion, limit);
  return {
    default: ids(s.default),
    similarItems: ids(s.similarItems),
    completeTheLook: ids(s.completeTheLook),
  };
};

describe('product-recommendations-by-productId', () => {
  it('all: related products; others of its type; related products of other types', () => {
    expect(set('boot', 'all')).toEqual({
      default: ['sock', 'sandal'],
      similarItems: ['clog', 'sandal'],
      completeTheLook: ['sock'],
    });
  });

  it('completeTheLook falls back to other products of its brand and of another type', () => {
    expect(set('clog', 'completeTheLook')).toEqual({
      default: [],
      similarItems: [],
      completeTheLook: ['hat', 'sock'],
    });
  });

  it('leaves products of its own type out of the brand fallback', () => {
    const zeta: CatalogProduct[] = [
      { productGroupId: 'clog', productType: ['shoes'], brand: brand('Zeta') },
      { productGroupId: 'hat', productType: ['hats'], brand: brand('Zeta') },
      { productGroupId: 'mule', productType: ['shoes'], brand: brand('Zeta') },
    ];
    const found = recommendationSet(zeta[0] as CatalogProduct, zeta, () => undefined, 'completeTheLook', 10);
    expect(ids(found.completeTheLook)).toEqual(['hat']);
  });

  it('fills only the list asked for, and bounds each by limit', () => {
    expect(set('boot', 'default')).toEqual({
      default: ['sock', 'sandal'],
      similarItems: [],
      completeTheLook: [],
    });
    expect(set('boot', 'similarItems', 1)).toEqual({
      default: [],
      similarItems: ['clog'],
      completeTheLook: [],
    });
    expect(set('boot', 'all', 1).default).toEqual(['sock']);
  });
});
