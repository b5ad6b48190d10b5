// The whole snapshot in a sort's order, cached per snapshot and sort.
import { sortProducts, sortSpec, type SortKey } from '../domain/sort.js';
import type { CatalogProduct } from '../domain/types.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';
import { carryOver } from './carryOver.js';

/** Orders kept per snapshot: one per sort a client uses, a few bytes per product each. */
const orders = snapshotCache<readonly CatalogProduct[]>(16, true);

/**
 * The whole snapshot sorted by the keys (then productGroupId), computed once per snapshot and sort.
 * The order is total, so filtering it gives exactly what sorting the filtered products would. After a
 * write, the previous snapshot's order is carried over when it is kept.
 */
export function sortedSnapshot(snapshot: Snapshot, keys: readonly SortKey[]): readonly CatalogProduct[] {
  return orders(snapshot, sortSpec(keys), (previous) =>
    previous
      ? carryOver(previous.value, previous.lineage, keys)
      : sortProducts(snapshot, keys, undefined, true),
  );
}
