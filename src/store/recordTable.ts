// A scope's records by id, written over the records of a base table (the seed's) instead of a copy
// of it: a scope's first write no longer copies the seed's table of ids, and the scope's lookup
// tables are the seed's plus its own (docs/performance.md, "Copy on write for new scopes").

/**
 * Records by id: this table's own, and where it has none for an id, its base's. A base is never
 * written through a table over it (the seed's table is not written at all); an id this table removed
 * while its base holds it is kept as null, so that the base's record stays hidden.
 */
export class RecordTable<T> {
  /** This table's records, and null for a record of the base this table removed. */
  readonly #own: Map<string, T | null>;

  /** `own`: the entries to start with, copied (see fork()). */
  constructor(
    readonly base?: RecordTable<T>,
    own?: ReadonlyMap<string, T | null>,
  ) {
    this.#own = new Map(own);
  }

  /**
   * A table that holds what this one holds now, over the same base: only this table's own entries
   * are copied, the records themselves are shared (they are never changed in place). What a scope
   * snapshot keeps, and what a restore starts from (docs/behaviour.md, "Scope snapshots").
   */
  fork(): RecordTable<T> {
    return new RecordTable(this.base, this.#own);
  }

  get(id: string): T | undefined {
    const own = this.#own.get(id);
    if (own !== undefined) return own ?? undefined;
    return this.base?.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  set(id: string, record: T): void {
    this.#own.set(id, record);
  }

  delete(id: string): void {
    if (this.base?.has(id)) this.#own.set(id, null);
    else this.#own.delete(id);
  }

  /** Whether the record for this id is this table's own (or its removal), not its base's. */
  overrides(id: string): boolean {
    return this.#own.has(id);
  }

  /** This table's own records, without those it takes from its base. */
  *ownValues(): IterableIterator<T> {
    for (const record of this.#own.values()) if (record !== null) yield record;
  }

  /** Every record: the base's this table does not override, then its own. */
  *values(): IterableIterator<T> {
    for (const [, record] of this.entries()) yield record;
  }

  /** Every record with its id, in the order of values(). */
  *entries(): IterableIterator<[string, T]> {
    if (this.base) for (const entry of this.base.entries()) if (!this.#own.has(entry[0])) yield entry;
    for (const [id, record] of this.#own) if (record !== null) yield [id, record];
  }

  /**
   * How this table differs from `other`: each record it holds that `other` does not hold as the same
   * value, and null for each id `other` holds and it does not. Over `other` itself, only its own
   * entries can differ; over anything else, both tables are read whole.
   */
  *differencesFrom(other: RecordTable<T>): IterableIterator<[string, T | null]> {
    if (this.base === other) {
      for (const [id, record] of this.#own) if (record !== other.get(id)) yield [id, record];
      return;
    }
    // Two tables over one base (a scope and a snapshot of it): only ids either wrote can differ.
    if (this.base !== undefined && this.base === other.base) {
      for (const id of this.#own.keys()) {
        const mine = this.get(id);
        if (mine !== other.get(id)) yield [id, mine ?? null];
      }
      for (const id of other.#own.keys()) {
        if (this.#own.has(id)) continue;
        const mine = this.get(id);
        if (mine !== other.get(id)) yield [id, mine ?? null];
      }
      return;
    }
    for (const [id, record] of this.entries()) if (other.get(id) !== record) yield [id, record];
    for (const [id] of other.entries()) if (!this.has(id)) yield [id, null];
  }
}
