// Data derived from one catalog snapshot, cached by the snapshot's identity.
import type { CatalogProduct } from '../domain/types.js';

/** A products array that is never mutated once queried, as Scope.products() answers until the next write. */
export type Snapshot = readonly CatalogProduct[];

/**
 * A cache of values derived from a snapshot, by key (a normalised sort, a search field). Entries live
 * as long as their snapshot (a write makes a new one, and the old one and all it derived are freed)
 * and at most `limit` keys per snapshot are kept, least recently used dropped first.
 */
export function snapshotCache<T>(limit: number): (snapshot: Snapshot, key: string, build: () => T) => T {
  const bySnapshot = new WeakMap<Snapshot, Map<string, T>>();
  return (snapshot, key, build) => {
    let entries = bySnapshot.get(snapshot);
    if (!entries) bySnapshot.set(snapshot, (entries = new Map()));
    let value = entries.get(key);
    if (value === undefined) {
      value = build();
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
    } else {
      entries.delete(key);
    }
    entries.set(key, value);
    return value;
  };
}
