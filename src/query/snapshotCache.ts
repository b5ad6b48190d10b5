// Data derived from one catalog snapshot, cached by the snapshot's identity.
import type { CatalogProduct } from '../domain/types.js';
import { lru, type Lru } from './lru.js';
import { lineageOf, type Lineage } from './snapshotLineage.js';

/** A products array that is never mutated once queried, as Scope.products() answers until the next write. */
export type Snapshot = readonly CatalogProduct[];

/** The same key's value for the snapshot a write made this one from, and what the write changed. */
export interface Previous<T> {
  value: T;
  lineage: Lineage;
}

/**
 * A cache of values derived from a snapshot, by key (a normalised sort, a search field). Entries live
 * as long as their snapshot (a write makes a new one, and the old one and all it derived are freed)
 * and at most `limit` keys per snapshot are kept, least recently used dropped first. A value not kept
 * yet is built; when the snapshot a write made this one from still keeps the same key, `build` gets
 * that value and what changed, to carry it over instead of deriving it again (docs/performance.md,
 * "Snapshots after a write").
 */
export function snapshotCache<T>(
  limit: number,
): (snapshot: Snapshot, key: string, build: (previous?: Previous<T>) => T) => T {
  const bySnapshot = new WeakMap<Snapshot, Lru<string, T>>();
  return (snapshot, key, build) => {
    let entries = bySnapshot.get(snapshot);
    if (!entries) bySnapshot.set(snapshot, (entries = lru(limit)));
    return entries(key, () => {
      const lineage = lineageOf(snapshot);
      const value = lineage && bySnapshot.get(lineage.previous)?.peek(key);
      return build(value === undefined || lineage === undefined ? undefined : { value, lineage });
    });
  };
}
