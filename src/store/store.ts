// The only module that knows lowdb: scopes live in db.data, and commit() persists them.
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { Scope, emptyRecord, type ScopeRecord } from './scope.js';

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

interface DbShape {
  version: 1;
  scopes: Record<string, ScopeRecord>;
}

export interface StoreOptions {
  /** Persist to this JSON file (atomic writes); in memory when absent. */
  file?: string;
  seed?: SeedData;
}

const EMPTY_SEED: SeedData = { products: [], productTypes: [] };

export class Store {
  readonly #db: Low<DbShape>;
  readonly #seed: SeedData;
  readonly #scopes = new Map<string, Scope>();
  readonly #persistent: boolean;
  #writing: Promise<void> = Promise.resolve();
  #queued: Promise<void> | undefined;

  private constructor(db: Low<DbShape>, seed: SeedData, persistent: boolean) {
    this.#db = db;
    this.#seed = seed;
    this.#persistent = persistent;
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    const adapter = options.file
      ? new DataFile<DbShape>(options.file, { parse: parseDb, stringify: (data) => JSON.stringify(data) })
      : new Memory<DbShape>();
    const db = new Low<DbShape>(adapter, { version: 1, scopes: emptyRecord() });
    await db.read();
    return new Store(db, options.seed ?? EMPTY_SEED, options.file !== undefined);
  }

  /** The scope, started as a copy of the seed the first time it is used. */
  scope(key: ScopeKey): Scope {
    const name = scopeName(key);
    let scope = this.#scopes.get(name);
    if (!scope) {
      const scopes = this.#db.data.scopes;
      const record = (scopes[name] ??= seedRecord(this.#seed));
      scope = new Scope(record);
      this.#scopes.set(name, scope);
    }
    return scope;
  }

  /**
   * Resolves once every change made so far is durable (in the file, when there is one).
   * Each write serialises the whole store, so commits arriving while one is in flight share the
   * next write: at most one write runs and one waits, however many requests commit at once.
   */
  commit(): Promise<void> {
    if (!this.#persistent) return Promise.resolve();
    this.#queued ??= this.#writing
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        this.#writing = this.#db.write();
        return this.#writing;
      });
    return this.#queued;
  }

  /** Every scope back to its seed state. */
  async reset(): Promise<void> {
    this.#scopes.clear();
    this.#db.data.scopes = emptyRecord();
    await this.commit();
  }
}

function scopeName({ region, tenantId, environment }: ScopeKey): string {
  return `${region}/${tenantId}/${environment}`;
}

/** Records are shared with the seed: writes replace records, never mutate them. */
function seedRecord(seed: SeedData): ScopeRecord {
  const record: ScopeRecord = { products: emptyRecord(), productTypes: emptyRecord() };
  for (const p of seed.products) record.products[p.productGroupId] = p;
  for (const t of seed.productTypes) record.productTypes[t.productTypeId] = t;
  return record;
}

/** Rebuilds the id-keyed records as null-prototype objects, whatever ids the file holds. */
function parseDb(text: string): DbShape {
  const raw = JSON.parse(text) as { scopes?: Record<string, Partial<ScopeRecord>> };
  const scopes = emptyRecord<ScopeRecord>();
  for (const [name, rec] of Object.entries(raw.scopes ?? {})) {
    scopes[name] = {
      products: Object.assign(emptyRecord<CatalogProduct>(), rec.products),
      productTypes: Object.assign(emptyRecord<ProductType>(), rec.productTypes),
    };
  }
  return { version: 1, scopes };
}
