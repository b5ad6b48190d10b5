// What writes changed between snapshots of one scope, so that work derived from an older one
// (orders, filtered matches, searches, facet counts) is carried over instead of redone
// (docs/performance.md, "Snapshots after a write").
import { compareIds } from '../domain/productTypes.js';
import type { CatalogProduct } from '../domain/types.js';
import type { Snapshot } from './snapshotCache.js';

/** How a snapshot differs from an earlier one of the same scope. */
export interface Lineage {
  previous: Snapshot;
  /** Records of `previous` that the newer snapshot no longer holds (replaced or deleted), in productGroupId order. */
  removed: readonly CatalogProduct[];
  /** Records of the newer snapshot that `previous` did not hold, in productGroupId order. */
  added: readonly CatalogProduct[];
}

/**
 * Snapshots a value is looked for back from the one asking. Under concurrent writes a snapshot may
 * never be asked a query before the next write replaces it; looking back a few writes still finds
 * an older snapshot that was. Each step holds its snapshot (and what was derived from it) alive, so
 * the chain is cut past this many.
 */
export const MAX_STEPS_BACK = 8;

/** Each snapshot made by a write, with the one it was made from and what the write changed. */
const steps = new WeakMap<Snapshot, Lineage>();

/** Says how `next` was made from `step.previous`; the store calls it as it makes a snapshot. */
export function recordLineage(next: Snapshot, step: Lineage): void {
  steps.set(next, step);
  // Cut the chain MAX_STEPS_BACK steps back, so that older snapshots can be freed.
  let at: Snapshot | undefined = next;
  for (let i = 0; i < MAX_STEPS_BACK && at !== undefined; i++) at = steps.get(at)?.previous;
  if (at !== undefined) steps.delete(at);
}

/**
 * How `snapshot` differs from the nearest earlier snapshot for which `holds` is true, at most
 * MAX_STEPS_BACK writes back; undefined if there is none.
 */
export function lineageTo(snapshot: Snapshot, holds: (earlier: Snapshot) => boolean): Lineage | undefined {
  const path: Lineage[] = [];
  let at = snapshot;
  for (let i = 0; i < MAX_STEPS_BACK; i++) {
    const step = steps.get(at);
    if (step === undefined) return undefined;
    path.push(step);
    if (holds(step.previous)) return path.length === 1 ? step : composed(path.reverse());
    at = step.previous;
  }
  return undefined;
}

/** The steps, oldest first, as one: what the first snapshot held and the last does not, and the reverse. */
function composed(path: readonly Lineage[]): Lineage {
  const removed = new Set<CatalogProduct>();
  const added = new Set<CatalogProduct>();
  for (const step of path) {
    for (const record of step.removed) {
      if (!added.delete(record)) removed.add(record);
    }
    // A record removed and put back (a reset to the seed's) is held by both ends.
    for (const record of step.added) {
      if (!removed.delete(record)) added.add(record);
    }
  }
  const byId = (a: CatalogProduct, b: CatalogProduct) => compareIds(a.productGroupId, b.productGroupId);
  return { previous: path[0]!.previous, removed: [...removed].sort(byId), added: [...added].sort(byId) };
}
