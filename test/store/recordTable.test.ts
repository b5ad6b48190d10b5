// A scope's table written over the seed's: what it answers must be what a whole copy would answer,
// and what it differs by must be exactly what a --data snapshot writes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RecordTable } from '../../src/store/recordTable.js';

interface Rec {
  id: string;
  v: number;
}

const id = fc.integer({ min: 1, max: 12 }).map((n) => `r${n}`);
const step = fc.oneof(fc.record({ set: id, v: fc.integer({ min: 1, max: 3 }) }), fc.record({ remove: id }));

/** A table holding a new record for each of `ids`. */
function seeded(ids: readonly string[]): RecordTable<Rec> {
  const table = new RecordTable<Rec>();
  for (const i of ids) table.set(i, { id: i, v: 0 });
  return table;
}

describe('RecordTable written over a base', () => {
  it('answers every id, value and difference as a whole copy of the base with the same writes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 10 }), fc.array(step, { maxLength: 20 }), (ids, steps) => {
        const base = seeded(ids);
        const baseBefore = [...base.entries()];
        const over = new RecordTable<Rec>(base);
        const copy = new Map(base.entries());
        for (const s of steps) {
          if ('set' in s) {
            const record = { id: s.set, v: s.v };
            over.set(s.set, record);
            copy.set(s.set, record);
          } else {
            over.delete(s.remove);
            copy.delete(s.remove);
          }
        }
        for (let n = 1; n <= 12; n++) {
          expect(over.get(`r${n}`)).toBe(copy.get(`r${n}`));
          expect(over.has(`r${n}`)).toBe(copy.has(`r${n}`));
        }
        const byId = (a: [string, Rec], b: [string, Rec]) => a[0].localeCompare(b[0]);
        expect([...over.entries()].sort(byId)).toEqual([...copy.entries()].sort(byId));
        expect([...over.values()]).toHaveLength(copy.size);
        // What a snapshot writes: the records the base lacks or holds otherwise, and the base's removed.
        const expected = [
          ...[...copy].filter(([i, r]) => base.get(i) !== r),
          ...[...base.entries()].filter(([i]) => !copy.has(i)).map(([i]) => [i, null] as const),
        ];
        const differences = [...over.differencesFrom(base)];
        expect(new Map(differences)).toEqual(new Map(expected));
        expect(differences).toHaveLength(expected.length);
        // Read whole against another table (a seed replaced since): the same differences.
        expect(new Map(over.differencesFrom(seeded([])))).toEqual(new Map(copy));
        // The base is never written through the table over it.
        expect([...base.entries()]).toEqual(baseBefore);
      }),
      { seed: 7, numRuns: 300 },
    );
  });

  it('keeps a removed base record hidden, and a record put again after its removal', () => {
    const base = seeded(['a', 'b']);
    const over = new RecordTable<Rec>(base);
    over.delete('a');
    expect(over.get('a')).toBeUndefined();
    expect(over.overrides('a')).toBe(true);
    expect([...over.ownValues()]).toEqual([]);
    const again = { id: 'a', v: 9 };
    over.set('a', again);
    expect(over.get('a')).toBe(again);
    expect([...over.differencesFrom(base)]).toEqual([['a', again]]);
    // An id the base does not hold leaves nothing behind once removed.
    over.set('c', { id: 'c', v: 1 });
    over.delete('c');
    expect(over.overrides('c')).toBe(false);
    expect([...over.differencesFrom(base)]).toEqual([['a', again]]);
  });
});
