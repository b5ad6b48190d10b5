// What a write changed between two snapshots of one scope, so that work derived from the older one
// (orders, filtered matches) is carried over instead of redone (docs/performance.md, "Snapshots
// after a write").
import type { CatalogProduct } from '../domain/types.js';
import type { Snapshot } from './snapshotCache.js';

/** How a snapshot differs from the one before it. */
export interface Lineage {
  previous: Snapshot;
  /** Records of `previous` that the new snapshot no longer holds (replaced or deleted), in productGroupId order. */
  removed: readonly CatalogProduct[];
  /** Records of the new snapshot that `previous` did not hold, in productGroupId order. */
  added: readonly CatalogProduct[];
}

const lineages = new WeakMap<Snapshot, Lineage>();

/**
 * Says how `next` was made from `previous`; the store calls it as it makes a snapshot. The previous
 * snapshot's own lineage is dropped: a lineage holds its previous snapshot (and what was derived
 * from it) alive, and a chain of them would keep every snapshot since the start.
 */
export function recordLineage(next: Snapshot, lineage: Lineage): void {
  lineages.delete(lineage.previous);
  lineages.set(next, lineage);
}

/** How `snapshot` was made from the one before it, if a write made it from one. */
export function lineageOf(snapshot: Snapshot): Lineage | undefined {
  return lineages.get(snapshot);
}
