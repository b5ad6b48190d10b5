import { describe, expect, it } from 'vitest';
import { parseFilterWithKey } from '../../src/domain/filter.js';
import { parseSummaryRequest, summarize } from '../../src/domain/facets.js';
import { summaryOf } from '../../src/query/summaryCache.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const product = (id: string, type: string, brand: string, feature: string): CatalogProduct => ({
  productGroupId: id,
  productType: [type],
  brand: [{ isoLanguageId: 'en', brandName: brand }],
  productFeature: [{ productId: id, productFeatureType: 'color', productFeatureValue: feature }],
});
const snapshot: CatalogProduct[] = [
  product('a', 'shirt', 'Acme', 'red'),
  product('b', 'shirt', 'Bolt', 'blue'),
  product('c', 'shoe', 'Acme', 'red'),
];

describe('facet summaries kept per snapshot', () => {
  it('answers each facet request, filter and attribute choice of one snapshot with its own counts', () => {
    const shoes = parseFilterWithKey(JSON.stringify({ eq: ['productType', 'shoe'] }));
    const requests = [
      parseSummaryRequest('productType', undefined, undefined),
      parseSummaryRequest('brand/brandName', undefined, undefined),
      parseSummaryRequest('productType,brand/brandName', undefined, undefined),
      parseSummaryRequest('productType', true, undefined),
      parseSummaryRequest('productType', true, 'size'),
      // A newline inside a name once made these two the same key: the second got the first's facets.
      parseSummaryRequest('productType', true, '-\n-'),
      parseSummaryRequest('productType\n-', undefined, undefined),
    ];
    // Twice over: the second round is answered from the cache and must not mix requests up.
    for (let round = 0; round < 2; round++) {
      for (const request of requests) {
        expect(summaryOf(snapshot, undefined, snapshot, request, true)).toEqual(summarize(snapshot, request));
        const matches = snapshot.filter(shoes.predicate);
        expect(summaryOf(snapshot, shoes, matches, request, true)).toEqual(summarize(matches, request));
      }
    }
  });

  it('counts a new snapshot afresh, and an uncacheable (searched) match list every time', () => {
    const request = parseSummaryRequest('brand/brandName', undefined, undefined);
    expect(summaryOf(snapshot, undefined, snapshot, request, true).facets['brand/brandName']).toHaveLength(2);
    const changed = [...snapshot, product('d', 'hat', 'Cove', 'green')];
    expect(summaryOf(changed, undefined, changed, request, true).facets['brand/brandName']).toHaveLength(3);
    const one = [snapshot[1] as CatalogProduct];
    expect(summaryOf(snapshot, undefined, one, request, false).facets['brand/brandName']).toEqual([
      { value: 'Bolt', count: 1 },
    ]);
  });

  it('answers no facets and no attribute filters without counting', () => {
    const none = summaryOf(
      snapshot,
      undefined,
      snapshot,
      parseSummaryRequest(undefined, undefined, undefined),
      true,
    );
    expect(none).toEqual({ facets: {}, attributeFilters: {} });
  });
});
