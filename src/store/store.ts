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

  private constructor(db: Low<DbShape>, seed: SeedData) {
    this.#db = db;
    this.#seed = seed;
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    const adapter = options.file
      ? new DataFile<DbShape>(options.file, { parse: parseDb, stringify: (data) => JSON.stringify(data) })
      : new Memory<DbShape>();
    const db = new Low<DbShape>(adapter, { version: 1, scopes: emptyRecord() });
    await db.read();
    return new Store(db, options.seed ?? EMPTY_SEED);
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

  /** Resolves once every change made so far is durable (in the file, when there is one). */
  commit(): Promise<void> {
    return this.#db.write();
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
