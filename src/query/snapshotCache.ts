// Data derived from one catalog snapshot, cached by the snapshot's identity.
import type { CatalogProduct } from '../domain/types.js';
import { lru, type Lru } from './lru.js';

/** A products array that is never mutated once queried, as Scope.products() answers until the next write. */
export type Snapshot = readonly CatalogProduct[];

/**
 * A cache of values derived from a snapshot, by key (a normalised sort, a search field). Entries live
 * as long as their snapshot (a write makes a new one, and the old one and all it derived are freed)
 * and at most `limit` keys per snapshot are kept, least recently used dropped first.
 */
export function snapshotCache<T>(limit: number): (snapshot: Snapshot, key: string, build: () => T) => T {
  const bySnapshot = new WeakMap<Snapshot, Lru<string, T>>();
  return (snapshot, key, build) => {
    let entries = bySnapshot.get(snapshot);
    if (!entries) bySnapshot.set(snapshot, (entries = lru(limit)));
    return entries(key, build);
  };
}
