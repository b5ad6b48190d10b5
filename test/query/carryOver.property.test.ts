// After a write, a sorted or filtered list is carried over from the previous snapshot: whatever the
// writes, reads and queries, every answer must be exactly what a fresh snapshot of the same products
// gives, which has nothing cached and nothing to carry over.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Scope, newRecord } from '../../src/store/scope.js';
import { parseListQuery, runListQuery } from '../../src/query/productQuery.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const sortable = new Set(['productGroupId', 'shellLifeDays', 'productName', 'productPriceList/listPrice']);

const id = fc.integer({ min: 1, max: 30 }).map((n) => `p${n}`);
// Few distinct values, so sort keys tie and the last tie (productGroupId) decides.
const product = fc.record(
  {
    productGroupId: id,
    shellLifeDays: fc.integer({ min: 0, max: 3 }),
    productName: fc
      .constantFrom('Boot', 'boot', 'Bag', 'Ännu')
      .map((n) => [{ isoLanguageId: 'en-GB', productName: n }]),
    // A word found outside the name counts once, in the name twice: relevance orders the matches.
    productDescription: fc
      .constantFrom('Boot polish', 'A bag')
      .map((text) => [{ isoLanguageId: 'en-GB', productDescription: text }]),
    // Repeated within a product too: a product counts once per value.
    productFeature: fc.array(
      fc.record({
        productId: fc.constant('v'),
        productFeatureType: fc.constantFrom('color', 'size'),
        productFeatureValue: fc.constantFrom('red', 'blue'),
      }),
      { maxLength: 3 },
    ),
    productPriceList: fc.array(
      fc.integer({ min: 1, max: 4 }).map((listPrice) => ({ productId: 'v', spaceId: 's', listPrice })),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['productGroupId'] },
) as fc.Arbitrary<CatalogProduct>;

const write = fc.oneof(
  fc.record({ put: fc.array(product, { minLength: 1, maxLength: 3 }) }),
  fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 3 }) }),
);

const query = fc.record({
  sort: fc.constantFrom(
    undefined,
    'shellLifeDays',
    'shellLifeDays desc',
    'productName, shellLifeDays desc',
    'productPriceList/listPrice desc',
    'productGroupId desc',
  ),
  filter: fc.constantFrom(
    undefined,
    JSON.stringify({ ge: ['shellLifeDays', 2] }),
    JSON.stringify({ le: ['productPriceList/listPrice', 2] }),
    JSON.stringify({ eq: ['productName/productName', 'Boot'] }),
  ),
  facets: fc.constantFrom(undefined, 'shellLifeDays', 'productPriceList/listPrice,productName/productName'),
  includeAttributeFilters: fc.constantFrom(undefined, true),
  attributeFilters: fc.constantFrom(undefined, 'color'),
  // Words in names and ids: relevance (a word in the name counts double) ties and differs.
  search: fc.constantFrom(undefined, undefined, 'boot', 'b', 'p1', 'boot p2', 'ännu'),
  page: fc.integer({ min: 1, max: 2 }),
});

describe('sorted, filtered and searched lists, and facets, carried over after a write', () => {
  it('answer exactly as a fresh snapshot of the same products does', () => {
    fc.assert(
      fc.property(
        fc.array(product, { maxLength: 25 }),
        // A few queries, asked again and again: each is carried over from where it was last asked.
        fc.array(query, { minLength: 1, maxLength: 4 }),
        fc.array(fc.record({ write, picks: fc.array(fc.nat(), { maxLength: 3 }) }), { maxLength: 16 }),
        (seed, pool, steps) => {
          const record = newRecord();
          for (const p of seed) record.products.set(p.productGroupId, p);
          const scope = new Scope(record);
          for (const { write: w, picks } of steps) {
            const queries = picks.map((i) => pool[i % pool.length]!);
            if ('put' in w) scope.putProducts(w.put);
            else scope.deleteProducts(w.remove);
            // A snapshot after every write; each asked a few queries, so that a query is often
            // carried over from a snapshot several writes back.
            scope.products();
            for (const q of queries) {
              const parsed = parseListQuery({ ...q, limit: 5 }, sortable, { tenantId: 'acme' });
              const carried = runListQuery(scope.products(), parsed);
              const fresh = runListQuery([...scope.products()], parsed);
              expect(carried.list).toEqual(fresh.list);
              expect(carried.list.map((p) => p.productGroupId)).toEqual(
                fresh.list.map((p) => p.productGroupId),
              );
              expect(carried.count).toBe(fresh.count);
              expect(carried.facets).toEqual(fresh.facets);
              expect(carried.attributeFilters).toEqual(fresh.attributeFilters);
            }
          }
        },
      ),
      { seed: 18, numRuns: 200 },
    );
  });
});

describe('a list carried over after a write of many products', () => {
  it('places them in the sort order, not in the productGroupId order they were written in', () => {
    // More than 32 products changed: the list is merged in one pass, which needs them in its order.
    const ids = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const record = newRecord();
    for (const p of ids) record.products.set(p, { productGroupId: p, shellLifeDays: 0 } as CatalogProduct);
    const scope = new Scope(record);
    for (const q of [{ sort: 'shellLifeDays desc' }, { search: 'p', sort: 'shellLifeDays desc' }]) {
      const parsed = parseListQuery({ ...q, limit: 1000 }, sortable, { tenantId: 'acme' });
      runListQuery(scope.products(), parsed);
      // The later the id, the lower the value: the reverse of the order they are written in.
      scope.putProducts(ids.map((p, i) => ({ productGroupId: p, shellLifeDays: 100 - i }) as CatalogProduct));
      const carried = runListQuery(scope.products(), parsed).list.map((p) => p.productGroupId);
      expect(carried, JSON.stringify(q)).toEqual(ids);
      scope.putProducts(ids.map((p, i) => ({ productGroupId: p, shellLifeDays: i }) as CatalogProduct));
      const again = runListQuery(scope.products(), parsed).list.map((p) => p.productGroupId);
      expect(again, JSON.stringify(q)).toEqual([...ids].reverse());
    }
  });
});
