// Properties of the write rules (docs/behaviour.md, "POST /products-push (merge push)" and
// "PATCH /products") over generated products and payloads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyOf, mergeByKey, mergeByKeyParts, type Element } from '../../src/domain/merge.js';
import { MERGE_FIELDS, REPLACE_FIELDS, type MergeField } from '../../src/domain/productFields.js';
import { mergePush, shallowUpdate } from '../../src/domain/productWrites.js';
import { SPACE_SOURCE_FIELDS } from '../../src/domain/spaceIds.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const RUNS = { numRuns: 300 };
const ID = 'p1';

// Few ids, so that sent keys often collide with stored ones.
const variantId = fc.constantFrom('v1', 'v2', 'v3');
const spaceId = fc.constantFrom('s1', 's2', 's3', 's4');
const groupId = fc.constantFrom(ID, 'p2');
const n = fc.integer({ min: 0, max: 99 });
const text = fc.constantFrom('a', 'b', 'c');

const elementOf: Record<MergeField, fc.Arbitrary<Element>> = {
  variants: fc.record(
    { productId: variantId, productGroupId: groupId, color: text },
    { requiredKeys: ['productId', 'color'] },
  ),
  productFeature: fc.record({ productId: variantId, productFeatureType: text, productFeatureValue: text }),
  productPriceList: fc.record({ productId: variantId, spaceId, listPrice: n }),
  productStatus: fc.record({ spaceId, productStatus: fc.constantFrom('Active', 'Blocked') }),
  catalogPageLocationProduct: fc.record(
    { productId: variantId, productGroupId: groupId, catalogPageLocationProduct: text },
    { requiredKeys: ['productId', 'catalogPageLocationProduct'] },
  ),
  customProperties: fc.record({ key: text, spaceId, value: n }, { requiredKeys: ['key', 'value'] }),
  productItemQuantity: fc.record({ productId: variantId, spaceId, productItemQuantity: n }),
};
const MERGE = Object.keys(MERGE_FIELDS) as MergeField[];
const list = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { maxLength: 5 });

/** Some of the fields a product or a payload can hold: merge, replace and scalar. */
const fields = {
  ...Object.fromEntries(MERGE.map((f) => [f, list(elementOf[f])])),
  productName: list(fc.record({ isoLanguageId: fc.constantFrom('en-GB', 'sv-SE'), productName: text })),
  productType: list(text),
  productLabel: list(fc.record({ spaceId, productLabel: text }, { requiredKeys: ['productLabel'] })),
  shellLifeDays: n,
  introductionDate: fc.constantFrom('2012-05-05', '2020-01-01'),
  undocumented: fc.dictionary(text, n),
};

const payload: fc.Arbitrary<CatalogProduct> = fc
  .record(fields, { requiredKeys: [] })
  .map((r) => ({ ...r, productGroupId: ID }) as CatalogProduct);

/** A stored product: any fields, and spaceIds that include at least those its elements carry. */
const stored: fc.Arbitrary<CatalogProduct> = fc
  .tuple(payload, fc.uniqueArray(spaceId, { maxLength: 3 }))
  .map(([p, extra]) => {
    const carried = SPACE_SOURCE_FIELDS.flatMap((f) => (p[f] ?? []).map((e) => e.spaceId));
    return { ...p, spaceIds: [...new Set([...extra, ...carried])] };
  });
const storedOrNew = fc.option(stored, { nil: undefined });

const elements = (p: CatalogProduct, field: string): Element[] => (p[field] as Element[] | undefined) ?? [];

describe('merge push properties', () => {
  it('pushing the same payload twice gives the same record as pushing it once', () => {
    fc.assert(
      fc.property(storedOrNew, payload, (before, record) => {
        const once = mergePush(before, record);
        expect(mergePush(once, record)).toEqual(once);
      }),
      RUNS,
    );
  });

  it('never loses or reorders a stored element whose key was not sent', () => {
    fc.assert(
      fc.property(stored, payload, (before, record) => {
        const after = mergePush(before, record);
        for (const field of MERGE) {
          const key = (e: Element) => keyOf(e, MERGE_FIELDS[field], ID);
          const sentKeys = new Set(elements(record, field).map(key));
          const untouched = (p: CatalogProduct) => elements(p, field).filter((e) => !sentKeys.has(key(e)));
          expect(untouched(after)).toEqual(untouched(before));
          // And every sent element is there, in the order sent.
          const sent = elements(record, field).map((e) => key(e));
          expect(
            elements(after, field)
              .slice(elements(after, field).length - sent.length)
              .map(key),
          ).toEqual(sent);
        }
      }),
      RUNS,
    );
  });

  it('never shrinks spaceIds, and covers every space its elements carry', () => {
    fc.assert(
      fc.property(stored, payload, (before, record) => {
        const after = mergePush(before, record);
        const ids = after.spaceIds ?? [];
        expect(ids.slice(0, before.spaceIds?.length)).toEqual(before.spaceIds);
        expect(new Set(ids).size).toBe(ids.length);
        for (const field of SPACE_SOURCE_FIELDS) {
          for (const e of after[field] ?? []) expect(ids).toContain(e.spaceId);
        }
      }),
      RUNS,
    );
  });

  it('stores every sent replace field and scalar exactly as sent, and leaves unsent ones as stored', () => {
    fc.assert(
      fc.property(storedOrNew, payload, (before, record) => {
        const after = mergePush(before, record);
        for (const field of [...REPLACE_FIELDS, 'shellLifeDays', 'introductionDate', 'undocumented']) {
          if (field in record) expect(after[field]).toEqual(record[field]);
          else if (before) expect(after[field]).toEqual(before[field]);
        }
      }),
      RUNS,
    );
  });

  it('does not change the stored record it was given (records are immutable values)', () => {
    fc.assert(
      fc.property(stored, payload, (before, record) => {
        const copy = structuredClone(before);
        mergePush(before, record);
        expect(before).toEqual(copy);
      }),
      RUNS,
    );
  });
});

describe('mergeByKey', () => {
  it('keeps every sent element, even several under one key, and drops exactly the stored ones under a sent key', () => {
    const item = fc.record({ k: fc.constantFrom('a', 'b', 'c'), v: n });
    fc.assert(
      fc.property(list(item), list(item), (before, sent) => {
        const merged = mergeByKey(before, sent, (e) => e.k);
        const sentKeys = new Set(sent.map((e) => e.k));
        expect(merged.length).toBe(before.filter((e) => !sentKeys.has(e.k)).length + sent.length);
        expect(merged.filter((e) => sentKeys.has(e.k))).toEqual(sent);
      }),
      RUNS,
    );
  });
});

describe('mergeByKeyParts', () => {
  it("answers as mergeByKey with keyOf's keys, parts of text, of other types, absent or defaulted", () => {
    const key = { parts: ['productId', 'productGroupId'], groupDefault: ['productGroupId'] };
    const part = fc.oneof(fc.constantFrom('a', 'b', '1', ID, '"a'), fc.constantFrom(1, null, true));
    const item = fc.record(
      { productId: part, productGroupId: part, v: n },
      { requiredKeys: ['v'] },
    ) as fc.Arbitrary<Element>;
    fc.assert(
      fc.property(list(item), list(item), (before, sent) => {
        expect(mergeByKeyParts(before, sent, key, ID)).toEqual(
          mergeByKey(before, sent, (e) => keyOf(e, key, ID)),
        );
      }),
      RUNS,
    );
  });
});

describe('PATCH properties', () => {
  it('changes exactly the sent fields', () => {
    fc.assert(
      fc.property(stored, payload, (before, record) => {
        const after = shallowUpdate(before, record);
        expect(new Set(Object.keys(after))).toEqual(
          new Set([...Object.keys(before), ...Object.keys(record)]),
        );
        for (const field of Object.keys(after)) {
          expect(after[field]).toEqual(field in record ? record[field] : before[field]);
        }
      }),
      RUNS,
    );
  });
});

describe('keyOf', () => {
  it('keys an absent part as a value of its own, which no sent string equals (docs/behaviour.md, "POST /products-push (merge push)")', () => {
    const stored = { productGroupId: ID, customProperties: [{ key: 'k', value: 1 }] } as CatalogProduct;
    for (const spaceId of ['', 'null']) {
      const sent = { key: 'k', spaceId, value: 2 };
      const after = mergePush(stored, { productGroupId: ID, customProperties: [sent] } as CatalogProduct);
      expect(after.customProperties, JSON.stringify(spaceId)).toEqual([{ key: 'k', value: 1 }, sent]);
    }
    // Sent without spaceId, it replaces the stored element without one.
    const again = mergePush(stored, {
      productGroupId: ID,
      customProperties: [{ key: 'k', value: 3 }],
    } as CatalogProduct);
    expect(again.customProperties).toEqual([{ key: 'k', value: 3 }]);
  });

  it('tells keys of text parts apart however the texts split, and from keys of other values', () => {
    const key = { parts: ['productId', 'spaceId'], groupDefault: [] };
    const keys = [
      { productId: 'ab', spaceId: 'c' },
      { productId: 'a', spaceId: 'bc' },
      { productId: 'a:1', spaceId: '' },
      { productId: 'a', spaceId: '1:' },
      { productId: '1', spaceId: 'x' },
      { productId: 1, spaceId: 'x' },
      { productId: 'null', spaceId: 'x' },
      { spaceId: 'x' },
      { productId: '["a","b"]', spaceId: '' },
      { productId: 'a', spaceId: 'b' },
    ].map((element) => keyOf(element, key, ID));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keyOf({ productId: 'ab', spaceId: 'c' }, key, ID)).toBe(
      keyOf({ spaceId: 'c', productId: 'ab' }, key, ID),
    );
  });
});
