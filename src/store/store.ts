// The only module that knows lowdb: the scopes written to live in db.data; with --data, the
// DataFile adapter keeps them in a snapshot and a journal (src/store/dataFile.ts).
import { Low, Memory } from 'lowdb';
import type { CatalogProduct, ScopeKey, SeedData } from '../domain/types.js';
import { CatalogError } from '../domain/errors.js';
import { compareIds } from '../domain/productTypes.js';
import type { DataFile } from './dataFile.js';
import { journalChange, type DbShape, type JournalEntry } from './journal.js';
import { Pending, type ScopeView } from './pendingView.js';
import { admitRecord } from './frozen.js';
import { CompactionRetry } from './compactionRetry.js';
import { Scope, emptyRecord, newRecord, recordOver, type ScopeChange, type ScopeRecord } from './scope.js';

export interface StoreOptions {
  /** Persist to this file (snapshot and journal); in memory when absent. */
  file?: string;
  seed?: SeedData;
  /** Journal size from which a snapshot is written in the background; the default suits servers. */
  compactBytes?: number;
  /** The --seed value of `seed`: the file records it, so that a refusal can name the seed it holds. */
  seedName?: string;
  /**
   * The most bytes of records (their JSON) the writes may keep, all scopes together; none when
   * absent. A write that would keep more is refused with a 507 naming --max-stored-mb.
   */
  maxStoredBytes?: number;
  /**
   * The most bytes of records (their JSON) the writes may keep in any one scope; none when absent.
   * A write that would keep more there is refused with a 507 naming --max-scope-mb.
   */
  maxScopeBytes?: number;
  /**
   * Why the memory left is too little for a write that keeps more, in words; undefined while it is
   * enough. A record can take twenty times its JSON in the heap (an array of empty objects), so
   * counting JSON alone did not keep the server alive (docs/behaviour.md, "Storage and --data").
   */
  memoryFull?: () => string | undefined;
}

/** The JSON size of each record a write stored (never of the seed's, which every scope shares). */
const storedSize = new WeakMap<object, number>();
const sizeOfWritten = (record: object | undefined): number =>
  record === undefined ? 0 : (storedSize.get(record) ?? 0);
function noteWritten(record: object): number {
  let size = storedSize.get(record);
  if (size === undefined) {
    size = JSON.stringify(record).length;
    storedSize.set(record, size);
  }
  return size;
}

/**
 * How many more bytes of written records the change leaves kept than the scope keeps now: new
 * records count their JSON, the records they replace or delete no longer count (a seed record never
 * counted).
 */
function storedDelta(view: ScopeView, change: ScopeChange): number {
  let delta = 0;
  for (const p of change.products ?? [])
    delta += noteWritten(p) - sizeOfWritten(view.product(p.productGroupId));
  for (const id of change.deletedProducts ?? []) delta -= sizeOfWritten(view.product(id));
  for (const t of change.productTypes ?? [])
    delta += noteWritten(t) - sizeOfWritten(view.productType(t.productTypeId));
  for (const id of change.deletedProductTypes ?? []) delta -= sizeOfWritten(view.productType(id));
  return delta;
}

const MB = 1024 * 1024;
/** Bytes in MB as a message says them: to a hundredth, so that a ceiling of 0.25 MB reads 0.25. */
const mbText = (bytes: number): string => String(Math.round((bytes / MB) * 100) / 100);

/** Bytes of the written records a scope's record holds (sizeOfWritten; the seed's count none). */
function writtenBytesOf(record: ScopeRecord | undefined, seed: ScopeRecord): number {
  if (record === undefined) return 0;
  let bytes = 0;
  for (const [, product] of record.products.differencesFrom(seed.products))
    bytes += sizeOfWritten(product ?? undefined);
  for (const [, type] of record.productTypes.differencesFrom(seed.productTypes))
    bytes += sizeOfWritten(type ?? undefined);
  return bytes;
}

/** What a write plans from the scope as it is: the change to store, and the answer once stored. */
export interface Planned<T> {
  change: ScopeChange;
  result: T;
}

/**
 * A scope's data as it was when captured (captureScope): its records' tables forked, the records
 * shared with the live scope (docs/behaviour.md, "Scope snapshots"). Never written.
 */
export interface ScopeState {
  readonly record: ScopeRecord;
  /** Its products in productGroupId order, when the scope had them sorted already. */
  readonly sorted?: readonly CatalogProduct[];
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
  /** A restore: once stored, the scope becomes this state (undefined: the seed's) instead of applying `change`. */
  restore?: { state: ScopeState | undefined };
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
  /**
   * Per scope, the write being planned in turns (writeInTurns), until it is given to the store: the
   * writes, restores and resets given after it wait for it, so that none overtakes it.
   */
  readonly #planning = new Map<string, Promise<void>>();
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
  /** Bytes of the records the writes keep, all scopes together (storedDelta), and the most allowed. */
  #storedBytes = 0;
  #maxStoredBytes = Infinity;
  /** The same per scope (by scopeName; a scope keeping none is not listed), and the most one may keep. */
  readonly #scopeBytes = new Map<string, number>();
  #maxScopeBytes = Infinity;
  #memoryFull: (() => string | undefined) | undefined;

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
    const store = new Store(db, seed, seedScope(seedData, seed), file);
    store.#maxStoredBytes = options.maxStoredBytes ?? Infinity;
    store.#maxScopeBytes = options.maxScopeBytes ?? Infinity;
    store.#memoryFull = options.memoryFull;
    // What a --data file brought back counts as written (it may exceed the ceilings: writes that
    // shrink it still pass).
    for (const [name, record] of Object.entries(db.data.scopes)) {
      let bytes = 0;
      for (const [, product] of record.products.differencesFrom(seed.products)) {
        if (product) bytes += noteWritten(product);
      }
      for (const [, type] of record.productTypes.differencesFrom(seed.productTypes)) {
        if (type) bytes += noteWritten(type);
      }
      store.#count(name, bytes);
    }
    return store;
  }

  /**
   * Counts the change's bytes (storedDelta) as kept, or refuses it with a 507 naming
   * --max-stored-mb when they would pass the ceiling; a change that keeps less always passes. The
   * server must never die of memory from requests: 30 pushes of 5 MB killed it (docs/behaviour.md,
   * "Storage and --data"). Returns the bytes counted, to take back if the change is not stored.
   */
  #admit(name: string, view: ScopeView, change: ScopeChange): number {
    const delta = storedDelta(view, change);
    const after = this.#storedBytes + delta;
    const scopeAfter = (this.#scopeBytes.get(name) ?? 0) + delta;
    if (delta > 0 && scopeAfter > this.#maxScopeBytes) {
      throw new CatalogError(
        'storage-full',
        `The scope ${name} is full: this write would bring the records the writes keep in it to ${mbText(scopeAfter)} MB, past --max-scope-mb (${mbText(this.#maxScopeBytes)} MB in one scope); nothing was applied. Delete records of this scope, reset it (POST /__admin/scopes/${name}/reset), or start the mock with a larger --max-scope-mb`,
      );
    }
    if (delta > 0 && after > this.#maxStoredBytes) {
      throw new CatalogError(
        'storage-full',
        `The store is full: this write would bring the records the writes keep to ${(after / MB).toFixed(1)} MB, past --max-stored-mb (${(this.#maxStoredBytes / MB).toFixed(1)} MB, all tenants together); nothing was applied. Delete records, reset (POST /__admin/reset), or start the mock with a larger --max-stored-mb`,
      );
    }
    const memory = delta > 0 ? this.#memoryFull?.() : undefined;
    if (memory !== undefined) {
      throw new CatalogError(
        'storage-full',
        `The store is full: ${memory}; nothing was applied. Delete records or reset (POST /__admin/reset), or start the server with more heap (NODE_OPTIONS=--max-old-space-size=MB)`,
      );
    }
    this.#count(name, delta);
    return delta;
  }

  /** Counts `bytes` more (or fewer, when negative) as kept by the writes of scope `name`. */
  #count(name: string, bytes: number): void {
    if (bytes === 0) return;
    this.#storedBytes += bytes;
    const scope = (this.#scopeBytes.get(name) ?? 0) + bytes;
    if (scope > 0) this.#scopeBytes.set(name, scope);
    else this.#scopeBytes.delete(name);
  }

  /** Bytes of the records the writes keep, all scopes together (its JSON, as --max-stored-mb counts it). */
  get storedBytes(): number {
    return this.#storedBytes;
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
    const before = this.#barrier ?? this.#planning.get(name);
    if (before) return before.then(() => this.write(key, plan));
    return this.#writeNow(key, name, plan);
  }

  /**
   * write(), the plan made in turns of the event loop: `plan` may pause between its steps, and the
   * records' sizes are counted between pauses too. The scope's order is kept: the plan starts once
   * the writes given before it are stored, and the writes, restores and resets given after it wait
   * until it is given to the store; reads meanwhile see the scope as it was. A large batch is planned
   * so: in one piece, the heaviest push allowed held every other request for 40 to 90 ms
   * (docs/performance.md, "Large request bodies").
   */
  async writeInTurns<T>(
    key: ScopeKey,
    plan: (scope: ScopeView) => Promise<Planned<T>>,
    pause: () => Promise<void> | undefined,
  ): Promise<T> {
    const name = scopeName(key);
    for (let before = this.#barrier ?? this.#planning.get(name); before;) {
      await before;
      before = this.#barrier ?? this.#planning.get(name);
    }
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.#planning.set(name, held);
    let written: Promise<T>;
    try {
      // With a file, planned on the scope as stored: a write refused by the disk meanwhile then
      // refuses nothing planned on it.
      await this.#pending.get(name)?.lastWrite?.catch(() => undefined);
      const planned = await plan(this.scope(key));
      const { products = [], productTypes = [] } = planned.change;
      for (const record of [...products, ...productTypes]) {
        noteWritten(record);
        const paused = pause();
        if (paused) await paused;
      }
      written = this.#writeNow(key, name, () => planned);
    } finally {
      this.#planning.delete(name);
      release();
    }
    return written;
  }

  /** write(), now: no reset nor write planned in turns is under way for the scope. */
  #writeNow<T>(key: ScopeKey, name: string, plan: (scope: ScopeView) => Planned<T>): Promise<T> {
    const file = this.#file;
    if (!file) {
      try {
        const scope = this.scope(key);
        const { change, result } = plan(scope);
        this.#admit(name, scope, change);
        this.#apply(name, change);
        return Promise.resolve(result);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    }
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
    let counted: number;
    try {
      counted = this.#admit(name, pending, change);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    const entry: JournalEntry = { scope: name, ...journalChange(change, (id) => pending.product(id)) };
    pending.add(change);
    const stored = new Promise<void>((resolve, reject) => {
      this.#queue.push({ name, change, entry, resolve, reject });
      this.#startFlushing(file);
    });
    pending.lastWrite = stored;
    // Not stored: its bytes are not kept either.
    stored.catch(() => this.#count(name, -counted));
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
   * The scope's data as it is now, to restore later: costs a copy of the ids the scope wrote, not of
   * its records (copy on write; docs/behaviour.md, "Scope snapshots").
   */
  captureScope(key: ScopeKey): ScopeState {
    const scope = this.scope(key);
    const record = scope === this.#seedScope ? recordOver(this.#seed) : forkRecord(scope.record);
    return { record, sorted: scope.settledProducts() };
  }

  /**
   * The scope back to a captured state, or to the seed's when none is given (a reset of this scope
   * alone); every other scope is untouched. In memory, the scope's tables are replaced at once. With
   * a file, what differs between the two is written to the journal as one change, after the writes
   * already given to this scope and before those given after, so that a restart reads the restored
   * state back (docs/behaviour.md, "Scope snapshots").
   */
  restoreScope(key: ScopeKey, state?: ScopeState): Promise<void> {
    const name = scopeName(key);
    const planning = this.#planning.get(name);
    if (planning) return planning.then(() => this.restoreScope(key, state));
    const file = this.#file;
    if (!file) {
      this.#replace(name, state);
      return Promise.resolve();
    }
    return this.#restoreDurably(file, key, name, state);
  }

  async #restoreDurably(
    file: DataFile,
    key: ScopeKey,
    name: string,
    state: ScopeState | undefined,
  ): Promise<void> {
    // Planned on the scope as stored: once no reset runs and no write of this scope waits for the disk.
    while (this.#barrier || this.#planning.has(name) || !(this.#pending.get(name)?.empty ?? true)) {
      await this.#barrier;
      await this.#planning.get(name);
      await this.#pending.get(name)?.lastWrite?.catch(() => undefined);
      await this.#drained();
    }
    const current = this.scope(key).record;
    const target = state?.record ?? recordOver(this.#seed);
    const change = differenceOf(target, current);
    if (isEmpty(change)) return;
    const entry: JournalEntry = { scope: name, ...journalChange(change, (id) => current.products.get(id)) };
    let pending = this.#pending.get(name);
    if (!pending) {
      pending = new Pending(() => this.scope(key));
      this.#pending.set(name, pending);
    }
    pending.add(change);
    const stored = new Promise<void>((resolve, reject) => {
      this.#queue.push({ name, change, entry, restore: { state }, resolve, reject });
      this.#startFlushing(file);
    });
    pending.lastWrite = stored;
    await stored;
  }

  /** The scope's tables replaced by a fork of the state's, or dropped to read the seed's again. */
  #replace(name: string, state: ScopeState | undefined): void {
    // What the scope keeps becomes what the state holds (before, a reset scope still counted).
    this.#count(
      name,
      writtenBytesOf(state?.record, this.#seed) - writtenBytesOf(this.#db.data.scopes[name], this.#seed),
    );
    if (!state) {
      this.#scopes.delete(name);
      delete this.#db.data.scopes[name];
      return;
    }
    const record = forkRecord(state.record);
    this.#db.data.scopes[name] = record;
    this.#scopes.set(name, new Scope(record, state.sorted, this.#seedScope));
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
      this.#storedBytes = 0;
      this.#scopeBytes.clear();
    };
    const file = this.#file;
    if (!file && !this.#barrier && this.#planning.size === 0) return Promise.resolve(clear());
    const run = async () => {
      // A write planned in turns was given before the reset: it is stored first, then cleared.
      while (this.#planning.size > 0) await Promise.all(this.#planning.values());
      if (!file) return clear();
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
        if (w.restore) this.#replace(w.name, w.restore.state);
        else this.#apply(w.name, w.change);
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

const forkRecord = (record: ScopeRecord): ScopeRecord => ({
  products: record.products.fork(),
  productTypes: record.productTypes.fork(),
});

/** The change that makes `current` hold what `target` holds. */
function differenceOf(target: ScopeRecord, current: ScopeRecord): ScopeChange {
  const change: Required<ScopeChange> = {
    products: [],
    deletedProducts: [],
    productTypes: [],
    deletedProductTypes: [],
  };
  for (const [id, product] of target.products.differencesFrom(current.products)) {
    if (product === null) change.deletedProducts.push(id);
    else change.products.push(product);
  }
  for (const [id, type] of target.productTypes.differencesFrom(current.productTypes)) {
    if (type === null) change.deletedProductTypes.push(id);
    else change.productTypes.push(type);
  }
  return change;
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
