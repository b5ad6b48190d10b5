// Data derived from one catalog snapshot, cached by the snapshot's identity.
import type { CatalogProduct } from '../domain/types.js';
import { lru, type Lru } from './lru.js';
import { lineageTo, type Lineage } from './snapshotLineage.js';

/** A products array that is never mutated once queried, as Scope.products() answers until the next write. */
export type Snapshot = readonly CatalogProduct[];

/** The same key's value for an earlier snapshot of the scope, and what writes changed since. */
export interface Previous<T> {
  value: T;
  lineage: Lineage;
}

/**
 * How many snapshots keep values in one cache at once (docs/performance.md, "Snapshot cache"): each
 * scope written to has snapshots of its own, and a cache per snapshot alone let a client that wrote to
 * many scopes (a delete costs no stored bytes) and sent distinct queries to each grow the heap
 * without end. Past it, the values of the snapshot used least recently are dropped (built again if
 * asked for), so one cache keeps at most this many times its `limit` values.
 */
export const CACHED_SNAPSHOTS = 32;

/**
 * A cache of values derived from a snapshot, by key (a normalised sort, a search field). Entries live
 * as long as their snapshot (a write makes a new one, and the old one and all it derived are freed)
 * and at most `limit` keys per snapshot are kept, least recently used dropped first, in at most
 * `snapshots` snapshots (CACHED_SNAPSHOTS), the one used least recently dropped first. A value not kept
 * yet is built. With `carriesOver`, when a snapshot a few writes back still keeps the same key,
 * `build` gets that value and what changed since, to carry it over instead of deriving it again
 * (docs/performance.md, "Snapshots after a write"); a cache whose values cannot be carried over does
 * not look back, and composes no changes it would not use.
 */
export interface SnapshotCache<T> {
  (snapshot: Snapshot, key: string, build: (previous?: Previous<T>) => T): T;
  /** Whether a value of `key` is kept, or (carrying over) can be carried over: it would not be built afresh. */
  serves(snapshot: Snapshot, key: string): boolean;
}

interface Entries<T> {
  readonly lru: Lru<string, T>;
  /** Its place in `recent`. */
  readonly id: number;
  /** Held by `recent`: the entries live as long as their snapshot, not as long as the list names them. */
  readonly ref: WeakRef<Lru<string, T>>;
}

export function snapshotCache<T>(
  limit: number,
  carriesOver = false,
  snapshots = CACHED_SNAPSHOTS,
): SnapshotCache<T> {
  const bySnapshot = new WeakMap<Snapshot, Entries<T>>();
  /** The snapshots' entries by recency of use, least recent first; a collected snapshot's linger until dropped. */
  const recent = new Map<number, WeakRef<Lru<string, T>>>();
  let ids = 0;
  const kept = (snapshot: Snapshot, key: string) => bySnapshot.get(snapshot)?.lru.peek(key);
  const previousOf = (snapshot: Snapshot, key: string): Previous<T> | undefined => {
    const lineage = lineageTo(snapshot, (earlier) => kept(earlier, key) !== undefined);
    const value = lineage && kept(lineage.previous, key);
    return value === undefined || lineage === undefined ? undefined : { value, lineage };
  };
  const get = (snapshot: Snapshot, key: string, build: (previous?: Previous<T>) => T): T => {
    let entries = bySnapshot.get(snapshot);
    if (!entries) {
      const made = lru<string, T>(limit);
      entries = { lru: made, id: ids++, ref: new WeakRef(made) };
      bySnapshot.set(snapshot, entries);
    }
    recent.delete(entries.id);
    recent.set(entries.id, entries.ref);
    for (const [id, ref] of recent) {
      if (recent.size <= snapshots) break;
      recent.delete(id);
      ref.deref()?.clear();
    }
    return entries.lru(key, () => build(carriesOver ? previousOf(snapshot, key) : undefined));
  };
  const serves = (snapshot: Snapshot, key: string): boolean =>
    kept(snapshot, key) !== undefined || (carriesOver && previousOf(snapshot, key) !== undefined);
  return Object.assign(get, { serves });
}
