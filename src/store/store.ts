// The only module that knows lowdb: the scopes written to live in db.data; with --data, the
// DataFile adapter keeps them in a snapshot and a journal (src/store/dataFile.ts).
import { Low, Memory } from 'lowdb';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { compareIds } from '../domain/productTypes.js';
import type { DataFile } from './dataFile.js';
import { journalChange, type DbShape, type JournalEntry } from './journal.js';
import { Pending, type ScopeView } from './pendingView.js';
import { admitRecord } from './frozen.js';
import { CompactionRetry } from './compactionRetry.js';
import { Scope, emptyRecord, newRecord, recordOver, type ScopeChange, type ScopeRecord } from './scope.js';

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
  /** The --seed value of `seed`: the file records it, so that a refusal can name the seed it holds. */
  seedName?: string;
}

/** What a write plans from the scope as it is: the change to store, and the answer once stored. */
export interface Planned<T> {
  change: ScopeChange;
  result: T;
}

/** A scope written to, as the dashboard lists it (GET /__admin/scopes). */
export interface WrittenScope extends ScopeKey {
  products: number;
  productTypes: number;
}

/** A write waiting for the disk. */
interface Queued {
  name: string;
  change: ScopeChange;
  entry: JournalEntry;
  resolve(): void;
  reject(err: unknown): void;
}

const EMPTY_SEED: SeedData = { products: [], productTypes: [] };

export class Store {
  readonly #db: Low<DbShape>;
  readonly #file: DataFile | undefined;
  #seed: ScopeRecord;
  /**
   * What every scope not yet written to reads: one Scope for all of them, so a read naming a new
   * scope stores nothing and costs no copy (copy on write).
   */
  #seedScope: Scope;
  /** Scopes written to, each with its own records (the seed's shared until replaced). */
  readonly #scopes = new Map<string, Scope>();
  /** Per scope, the changes planned but not yet on disk (with --data). */
  readonly #pending = new Map<string, Pending>();
  /** Writes waiting for the disk, in the order they were planned. */
  #queue: Queued[] = [];
  /** The loop writing the queue, while it runs. */
  #flushing: Promise<void> | undefined;
  /** A reset in progress: writes wait for it. */
  #barrier: Promise<void> | undefined;
  #compacting = false;
  /** When a compaction that failed is tried again, and what the operator is told of it. */
  readonly #retry: CompactionRetry | undefined;
  /** The snapshot a compaction is writing, while it runs. */
  #snapshotting: Promise<void> | undefined;
  /** The seed was replaced since the journal in use was started, whose header names the old one. */
  #seedChanged = false;

  private constructor(db: Low<DbShape>, seed: ScopeRecord, seedScope: Scope, file: DataFile | undefined) {
    this.#db = db;
    this.#seed = seed;
    this.#file = file;
    this.#seedScope = seedScope;
    this.#retry = file && new CompactionRetry(file.path);
  }

  static async open(options: StoreOptions = {}): Promise<Store> {
    const seedData = options.seed ?? EMPTY_SEED;
    const seed = seedRecord(seedData);
    const file = options.file
      ? await openDataFile(options.file, seed, options.compactBytes, options.seedName)
      : undefined;
    const db = new Low<DbShape>(file ?? new Memory<DbShape>(), { scopes: emptyRecord() });
    await db.read();
    if (file?.needsSnapshot) await db.write();
    return new Store(db, seed, seedScope(seedData, seed), file);
  }

  /** The scope to read. Writes go through write(): a scope read here may be shared with others. */
  scope(key: ScopeKey): Scope {
    const name = scopeName(key);
    let scope = this.#scopes.get(name);
    if (!scope) {
      const record = this.#db.data.scopes[name];
      if (!record) return this.#seedScope;
      scope = new Scope(record, undefined, this.#seedScope);
      this.#scopes.set(name, scope);
    }
    return scope;
  }

  /**
   * Plans a write on the scope and applies it. With a file, the change is made durable first and
   * applied only then: a write the disk refuses changes nothing (a CatalogError: 507 when the disk is full, else 503), and the
   * promise resolves once the write survives the process being killed. Writes arriving while
   * others are written to disk are planned on the state those leave, and share the next fsync.
   */
  write<T>(key: ScopeKey, plan: (scope: ScopeView) => Planned<T>): Promise<T> {
    const name = scopeName(key);
    const file = this.#file;
    if (!file) {
      const { change, result } = plan(this.scope(key));
      this.#apply(name, change);
      return Promise.resolve(result);
    }
    if (this.#barrier) return this.#barrier.then(() => this.write(key, plan));
    let pending = this.#pending.get(name);
    if (!pending) {
      pending = new Pending(() => this.scope(key));
      this.#pending.set(name, pending);
    }
    const { change, result } = plan(pending);
    // Nothing to store: answered once the writes it was planned on are stored, and refused with
    // them (docs/behaviour.md, "Storage and --data"): a second delete of a product being deleted
    // must not answer "not found" when the first delete is refused.
    if (isEmpty(change)) {
      return (pending.lastWrite ?? Promise.resolve()).then(() => this.#drained()).then(() => result);
    }
    const entry: JournalEntry = { scope: name, ...journalChange(change, (id) => pending.product(id)) };
    pending.add(change);
    const stored = new Promise<void>((resolve, reject) => {
      this.#queue.push({ name, change, entry, resolve, reject });
      this.#startFlushing(file);
    });
    pending.lastWrite = stored;
    return stored.then(() => result);
  }

  #startFlushing(file: DataFile): void {
    if (this.#flushing) return;
    this.#flushing = this.#flush(file).finally(() => {
      this.#flushing = undefined;
      // A write queued between the loop's end and this turn would otherwise wait for the next one.
      if (this.#queue.length > 0) this.#startFlushing(file);
    });
  }

  /**
   * The scopes written to, each with how many products and product types it holds now; a scope
   * only read holds the seed's and is not listed (docs/behaviour.md, "Dashboard").
   */
  writtenScopes(): WrittenScope[] {
    return Object.keys(this.#db.data.scopes)
      .sort()
      .map((name) => {
        const [region = '', tenantId = '', environment = ''] = name.split('/');
        const key = { region, tenantId, environment };
        const scope = this.scope(key);
        return { ...key, products: scope.products().length, productTypes: scope.productTypes().length };
      });
  }

  /**
   * One scope back to the seed's data; every other scope keeps its own. In memory its records are
   * dropped. With a file, the difference from the seed is written first as one change, as any
   * write, so that a restart reads the seed's data back for it.
   */
  async resetScope(key: ScopeKey): Promise<void> {
    const name = scopeName(key);
    if (this.#db.data.scopes[name] === undefined) return;
    if (this.#file) {
      const seed = this.#seedScope;
      const current = this.scope(key);
      const change: Required<ScopeChange> = {
        products: [],
        deletedProducts: [],
        productTypes: [],
        deletedProductTypes: [],
      };
      for (const p of current.products()) {
        const original = seed.product(p.productGroupId);
        if (original === undefined) change.deletedProducts.push(p.productGroupId);
        else if (original !== p) change.products.push(original);
      }
      for (const p of seed.products()) if (!current.product(p.productGroupId)) change.products.push(p);
      for (const t of current.productTypes()) {
        const original = seed.productType(t.productTypeId);
        if (original === undefined) change.deletedProductTypes.push(t.productTypeId);
        else if (original !== t) change.productTypes.push(original);
      }
      for (const t of seed.productTypes())
        if (!current.productType(t.productTypeId)) change.productTypes.push(t);
      if (!isEmpty(change)) await this.write(key, () => ({ change, result: undefined }));
    }
    this.#scopes.delete(name);
    delete this.#db.data.scopes[name];
  }

  /** What scopes not yet started start from; those already started keep their data until reset(). */
  replaceSeed(seed: SeedData): void {
    this.#seed = seedRecord(seed);
    this.#seedScope = seedScope(seed, this.#seed);
    this.#file?.replaceSeed(this.#seed);
    this.#seedChanged = this.#file !== undefined;
  }

  /** Every scope back to its seed state. */
  reset(): Promise<void> {
    const clear = () => {
      this.#scopes.clear();
      this.#db.data.scopes = emptyRecord();
    };
    const file = this.#file;
    if (!file) return Promise.resolve(clear());
    const run = async () => {
      await this.#drained();
      await file.append([{ reset: true }]);
      clear();
      if (this.#seedChanged) {
        // Journal and snapshot headers name the seed their lines apply to: a new seed starts both anew,
        // so a restart on the new seed reads them, and one on the old seed refuses them.
        await this.#snapshotting;
        await file.nextGeneration();
        await this.#db.write();
        this.#seedChanged = false;
      }
    };
    const done = (this.#barrier ?? Promise.resolve()).then(run);
    const barrier = done.then(
      () => undefined,
      () => undefined,
    );
    this.#barrier = barrier;
    void barrier.then(() => {
      if (this.#barrier === barrier) this.#barrier = undefined;
    });
    return done;
  }

  /** Ends the store's use of its file, once what it was given is stored. */
  async close(): Promise<void> {
    await this.#barrier;
    await this.#drained();
    // A snapshot being written still renames its temporary file and deletes the journals it
    // covers: letting go of the file (and its lock) before would leave the temporary file when the
    // process exits, or delete journals under the next server to open the file.
    await this.#snapshotting;
    await this.#file?.close();
  }

  /** Resolves once no write is waiting for the disk. */
  async #drained(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  /** Writes the queue to disk, a group at a time; switches journals between groups when due. */
  async #flush(file: DataFile): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue.splice(0);
      try {
        await file.append(group.map((w) => w.entry));
      } catch (err) {
        // The writes queued since were planned on this group's: none of them is applied either.
        const refused = [...group, ...this.#queue.splice(0)];
        this.#pending.clear();
        for (const w of refused) w.reject(err);
        continue;
      }
      for (const w of group) {
        this.#apply(w.name, w.change);
        this.#pending.get(w.name)?.settle(w.change);
        w.resolve();
      }
      for (const [name, pending] of this.#pending) if (pending.empty) this.#pending.delete(name);
      if (this.#compactionDue(file)) await this.#compact(file);
    }
  }

  /** Whether to compact now: none runs, none failed too recently, and one is owed or worth it. */
  #compactionDue(file: DataFile): boolean {
    if (this.#compacting || !this.#retry?.due()) return false;
    return file.snapshotUnwritten || file.shouldCompact();
  }

  /**
   * Starts a new journal and writes the store as it is to a new snapshot, in the background. Runs
   * between two groups of writes: the snapshot holds exactly what the older journals hold. A
   * snapshot that failed is written again as it was, without a new journal: while the disk refuses,
   * writes go on in the one journal, and nothing is lost (the journals stay until a snapshot covers
   * them).
   */
  async #compact(file: DataFile): Promise<void> {
    const retry = this.#retry;
    this.#compacting = true;
    let snapshot: Promise<void>;
    if (file.snapshotUnwritten) {
      snapshot = file.retrySnapshot();
    } else {
      try {
        await file.nextGeneration();
      } catch (err) {
        this.#compacting = false;
        retry?.failed('start a new journal', err);
        return;
      }
      snapshot = this.#db.write();
    }
    this.#snapshotting = snapshot
      .then(
        () => retry?.succeeded(),
        (err: unknown) => retry?.failed('write a snapshot', err),
      )
      .finally(() => {
        this.#compacting = false;
        this.#snapshotting = undefined;
      });
  }

  #apply(name: string, change: ScopeChange): void {
    let scope = this.#scopes.get(name);
    if (!scope) {
      const fresh = this.#db.data.scopes[name] === undefined;
      const record = (this.#db.data.scopes[name] ??= recordOver(this.#seed));
      // A scope's first write starts from the seed's snapshot: carried over, not sorted again.
      const sorted = fresh ? this.#seedScope.products() : undefined;
      scope = new Scope(record, sorted, this.#seedScope);
      this.#scopes.set(name, scope);
    }
    scope.apply(change);
  }
}

/**
 * The --data file, its modules loaded only when one is asked for: they use node's file system, and
 * the in-memory store also runs in a browser or service worker (src/msw/). The specifiers are
 * values, not literals, so that a bundler building for the browser leaves them out.
 */
async function openDataFile(
  path: string,
  seed: ScopeRecord,
  compactBytes?: number,
  seedName?: string,
): Promise<DataFile> {
  const dataPathModule: string = './dataPath.js';
  const dataFileModule: string = './dataFile.js';
  const { checkDataPath } = (await import(
    /* @vite-ignore */ dataPathModule
  )) as typeof import('./dataPath.js');
  const { DataFile: FileAdapter } = (await import(
    /* @vite-ignore */ dataFileModule
  )) as typeof import('./dataFile.js');
  await checkDataPath(path);
  return new FileAdapter(path, seed, compactBytes, seedName);
}

function scopeName({ region, tenantId, environment }: ScopeKey): string {
  return `${region}/${tenantId}/${environment}`;
}

const isEmpty = (c: ScopeChange): boolean =>
  !c.products?.length &&
  !c.deletedProducts?.length &&
  !c.productTypes?.length &&
  !c.deletedProductTypes?.length;

/**
 * The scope every unwritten scope reads. A generated seed comes in productGroupId order: its array is
 * the scope's order as it is, where sorting the record's values took about 300 ms at 100,000 products.
 */
function seedScope(seed: SeedData, record: ScopeRecord): Scope {
  const products = seed.products;
  for (let i = 1; i < products.length; i++) {
    if (compareIds(products[i - 1]!.productGroupId, products[i]!.productGroupId) >= 0)
      return new Scope(record);
  }
  return new Scope(record, products);
}

/** Records are shared with every scope: writes replace records, never mutate them. */
function seedRecord(seed: SeedData): ScopeRecord {
  const record = newRecord();
  for (const p of seed.products) record.products.set(p.productGroupId, admitRecord(p));
  for (const t of seed.productTypes) record.productTypes.set(t.productTypeId, admitRecord(t));
  return record;
}
