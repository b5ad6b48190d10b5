import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../src/domain/types.js';
import { applyPatch, patchOf } from '../src/store/productPatch.js';

const element = fc.record({ productId: fc.string({ maxLength: 3 }), listPrice: fc.integer() });
const fields = fc.dictionary(
  fc.constantFrom('a', 'b', 'c', 'productPriceList', 'spaceIds'),
  fc.oneof(fc.integer(), fc.array(element, { maxLength: 6 }), fc.array(fc.string({ maxLength: 2 }))),
);

/** A next record the way planners make one: fields and array elements kept by reference, or new. */
const change = (old: Record<string, unknown>) =>
  fc
    .record({
      picks: fc.array(fc.tuple(fc.boolean(), fc.nat(), element), { maxLength: 8 }),
      drop: fc.subarray(Object.keys(old)),
      extra: fields,
    })
    .map(({ picks, drop, extra }) => {
      const next: Record<string, unknown> = { ...old, ...extra };
      for (const field of drop) delete next[field];
      for (const [field, value] of Object.entries(old)) {
        if (!Array.isArray(value) || !(field in next) || value.length === 0) continue;
        next[field] = picks.map(([keep, i, fresh]) => (keep ? value[i % value.length] : fresh));
      }
      return next;
    });

describe('a product patch in the journal', () => {
  it('rebuilds the new record from the old one, also through JSON', () => {
    fc.assert(
      fc.property(
        fields.chain((old) => change(old).map((next) => ({ old, next }))),
        ({ old, next }) => {
          const before = { productGroupId: 'p', ...old } as CatalogProduct;
          const after = { productGroupId: 'p', ...next } as CatalogProduct;
          const patch = patchOf(before, after);
          expect(applyPatch(before, patch)).toEqual(after);
          expect(applyPatch(before, JSON.parse(JSON.stringify(patch)))).toEqual(after);
        },
      ),
    );
  });

  it('names kept elements by position instead of repeating them', () => {
    const prices = Array.from({ length: 40 }, (_, i) => ({ productId: `v${i}`, listPrice: i }));
    const old = { productGroupId: 'p', productPriceList: prices } as unknown as CatalogProduct;
    const added = { productId: 'new', listPrice: 1 };
    const next = { ...old, productPriceList: [...prices.slice(0, 5), ...prices.slice(6), added] };
    expect(patchOf(old, next as CatalogProduct)).toEqual({
      productGroupId: 'p',
      set: {},
      arrays: { productPriceList: [[0, 5], [6, 40], { e: added }] },
    });
  });
});
