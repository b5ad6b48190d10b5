// A snapshot cache hands an earlier snapshot's value to its builder only when it carries values over.
import { describe, expect, it } from 'vitest';
import { Scope, newRecord } from '../../src/store/scope.js';
import { CACHED_SNAPSHOTS, snapshotCache, type Previous } from '../../src/query/snapshotCache.js';
import type { CatalogProduct } from '../../src/domain/types.js';

function twoSnapshots() {
  const scope = new Scope(newRecord());
  scope.putProducts([{ productGroupId: 'p1' } as CatalogProduct]);
  const first = scope.products();
  const written = { productGroupId: 'p2' } as CatalogProduct;
  scope.putProducts([written]);
  return { first, second: scope.products(), written };
}

describe('a snapshot cache after a write', () => {
  it('that carries over gives the builder the earlier value and the records written', () => {
    const cache = snapshotCache<string>(4, true);
    const { first, second, written } = twoSnapshots();
    cache(first, 'k', () => 'earlier');
    let given: Previous<string> | undefined;
    cache(second, 'k', (previous) => ((given = previous), 'later'));
    expect(given?.value).toBe('earlier');
    expect(given?.lineage.added).toEqual([written]);
  });

  it('that does not carry over builds afresh, without looking back', () => {
    const cache = snapshotCache<string>(4);
    const { first, second } = twoSnapshots();
    cache(first, 'k', () => 'earlier');
    let given: Previous<string> | undefined = {
      value: 'unset',
      lineage: { previous: [], removed: [], added: [] },
    };
    cache(second, 'k', (previous) => ((given = previous), 'later'));
    expect(given).toBeUndefined();
  });
});

describe('a snapshot cache, bounded', () => {
  it('keeps at most `limit` keys of a snapshot, however many distinct queries are sent', () => {
    const cache = snapshotCache<string>(16);
    const snapshot: CatalogProduct[] = [];
    for (let n = 0; n < 1000; n++) cache(snapshot, `query ${n}`, () => 'value');
    const kept = Array.from({ length: 1000 }, (_, n) => cache.serves(snapshot, `query ${n}`));
    expect(kept.filter(Boolean)).toHaveLength(16);
    expect(kept.slice(-16).every(Boolean)).toBe(true);
  });

  it(`keeps values of at most ${CACHED_SNAPSHOTS} snapshots (scopes), dropping those used least recently`, () => {
    // Each scope written to has snapshots of its own: a thousand scopes each sent queries of their own.
    const cache = snapshotCache<string>(16);
    const scopes = Array.from({ length: 1000 }, (): CatalogProduct[] => []);
    const first = scopes[0]!;
    for (const [n, snapshot] of scopes.entries()) {
      for (let q = 0; q < 16; q++) cache(snapshot, `query ${q}`, () => `scope ${n}`);
      // The first scope keeps being read: used recently, it is never the one dropped.
      cache(first, 'query 0', () => 'built again');
    }
    const keeping = scopes.filter((snapshot) => cache.serves(snapshot, 'query 15'));
    expect(keeping).toHaveLength(CACHED_SNAPSHOTS);
    expect(keeping).toContain(first);
    expect(keeping.slice(1)).toEqual(scopes.slice(-(CACHED_SNAPSHOTS - 1)));
    expect(cache(first, 'query 0', () => 'built again')).toBe('scope 0');
    // A dropped snapshot's value is built again when asked for.
    expect(cache(scopes[1]!, 'query 0', () => 'built again')).toBe('built again');
  });
});
