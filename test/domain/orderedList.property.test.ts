// A list changed by a few items in place of sorting it again: it must be exactly the sorted result,
// whether few items change (copied and spliced) or many (merged in one pass).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { positionOf, replaceInOrder } from '../../src/domain/orderedList.js';

interface Item {
  key: number;
  id: number;
}
// A total order: by key, then id (keys repeat, ids do not).
const compare = (a: Item, b: Item) => a.key - b.key || a.id - b.id;

describe('a list kept in order', () => {
  it('without the items removed and with those added is what sorting it all again gives', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ key: fc.integer({ min: 0, max: 5 }), id: fc.integer({ min: 0, max: 300 }) }),
          {
            selector: (item) => item.id,
            maxLength: 120,
            size: 'max',
          },
        ),
        fc.array(fc.nat(), { maxLength: 80, size: 'max' }),
        // Few items added as often as many: removals alone can take the one-pass path.
        fc.oneof(
          fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }),
          fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60, size: 'max' }),
        ),
        (items, removeAt, addKeys) => {
          const list = [...items].sort(compare);
          // Removed: some items the list holds, and one it does not (skipped).
          const removed = [...new Set(removeAt.map((n) => list[n % Math.max(list.length, 1)]))]
            .filter((item): item is Item => item !== undefined)
            .concat([{ key: 1, id: 999 }])
            .sort(compare);
          // Ids among the list's, so that added items land between its items, not after them.
          const added = addKeys.map((key, i) => ({ key, id: 301 + ((i * 37) % 300) })).sort(compare);
          const expected = list
            .filter((item) => !removed.includes(item))
            .concat(added)
            .sort(compare);
          const before = [...list];
          const result = replaceInOrder(list, removed, added, compare);
          expect(result).toEqual(expected);
          expect(list).toEqual(before);
          // Same items, not copies: records are shared by identity.
          for (const item of result) expect(list.includes(item) || added.includes(item)).toBe(true);
        },
      ),
      { seed: 18, numRuns: 400 },
    );
  });

  it('finds the first position not before an item', () => {
    const list = [1, 3, 3, 5].map((key, id) => ({ key, id: key === 3 ? 7 : id }));
    expect(positionOf(list, { key: 3, id: 0 }, compare)).toBe(1);
    expect(positionOf(list, { key: 9, id: 0 }, compare)).toBe(4);
    expect(positionOf([], { key: 3, id: 0 }, compare)).toBe(0);
  });
});
