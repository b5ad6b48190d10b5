// A snapshot cache hands an earlier snapshot's value to its builder only when it carries values over.
import { describe, expect, it } from 'vitest';
import { Scope, newRecord } from '../../src/store/scope.js';
import { snapshotCache, type Previous } from '../../src/query/snapshotCache.js';
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
