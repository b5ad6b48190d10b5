// The only module that knows lowdb: the scopes written to live in db.data; with --data, the
// DataFile adapter keeps them in a snapshot and a journal (src/store/dataFile.ts).
import { Low, Memory } from 'lowdb';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { DataFile, journalChange, type DbShape } from './dataFile.js';
import { checkDataPath } from './dataPath.js';
import { Scope, copyRecord, emptyRecord, type ScopeChange, type ScopeRecord } from './scope.js';

/** The data every scope starts from. */
export interface SeedData {
  products: readonly CatalogProduct[];
  productTypes: readonly ProductType[];
}

export interface ScopeKey {
  region: string;
  tenantId: string;
  environment: string;
}

export interface StoreOptions {
  /** Persist to this file (snapshot and journal); in memory when absent. */
  file?: string;
  seed?: SeedData;
  /** Journal size from which a snapshot is written in the background; the default suits servers. */
  compactBytes?: number;
}

/** What a write plans from the scope as it is: the change to store, and the answer once stored. */
export interface Planned<T> {
  change: ScopeChange;
  result: T;
}

const EMPTY_SEED: SeedData = { products: [], productTypes: [] };

export class Store {
  readonly #db: Low<DbShape>;
  readonly #file: DataFile | undefined;
  readonly #seed: ScopeRecord;
  /**
   * What every scope not yet written to reads: one Scope for all of them, so a read naming a new
   * scope stores nothing and costs no copy (copy on write).
   */
  readonly #seedScope: Scope;
  /** Scopes written to, each with its own records (the seed's shared until replaced). */
  readonly #scopes = new Map<string, Scope>();
  /** Writes to a file run one after another: each is planned on the state the previous one left. */
  #tail: Promise<unknown> = Promise.resolve();
  #compacting = false;

  private constructor(db: Low<DbShape>, seed: ScopeRecord, file: DataFile | undefined) {
    this.#db = db;
    this.#seed = seed;
    this.#file = file;
    this.#seedScope = new Scope(seed);
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    const seed = seedRecord(options.seed ?? EMPTY_SEED);
    if (options.file) await checkDataPath(options.file);
    const file = options.file ? new DataFile(options.file, seed, options.compactBytes) : undefined;
    const db = new Low<DbShape>(file ?? new Memory<DbShape>(), { scopes: emptyRecord() });
    await db.read();
    if (file?.needsSnapshot) await db.write();
    return new Store(db, seed, file);
  }

  /** The scope to read. Writes go through write(): a scope read here may be shared with others. */
  scope(key: ScopeKey): Scope {
    const name = scopeName(key);
    let scope = this.#scopes.get(name);
    if (!scope) {
      const record = this.#db.data.scopes[name];
      if (!record) return this.#seedScope;
      scope = new Scope(record);
      this.#scopes.set(name, scope);
    }
    return scope;
  }

  /**
   * Plans a write on the scope and applies it. With a file, the change is made durable first and
   * applied only then: a write the disk refuses changes nothing (ApiError 507 or 503), and the
   * promise resolves once the write survives the process being killed.
   */
  write<T>(key: ScopeKey, plan: (scope: Scope) => Planned<T>): Promise<T> {
    const name = scopeName(key);
    const file = this.#file;
    if (!file) {
      const { change, result } = plan(this.scope(key));
      this.#apply(name, change);
      return Promise.resolve(result);
    }
    return this.#exclusive(async () => {
      const scope = this.scope(key);
      const { change, result } = plan(scope);
      if (!isEmpty(change)) {
        await file.append({ scope: name, ...journalChange(change, (id) => scope.product(id)) });
        this.#apply(name, change);
        this.#compactWhenDue(file);
      }
      return result;
    });
  }

  /** Every scope back to its seed state. */
  reset(): Promise<void> {
    const clear = () => {
      this.#scopes.clear();
      this.#db.data.scopes = emptyRecord();
    };
    const file = this.#file;
    if (!file) return Promise.resolve(clear());
    return this.#exclusive(async () => {
      await file.append({ reset: true });
      clear();
    });
  }

  /** Ends the store's use of its file. */
  async close(): Promise<void> {
    await this.#exclusive(async () => this.#file?.close());
  }

  #apply(name: string, change: ScopeChange): void {
    let scope = this.#scopes.get(name);
    if (!scope) {
      const record = (this.#db.data.scopes[name] ??= copyRecord(this.#seed));
      scope = new Scope(record);
      this.#scopes.set(name, scope);
    }
    scope.apply(change);
  }

  #exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(task);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /**
   * Once the journal is large, the store is written to a new snapshot in the background: the
   * switch to a new journal waits its turn among the writes, the snapshot itself does not.
   */
  #compactWhenDue(file: DataFile): void {
    if (this.#compacting || !file.shouldCompact()) return;
    this.#compacting = true;
    void this.#exclusive(async () => {
      await file.nextGeneration();
      return { written: this.#db.write() };
    })
      .then(({ written }) => written)
      .catch((err: unknown) => {
        // Nothing is lost: the journals stay until a snapshot covers them; the next one tries again.
        console.error(`product-catalog-mock: could not write a snapshot: ${String(err)}`);
      })
      .finally(() => {
        this.#compacting = false;
      });
  }
}

function scopeName({ region, tenantId, environment }: ScopeKey): string {
  return `${region}/${tenantId}/${environment}`;
}

const isEmpty = (c: ScopeChange): boolean =>
  !c.products?.length &&
  !c.deletedProducts?.length &&
  !c.productTypes?.length &&
  !c.deletedProductTypes?.length;

/** Records are shared with every scope: writes replace records, never mutate them. */
function seedRecord(seed: SeedData): ScopeRecord {
  const record: ScopeRecord = { products: emptyRecord(), productTypes: emptyRecord() };
  for (const p of seed.products) record.products[p.productGroupId] = p;
  for (const t of seed.productTypes) record.productTypes[t.productTypeId] = t;
  return record;
}
