// A scope written over the seed's scope finds its products through the seed's lookup tables and its
// own: whatever the writes, every lookup must answer what a scope holding a whole copy answers.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Scope, newRecord, recordOver } from '../../src/store/scope.js';
import type { CatalogProduct } from '../../src/domain/types.js';

// Few ids, variant ids, barcodes and groups, so that products share them and writes move them.
const id = fc.integer({ min: 1, max: 12 }).map((n) => `p${n}`);
const key = (prefix: string) => fc.integer({ min: 1, max: 4 }).map((n) => `${prefix}${n}`);
const variant = fc.record({
  productId: key('v'),
  globalTradeItemNumber: fc.array(key('0000'), { maxLength: 2 }),
});
const product = (productGroupId: string) =>
  fc
    .record({
      variants: fc.array(variant, { maxLength: 2 }),
      variantsGroupId: fc.option(key('g'), { nil: undefined }),
    })
    .map((fields) => ({ productGroupId, ...fields }) as unknown as CatalogProduct);
const products = fc.uniqueArray(id, { maxLength: 10 }).chain((ids) => fc.tuple(...ids.map(product)));
const write = fc.oneof(
  id.chain((i) => product(i)).map((p) => ({ put: [p] })),
  fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 3 }) }),
  // A lookup between writes: the lookup tables are then kept right by the writes after it.
  fc.constant({ look: true }),
);

/** Every answer of a scope's lookups over the whole key space. */
function lookups(scope: Scope) {
  const ids = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
  const keys = (prefix: string) => Array.from({ length: 4 }, (_, i) => `${prefix}${i + 1}`);
  return {
    products: scope.products(),
    byId: ids.map((i) => scope.product(i)),
    byVariant: keys('v').map((k) => scope.productsByVariant(k)),
    byBarcode: keys('').map((k) => scope.variantsByBarcode(k)),
    byGroup: keys('g').map((k) => scope.productsByVariantsGroup(k)),
    holds: ids.map((i) => scope.product(i)).map((p) => p !== undefined && scope.holds(p)),
  };
}

describe('a scope written over the seed', () => {
  it('answers every lookup as a scope holding a whole copy of the seed, and leaves the seed as it was', () => {
    fc.assert(
      fc.property(products, fc.array(write, { maxLength: 20 }), fc.boolean(), (seed, writes, seedLooked) => {
        const seedRecord = newRecord();
        for (const p of seed) seedRecord.products.set(p.productGroupId, p);
        const seedScope = new Scope(seedRecord);
        // The seed's tables built before the scope's first write, or only when the scope first asks.
        if (seedLooked) lookups(seedScope);
        const seedBefore = lookups(seedScope);
        const over = new Scope(recordOver(seedRecord), seedScope.products(), seedScope);
        const copyRecord = newRecord();
        for (const p of seed) copyRecord.products.set(p.productGroupId, p);
        const copy = new Scope(copyRecord);
        for (const w of writes) {
          if ('put' in w) {
            over.putProducts(w.put);
            copy.putProducts(w.put);
          } else if ('remove' in w) {
            over.deleteProducts(w.remove);
            copy.deleteProducts(w.remove);
          } else {
            expect(lookups(over)).toEqual(lookups(copy));
          }
        }
        expect(lookups(over)).toEqual(lookups(copy));
        expect(lookups(seedScope)).toEqual(seedBefore);
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
