import { describe, expect, it } from 'vitest';
import { parseSummaryRequest, summarize } from '../../src/domain/facets.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const feature = (productFeatureType: string, productFeatureValue: string) => ({
  productId: 'v',
  productFeatureType,
  productFeatureValue,
});
const products: CatalogProduct[] = [
  {
    productGroupId: 'a',
    productType: ['x', 'x', 'y'],
    isDeleted: false,
    productFeature: [feature('color', 'red'), feature('size', 'M')],
  },
  {
    productGroupId: 'b',
    productType: ['y'],
    isDeleted: true,
    productFeature: [feature('color', 'blue'), feature('color', 'red')],
  },
  { productGroupId: 'c', productType: ['z', 'y'], productFeature: [feature('__proto__', 'odd')] },
];

describe('facets', () => {
  it('counts products per value (once per product), by count descending then value', () => {
    const { facets } = summarize(
      products,
      parseSummaryRequest('productType, isDeleted,nope', undefined, undefined),
    );
    expect(facets).toEqual({
      productType: [
        { value: 'y', count: 3 },
        { value: 'x', count: 1 },
        { value: 'z', count: 1 },
      ],
      isDeleted: [
        { value: false, count: 1 },
        { value: true, count: 1 },
      ],
      nope: [],
    });
  });

  it('counts a bare array key and a key in other case as a filter reads them', () => {
    const { facets } = summarize(
      products,
      parseSummaryRequest('productFeature,ProductType', undefined, undefined),
    );
    // productFeature elements have no field of that name: their objects are no value to count.
    expect(facets).toEqual({
      productFeature: [],
      ProductType: [
        { value: 'y', count: 3 },
        { value: 'x', count: 1 },
        { value: 'z', count: 1 },
      ],
    });
    const statuses: CatalogProduct[] = [
      { productGroupId: 'a', productStatus: [{ spaceId: 's', productStatus: 'Active' }] },
      { productGroupId: 'b', productStatus: [{ spaceId: 's', productStatus: 'Active' }] },
    ];
    expect(summarize(statuses, parseSummaryRequest('productStatus', undefined, undefined)).facets).toEqual({
      productStatus: [{ value: 'Active', count: 2 }],
    });
  });

  it('takes 20 facet paths and refuses 21 with a 400 that names the limit', () => {
    const paths = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`).join(',');
    expect(parseSummaryRequest(paths(20), undefined, undefined).facets).toHaveLength(20);
    expect(() => parseSummaryRequest(paths(21), undefined, undefined)).toThrow(
      'facets names 21 paths; the limit is 20',
    );
  });

  it('rejects a facet that is no field path', () => {
    expect(() => parseSummaryRequest('a//b', undefined, undefined)).toThrow(
      /facets: "a\/\/b" is not a field path/,
    );
  });
});

describe('attributeFilters', () => {
  it('maps each feature type to its distinct values, only when included, limited to the listed types', () => {
    expect(summarize(products, parseSummaryRequest(undefined, undefined, 'color')).attributeFilters).toEqual(
      {},
    );
    const all = summarize(products, parseSummaryRequest(undefined, true, undefined)).attributeFilters;
    expect(Object.keys(all)).toEqual(['__proto__', 'color', 'size']);
    expect(all.color).toEqual(['blue', 'red']);
    expect(all.size).toEqual(['M']);
    expect(summarize(products, parseSummaryRequest(undefined, true, 'size, nope')).attributeFilters).toEqual({
      size: ['M'],
    });
  });
});
