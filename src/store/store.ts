// The only module that knows lowdb: scopes live in db.data, and commit() persists them.
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import { ApiError } from '../domain/errors.js';
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

/**
 * lowdb writes the file as one JSON string, and V8 builds no string longer than 2^29 - 24
 * characters (about 537 MB of JSON): the most a --data file can hold. Start-up refuses a seed over 80% of it.
 */
export const MAX_FILE_CHARS = 2 ** 29 - 24;
const SEED_SHARE_OF_FILE = 0.8;
/** How the start-up refusal reads: the benchmark tells it from other failures by it. */
export const FILE_CAPACITY_PHRASE = 'keeps the whole store in one JSON file';
const SAMPLE = 200;

/** About how many characters the products' JSON takes, from an even sample. */
export function estimatedJsonChars(products: readonly object[]): number {
  if (products.length === 0) return 0;
  const step = Math.max(1, Math.floor(products.length / SAMPLE));
  let chars = 0;
  let sampled = 0;
  for (let i = 0; i < products.length; i += step, sampled++) chars += JSON.stringify(products[i]).length;
  return Math.round((chars / sampled) * products.length);
}

/** Throws, naming the sizes, when the seed alone would fill most of what a --data file can hold. */
export function checkFileCapacity(file: string, seed: SeedData, maxChars = MAX_FILE_CHARS): void {
  const chars = estimatedJsonChars(seed.products);
  if (chars <= maxChars * SEED_SHARE_OF_FILE) return;
  const mb = (n: number) => Math.round(n / 1e6);
  const fits = Math.floor((maxChars * SEED_SHARE_OF_FILE * seed.products.length) / chars);
  throw new Error(
    `--data ${file} ${FILE_CAPACITY_PHRASE} of at most about ${mb(maxChars)} MB, ` +
      `and this seed alone is about ${mb(chars)} MB: use a seed of at most about ` +
      `${fits.toLocaleString('en-US')} products, or run in memory without --data`,
  );
}

/** A write that failed because the store outgrew one file is the client's to know about, not a bug. */
export function persistError(err: unknown, file: string): unknown {
  if (!(err instanceof RangeError) || !/string length/i.test(err.message)) return err;
  return new ApiError(
    507,
    `The change is applied in memory but could not be written to ${file}: the store is larger than ` +
      `one JSON file can hold (about ${Math.round(MAX_FILE_CHARS / 1e6)} MB). Delete products or run without --data.`,
  );
}

export class Store {
  readonly #db: Low<DbShape>;
  #seed: SeedData;
  readonly #scopes = new Map<string, Scope>();
  /** Where the store persists; undefined: in memory only. */
  readonly #file: string | undefined;
  #writing: Promise<void> = Promise.resolve();
  #queued: Promise<void> | undefined;

  private constructor(db: Low<DbShape>, seed: SeedData, file: string | undefined) {
    this.#db = db;
    this.#seed = seed;
    this.#file = file;
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    if (options.file && options.seed) checkFileCapacity(options.file, options.seed);
    const adapter = options.file
      ? new DataFile<DbShape>(options.file, { parse: parseDb, stringify: (data) => JSON.stringify(data) })
      : new Memory<DbShape>();
    const db = new Low<DbShape>(adapter, { version: 1, scopes: emptyRecord() });
    await db.read();
    return new Store(db, options.seed ?? EMPTY_SEED, options.file);
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
    const file = this.#file;
    if (file === undefined) return Promise.resolve();
    this.#queued ??= this.#writing
      .catch(() => undefined)
      .then(() => {
        this.#queued = undefined;
        this.#writing = this.#db.write().catch((err: unknown) => {
          throw persistError(err, file);
        });
        return this.#writing;
      });
    return this.#queued;
  }

  /** What scopes not yet started start from; those already started keep their data until reset(). */
  replaceSeed(seed: SeedData): void {
    this.#seed = seed;
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
