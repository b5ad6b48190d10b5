// A scope's snapshot after writes is carried over from the last one: whatever the writes and reads,
// it must be exactly the products held, in productGroupId order, and say truly what changed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Scope, newRecord } from '../../src/store/scope.js';
import { lineageTo } from '../../src/query/snapshotLineage.js';
import { compareIds } from '../../src/domain/productTypes.js';
import type { CatalogProduct } from '../../src/domain/types.js';

// Ids that sort by their digits, not as text ("p10" after "p9"), and more ids than products.
const id = fc.integer({ min: 1, max: 40 }).map((n) => `p${n}`);
const operation = fc.oneof(
  fc.record({ put: fc.array(id, { minLength: 1, maxLength: 4 }) }),
  fc.record({ remove: fc.array(id, { minLength: 1, maxLength: 4 }) }),
  fc.constant({ read: true }),
);

const expected = (scope: Scope) =>
  [...scope.record.products.values()].sort((a, b) => compareIds(a.productGroupId, b.productGroupId));

describe('a scope snapshot carried over after writes', () => {
  it('holds exactly the products written, in productGroupId order, and leaves earlier ones as they were', () => {
    fc.assert(
      fc.property(fc.array(id, { maxLength: 30 }), fc.array(operation, { maxLength: 25 }), (seedIds, ops) => {
        const record = newRecord();
        for (const seedId of seedIds)
          record.products.set(seedId, { productGroupId: seedId } as CatalogProduct);
        const scope = new Scope(record);
        let last = scope.products();
        let lastCopy = [...last];
        let version = 0;
        for (const op of ops) {
          if ('put' in op) {
            scope.putProducts(
              op.put.map((p) => ({ productGroupId: p, version: ++version }) as CatalogProduct),
            );
          } else if ('remove' in op) {
            scope.deleteProducts(op.remove);
          }
          const wrote = !('read' in op);
          const next = scope.products();
          expect(next).toEqual(expected(scope));
          // An earlier snapshot is never changed: caches hold it by identity.
          expect(last).toEqual(lastCopy);
          if (!wrote) expect(next).toBe(last);
          if (wrote) {
            // A write of a few products is always carried over, and says what it changed.
            const lineage = lineageTo(next, () => true);
            expect(lineage).toBeDefined();
            if (!lineage) return;
            expect(lineage.previous).toBe(last);
            const before = new Set(last);
            const after = new Set(next);
            expect(lineage.removed).toEqual(last.filter((p) => !after.has(p)));
            expect(lineage.added).toEqual(next.filter((p) => !before.has(p)));
          }
          last = next;
          lastCopy = [...next];
        }
      }),
      { seed: 18, numRuns: 300 },
    );
  });

  it('is carried over, not rebuilt, after a write of one product of many', () => {
    const record = newRecord();
    for (let i = 1; i <= 100; i++)
      record.products.set(`p${i}`, { productGroupId: `p${i}` } as CatalogProduct);
    const scope = new Scope(record);
    const first = scope.products();
    const written = { productGroupId: 'p50', version: 2 } as unknown as CatalogProduct;
    scope.putProducts([written]);
    const next = scope.products();
    const lineage = lineageTo(next, () => true);
    expect(lineage?.previous).toBe(first);
    expect(lineage?.added).toEqual([written]);
    const at = first.findIndex((p) => p.productGroupId === 'p50');
    expect(lineage?.removed).toEqual([first[at]]);
    expect(next[at]).toBe(written);
  });
});
