// The --data format, as a lowdb adapter: a snapshot of one JSON record per line (FILE) plus journals
// of the writes applied since (FILE.journal-N), one JSON line per write, made durable before the
// write is answered. read() loads snapshot and journals; write() compacts, in the background, the
// whole store into a new snapshot. See docs/behaviour.md, "Data, seeds and admin".
import { createHash } from 'node:crypto';
import { rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Adapter } from 'lowdb';
import { CatalogError } from '../domain/errors.js';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { lockDataFile } from './dataLock.js';
import { journalGenerations, journalPath, openOwnFile, snapshotTempPath } from './dataPath.js';
import { isObject, journalEntryProblem, snapshotLineProblem } from './lineShapes.js';
import type { RecordTable } from './recordTable.js';
import { readLines } from './lines.js';
import { syncPath } from './syncPath.js';
import { loadSchemaValidator, type SchemaValidator } from '../openapi/schemas.js';
import { readablePath } from '../openapi/readablePath.js';
import { applyPatch } from './productPatch.js';
import { applyToRecord, emptyRecord, recordOver, type ScopeRecord } from './scope.js';
import type { DbShape, JournalChange, JournalEntry } from './journal.js';

export { journalChange, type DbShape, type JournalChange, type JournalEntry } from './journal.js';

/** Makes a table over the seed hold exactly the records of `whole`: each put, and the seed's others removed. */
function holdExactly<T>(table: RecordTable<T>, whole: Record<string, T>): void {
  for (const id of Object.keys(whole)) table.set(id, whole[id] as T);
  for (const [id] of table.base?.entries() ?? []) if (!Object.hasOwn(whole, id)) table.delete(id);
}

/** Applies a journal line's change to a scope being loaded. */
function replayChange(record: ScopeRecord, change: JournalChange, file: string): void {
  for (const patch of change.patches ?? []) {
    const old = record.products.get(patch.productGroupId);
    if (!old)
      throw new Error(`--data ${file}: the journal changes a product it never held; the file is damaged`);
    record.products.set(patch.productGroupId, applyPatch(old, patch));
  }
  applyToRecord(record, change);
}

/** Whether the scope holds every product the change patches. */
const holdsPatched = (record: ScopeRecord, change: JournalChange): boolean =>
  (change.patches ?? []).every((patch) => record.products.has(patch.productGroupId));

const FORMAT = 'product-catalog-mock';
const VERSION = 2;
/** A journal is compacted once it outgrows the snapshot, and this size. */
const MIN_COMPACT_BYTES = 64 * 1024 * 1024;
/** Lines written per call while a snapshot is written: the server answers requests in between. */
const SNAPSHOT_CHUNK_CHARS = 4 * 1024 * 1024;

interface Header {
  format: typeof FORMAT;
  version: number;
  generation: number;
  /** Fingerprint of the seed the stored changes apply to. */
  seed: string;
  /** The --seed value that seed came from, for the message that refuses another: the fingerprint decides. */
  seedName?: string;
}

/** Which seed a snapshot or journal was written against. */
type SeedStamp = Pick<Header, 'seed' | 'seedName'>;

/** A snapshot to write: its lines and header, taken at once from the store as it was. */
interface Snapshot {
  generation: number;
  stamp: SeedStamp;
  lines: SnapshotLine[];
}

/** A snapshot line: a product or product type that differs from the seed, or one the scope deleted. */
interface SnapshotLine {
  scope: string;
  product?: CatalogProduct;
  deletedProduct?: string;
  productType?: ProductType;
  deletedProductType?: string;
}

/**
 * Demo media URLs name the origin of the server that generated the seed; the same seed served on
 * another port is the same seed, so the fingerprint reads them without their origin.
 */
const MEDIA_ORIGIN = /https?:\/\/[^/"]+(?=\/__media\/)/g;

/** A cheap fingerprint of a seed: its sizes and a sample of its records. */
export function seedFingerprint(seed: ScopeRecord): string {
  const products = [...seed.products.values()];
  const types = [...seed.productTypes.values()];
  const hash = createHash('sha256').update(`${products.length}/${types.length}`);
  const step = Math.max(1, Math.floor(products.length / 64));
  for (let i = 0; i < products.length; i += step) {
    hash.update(JSON.stringify(products[i]).replace(MEDIA_ORIGIN, ''));
  }
  for (const t of types.slice(0, 64)) hash.update(JSON.stringify(t));
  return hash.digest('hex').slice(0, 16);
}

/** Throws when a header (of the snapshot or a journal, named by `what`) is of another format version. */
function refuseOtherVersion(header: Partial<Header>, what: string): void {
  if (header.version !== VERSION) {
    throw new Error(`${what} has format version ${header.version}; this server reads ${VERSION}`);
  }
}

/** The first line of a snapshot, a header; undefined when it is not a JSON object. */
function firstLine(text: string): Partial<Header> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The file of earlier versions, one JSON document on one line:
 * `{ "version": 1, "scopes": { "eu/acme/dev": { "products": {...}, "productTypes": {...} } } }`.
 */
interface Version1 {
  version: 1;
  scopes: Record<
    string,
    { products?: Record<string, CatalogProduct>; productTypes?: Record<string, ProductType> }
  >;
}

/** Records by id: an object whose every value is an object. */
const isRecordTable = (value: unknown): boolean => isObject(value) && Object.values(value).every(isObject);

/**
 * Whether the first line is a whole file of the earlier format, as the server wrote it: any other
 * JSON with a "scopes" key (`{"scopes":5}`) is not a data file, and must not be taken over as one.
 */
function isVersion1(first: object | undefined): first is Version1 {
  if (!isObject(first) || first.version !== 1 || !isObject(first.scopes)) return false;
  return Object.entries(first.scopes).every(
    ([name, scope]) =>
      /^[^/]+\/[^/]+\/[^/]+$/.test(name) &&
      isObject(scope) &&
      Object.keys(scope).every((key) => key === 'products' || key === 'productTypes') &&
      (scope.products === undefined || isRecordTable(scope.products)) &&
      (scope.productTypes === undefined || isRecordTable(scope.productTypes)),
  );
}

/**
 * A file that does not start as a snapshot: most often a dataset given to --data instead of --seed
 * (its first line, "{", is no JSON). Nothing was damaged, and the file is left as it is.
 */
const notWrittenHere = (file: string) =>
  `--data ${file} is not a data file this server wrote, and is left as it is. A dataset to start ` +
  'from is given with --seed FILE; --data names the file the server keeps its writes in (a new ' +
  'name: it creates it)';

/** A write the disk refused: 507 when it is full, 503 otherwise; nothing was applied. */
function persistFailure(err: unknown, file: string): CatalogError {
  const code = (err as NodeJS.ErrnoException).code;
  const full = code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
  const why = err instanceof Error ? err.message : String(err);
  return new CatalogError(
    full ? 'storage-full' : 'storage-unavailable',
    `The change could not be written to ${file} (${why}) and was not applied` +
      (full ? ': the disk is full; free space and send it again' : ''),
  );
}

async function writeAll(fh: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await fh.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

/** Writes a snapshot to `fh` and flushes it; resolves to the bytes written. */
async function writeLines(fh: FileHandle, { generation, stamp, lines }: Snapshot): Promise<number> {
  let bytes = 0;
  const header: Header = { format: FORMAT, version: VERSION, generation, ...stamp };
  let chunk = JSON.stringify(header) + '\n';
  for (const line of lines) {
    chunk += JSON.stringify(line) + '\n';
    if (chunk.length >= SNAPSHOT_CHUNK_CHARS) {
      const buf = Buffer.from(chunk);
      await writeAll(fh, buf);
      bytes += buf.length;
      chunk = '';
    }
  }
  const buf = Buffer.from(chunk + JSON.stringify({ end: lines.length }) + '\n');
  await writeAll(fh, buf);
  bytes += buf.length;
  await fh.sync();
  return bytes;
}

export class DataFile implements Adapter<DbShape> {
  readonly #file: string;
  readonly #dir: string;
  #seed: ScopeRecord;
  #fingerprint: string;
  #generation = 0;
  #journal: FileHandle | undefined;
  #journalBytes = 0;
  #snapshotBytes = 0;
  /** Set when a failed write could not be taken back out of the journal: no write is safe after it. */
  #broken: Error | undefined;
  /** After read(): the store should write a snapshot before it serves (see read). */
  needsSnapshot = false;
  /**
   * A snapshot whose write failed, kept to be written again as it was (retrySnapshot): the journals
   * after its generation hold every write since, so no further journal is started while the disk
   * refuses it. It holds the records as they were, which later writes may have replaced: memory
   * for as long as the disk refuses, rather than a journal per try.
   */
  #unwritten: Snapshot | undefined;

  readonly #compactBytes: number;

  /** compactBytes: the journal size from which a snapshot is written (when also above the snapshot's). */
  /** The --seed value of this server's seed, when known: written beside its fingerprint. */
  #seedName: string | undefined;

  constructor(file: string, seed: ScopeRecord, compactBytes = MIN_COMPACT_BYTES, seedName?: string) {
    this.#seedName = seedName;
    this.#compactBytes = compactBytes;
    this.#file = resolve(file);
    this.#dir = dirname(this.#file);
    this.#seed = seed;
    this.#fingerprint = seedFingerprint(seed);
  }

  /** The snapshot's path, as messages name it. */
  get path(): string {
    return this.#file;
  }

  /** What a new snapshot or journal says of the seed it is written against. */
  #stamp(): SeedStamp {
    return { seed: this.#fingerprint, ...(this.#seedName !== undefined && { seedName: this.#seedName }) };
  }

  /** The seed changed (a reset re-read its file): later snapshots and journals are against it. */
  replaceSeed(seed: ScopeRecord): void {
    this.#seed = seed;
    this.#fingerprint = seedFingerprint(seed);
  }

  #journalPath(generation: number): string {
    return journalPath(this.#file, generation);
  }

  /** Journals on disk, oldest first. */
  #journals(): Promise<number[]> {
    return journalGenerations(this.#file);
  }

  /** Releases the lock of the file (dataLock.ts): set while this server holds it. */
  #unlock: (() => Promise<void>) | undefined;

  async read(): Promise<DbShape> {
    // Before anything is read: a torn last line is cut off the journal, which is another server's to do.
    this.#unlock ??= await lockDataFile(this.#file);
    try {
      return await this.#load();
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  /**
   * What is wrong with the records a line read back stores, against openapi.yaml's schemas, in words;
   * undefined when they conform. A hand-edited line of records of the wrong types was replayed, and
   * later reads of them answered 500 (docs/behaviour.md, "Storage and --data").
   */
  #recordsProblem(products: readonly unknown[], productTypes: readonly unknown[]): string | undefined {
    const validator = this.#validator as SchemaValidator;
    const checked = [
      ...products.map((record) => ['CatalogProduct', 'product', 'productGroupId', record] as const),
      ...productTypes.map((record) => ['ProductType', 'product type', 'productTypeId', record] as const),
    ];
    for (const [schema, what, idField, record] of checked) {
      const [problem] = validator.checkComponent(schema, record);
      if (!problem) continue;
      const id = JSON.stringify((record as Record<string, unknown>)[idField]);
      const field = readablePath(problem.path);
      return `its ${what} ${id}: ${field ? `${field} ` : ''}${problem.message}`;
    }
    return undefined;
  }

  /** openapi.yaml's schemas, which every record read back must fit (#recordsProblem). */
  #validator: SchemaValidator | undefined;

  async #load(): Promise<DbShape> {
    this.#validator ??= await loadSchemaValidator();
    const scopes = emptyRecord<ScopeRecord>();
    const scopeOf = (name: string) => (scopes[name] ??= recordOver(this.#seed));
    let last: SeedStamp | undefined;

    const snapshot = await this.#readSnapshot(scopes, scopeOf);
    if (snapshot) {
      this.#generation = snapshot.generation;
      last = snapshot;
    }
    const journals = (await this.#journals()).filter((g) => g >= this.#generation);
    for (const [i, generation] of journals.entries()) {
      last = (await this.#replay(generation, scopes, scopeOf, i === journals.length - 1)) ?? last;
    }
    const lastSeed = last?.seed;
    if (last && lastSeed !== this.#fingerprint && Object.keys(scopes).length > 0) {
      throw new Error(this.#anotherSeed(last.seedName));
    }
    const current = journals.at(-1) ?? this.#generation;
    // A file of the earlier format, or one whose changes were all reset under another seed, gets a
    // snapshot of its own right away (see needsSnapshot); writes from now on start a new journal.
    this.needsSnapshot = lastSeed !== this.#fingerprint && (snapshot !== undefined || journals.length > 0);
    if (this.#snapshotBytes > 0 && !snapshot) this.needsSnapshot = true;
    await this.#openJournal(this.needsSnapshot ? current + 1 : current);
    return { scopes };
  }

  /** Why this file is refused: its changes were written against the seed `written` names. */
  #anotherSeed(written: string | undefined): string {
    const start = `--data ${this.#file} holds changes to`;
    // A file written before seeds were named says no more than this.
    if (written === undefined || this.#seedName === undefined)
      return `${start} another seed than this one: start with the --seed it was written with, or name another --data file`;
    if (written !== this.#seedName)
      return (
        `${start} --seed ${JSON.stringify(written)}, not ${JSON.stringify(this.#seedName)}: ` +
        `start with --seed ${JSON.stringify(written)}, or name another --data file`
      );
    return (
      `${start} --seed ${JSON.stringify(written)} as it was when they were written, and what it holds ` +
      'has changed since (an edited seed file, or another version of the mock): start with the seed as ' +
      'it was, or name another --data file'
    );
  }

  /** Loads the snapshot into scopes; undefined when there is none. Reads the older one-JSON format too. */
  async #readSnapshot(
    scopes: Record<string, ScopeRecord>,
    scopeOf: (name: string) => ScopeRecord,
  ): Promise<Header | undefined> {
    const size = (await stat(this.#file).catch(() => undefined))?.size;
    if (!size) return undefined;
    this.#snapshotBytes = size;
    let header: Header | undefined;
    let ended = false;
    // The number of the line read (from 1): a person looks at that line.
    let number = 0;
    for await (const { text } of readLines(this.#file)) {
      number++;
      if (header === undefined) {
        const first = firstLine(text);
        if (first?.format !== FORMAT) {
          if (isVersion1(first)) return this.#readVersion1(first.scopes, scopes);
          throw new Error(notWrittenHere(this.#file));
        }
        refuseOtherVersion(first, `--data ${this.#file}`);
        header = first as Header;
        continue;
      }
      const value = this.#parse(text, `line ${number}`);
      const problem = snapshotLineProblem(value);
      if (problem !== undefined) {
        throw new Error(
          `--data ${this.#file}: line ${number} is not a snapshot line this server wrote (${problem}); the file is damaged`,
        );
      }
      const line = value as unknown as SnapshotLine & { end?: number };
      if (line.end !== undefined) {
        ended = true;
        break;
      }
      const wrong = this.#recordsProblem(
        line.product ? [line.product] : [],
        line.productType ? [line.productType] : [],
      );
      if (wrong !== undefined) {
        throw new Error(
          `--data ${this.#file}: line ${number} is not a snapshot line this server wrote (${wrong}); the file is damaged`,
        );
      }
      const record = scopeOf(line.scope);
      if (line.product) record.products.set(line.product.productGroupId, line.product);
      if (line.deletedProduct !== undefined) record.products.delete(line.deletedProduct);
      if (line.productType) record.productTypes.set(line.productType.productTypeId, line.productType);
      if (line.deletedProductType !== undefined) record.productTypes.delete(line.deletedProductType);
    }
    if (!ended) throw new Error(`--data ${this.#file} is cut short: it lacks its closing line`);
    return header;
  }

  /** The format of earlier versions: one JSON document holding every scope whole. */
  #readVersion1(raw: Version1['scopes'], scopes: Record<string, ScopeRecord>): undefined {
    for (const [name, whole] of Object.entries(raw)) {
      // Every scope whole: each is written over the seed as the seed's records with its own put over
      // them and those it lacks removed.
      const record = recordOver(this.#seed);
      holdExactly(record.products, whole.products ?? {});
      holdExactly(record.productTypes, whole.productTypes ?? {});
      scopes[name] = record;
    }
    return undefined;
  }

  #parse(text: string, what: string): Record<string, unknown> {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`--data ${this.#file}: ${what} is not JSON; the file is damaged`);
    }
  }

  /**
   * Applies one journal in order. Only the last line of the last journal may be cut short (the
   * process ended while writing it, before it was answered): it is dropped and cut off the file.
   */
  async #replay(
    generation: number,
    scopes: Record<string, ScopeRecord>,
    scopeOf: (name: string) => ScopeRecord,
    last: boolean,
  ): Promise<SeedStamp | undefined> {
    const path = this.#journalPath(generation);
    let stamp: SeedStamp | undefined;
    let good = 0;
    let first = true;
    // The number of the line read (from 1), and of the damaged one: a person looks at that line.
    let line = 0;
    let torn = 0;
    for await (const { text, end, terminated } of readLines(path)) {
      line++;
      if (torn)
        throw new Error(`--data ${this.#file}: ${path} has a damaged line in its middle (line ${torn})`);
      let entry: (JournalEntry & Partial<SeedStamp>) | undefined;
      try {
        entry = terminated ? (JSON.parse(text) as JournalEntry & Partial<SeedStamp>) : undefined;
      } catch {
        entry = undefined;
      }
      if (entry === undefined) {
        if (!last) throw new Error(`--data ${this.#file}: ${path} has a damaged line (line ${line})`);
        torn = line;
        continue;
      }
      good = end;
      if (first) {
        first = false;
        const header = entry as Partial<Header> | null;
        if (header?.format !== FORMAT)
          throw new Error(
            `--data ${this.#file}: ${path} does not start with a journal's header; the file is damaged`,
          );
        refuseOtherVersion(header, `--data ${this.#file}: ${path}`);
        if (entry.seed !== undefined) stamp = { seed: entry.seed, seedName: entry.seedName };
        continue;
      }
      const problem = journalEntryProblem(entry);
      if (problem !== undefined) {
        throw new Error(
          `--data ${this.#file}: ${path} line ${line} is not a write this server made (${problem}); the file is damaged`,
        );
      }
      if ('reset' in entry) {
        for (const name of Object.keys(scopes)) delete scopes[name];
      } else if (stamp?.seed !== this.#fingerprint && !holdsPatched(scopeOf(entry.scope), entry)) {
        // Edits of products of another seed cannot be replayed on this one. The scope now counts as
        // written, so read() refuses the file as another seed's, unless a later reset drops it.
        continue;
      } else {
        const record = scopeOf(entry.scope);
        replayChange(record, entry, this.#file);
        // What the line leaves stored: its new products, its patched ones, its product types.
        const stored = [
          ...(entry.products ?? []),
          ...(entry.patches ?? []).map((patch) => record.products.get(patch.productGroupId)),
        ];
        const wrong = this.#recordsProblem(stored, entry.productTypes ?? []);
        if (wrong !== undefined) {
          throw new Error(
            `--data ${this.#file}: ${path} line ${line} is not a write this server made (${wrong}); the file is damaged`,
          );
        }
      }
    }
    const size = (await stat(path)).size;
    if (good < size) {
      const fh = await openOwnFile(this.#file, path, 'r+', 'journal');
      await fh.truncate(good);
      await fh.sync();
      await fh.close();
    }
    return stamp;
  }

  /**
   * Opens journal `generation` for appending, starting it with its header when new. A journal after
   * the one in use (`fresh`) holds no write yet: what a failed earlier try to start it left (part
   * of a header) is emptied, or the writes appended after it would be read back as one damaged line.
   */
  async #openJournal(generation: number, fresh = false): Promise<void> {
    const path = this.#journalPath(generation);
    const fh = await openOwnFile(this.#file, path, fresh ? 'w' : 'a', 'journal');
    let bytes: number;
    try {
      bytes = (await fh.stat()).size;
      if (bytes === 0) {
        const header = Buffer.from(
          JSON.stringify({ format: FORMAT, version: VERSION, journal: generation, ...this.#stamp() }) + '\n',
        );
        await writeAll(fh, header);
        await fh.sync();
        await syncPath(this.#dir);
        bytes = header.length;
      }
    } catch (err) {
      await fh.close().catch(() => undefined);
      if (fresh) await unlink(path).catch(() => undefined);
      throw err;
    }
    await this.#journal?.close();
    this.#journal = fh;
    this.#generation = Math.max(this.#generation, generation);
    this.#journalBytes = bytes;
  }

  /** Makes writes durable: resolves once they are on disk; on failure the journal is as before. */
  async append(entries: readonly JournalEntry[]): Promise<void> {
    if (this.#broken) throw persistFailure(this.#broken, this.#file);
    const journal = this.#journal;
    if (!journal) throw new Error('the data file is not open');
    const before = this.#journalBytes;
    let bytes: Buffer;
    try {
      bytes = Buffer.from(entries.map((entry) => JSON.stringify(entry) + '\n').join(''));
    } catch (err) {
      throw persistFailure(err, this.#file);
    }
    try {
      await writeAll(journal, bytes);
      await journal.datasync();
      this.#journalBytes = before + bytes.length;
    } catch (err) {
      // A part of the line may be in the file: cut it off, or the next write would follow it.
      await journal.truncate(before).catch((cut: unknown) => {
        this.#broken = cut instanceof Error ? cut : new Error(String(cut));
      });
      throw persistFailure(err, this.#file);
    }
  }

  /** Whether the journal has outgrown the snapshot enough to be worth a compaction. */
  shouldCompact(): boolean {
    return this.#journalBytes > Math.max(this.#compactBytes, this.#snapshotBytes);
  }

  /** Starts the next journal: writes after this call go there, and the next snapshot covers those before. */
  async nextGeneration(): Promise<void> {
    await this.#openJournal(this.#generation + 1, true);
  }

  /**
   * Writes a snapshot of `data` as it is now. What to write is taken before the first await: the
   * records are immutable, so writes that follow change no line of it.
   */
  write(data: DbShape): Promise<void> {
    const generation = this.#generation;
    const lines: SnapshotLine[][] = Object.entries(data.scopes).map(([scope, record]) =>
      this.#differences(scope, record),
    );
    // A newer snapshot covers all that an unwritten one would have.
    this.#unwritten = undefined;
    return this.#writeKept({ generation, stamp: this.#stamp(), lines: lines.flat() });
  }

  /** Whether a snapshot failed to be written and is waiting for retrySnapshot. */
  get snapshotUnwritten(): boolean {
    return this.#unwritten !== undefined;
  }

  /** Writes again the snapshot whose write failed, as it was: no journal is started for it. */
  retrySnapshot(): Promise<void> {
    return this.#unwritten ? this.#writeKept(this.#unwritten) : Promise.resolve();
  }

  /** Writes a snapshot; one that fails is kept for retrySnapshot. */
  async #writeKept(snapshot: Snapshot): Promise<void> {
    try {
      await this.#writeSnapshot(snapshot);
      if (this.#unwritten === snapshot) this.#unwritten = undefined;
    } catch (err) {
      this.#unwritten ??= snapshot;
      throw err;
    }
  }

  /** What a scope holds that its seed does not, and the seed records it deleted. */
  #differences(scope: string, record: ScopeRecord): SnapshotLine[] {
    const seed = this.#seed;
    const lines: SnapshotLine[] = [];
    for (const [id, product] of record.products.differencesFrom(seed.products)) {
      lines.push(product === null ? { scope, deletedProduct: id } : { scope, product });
    }
    for (const [id, productType] of record.productTypes.differencesFrom(seed.productTypes)) {
      lines.push(productType === null ? { scope, deletedProductType: id } : { scope, productType });
    }
    return lines;
  }

  /** Temporary file, flushed, renamed over the snapshot, directory flushed; then older journals go. */
  async #writeSnapshot(snapshot: Snapshot): Promise<void> {
    const tmp = snapshotTempPath(this.#file);
    const fh = await openOwnFile(this.#file, tmp, 'w', 'temporary snapshot');
    let bytes: number;
    try {
      bytes = await writeLines(fh, snapshot);
    } catch (err) {
      // The part written of a snapshot that failed (on a full disk) would hold space the journal needs.
      await fh.close().catch(() => undefined);
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    await fh.close();
    await rename(tmp, this.#file);
    await syncPath(this.#dir);
    this.#snapshotBytes = bytes;
    for (const old of await this.#journals()) {
      if (old < snapshot.generation) await unlink(this.#journalPath(old)).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.#journal?.close();
    this.#journal = undefined;
    await this.#unlock?.();
    this.#unlock = undefined;
  }
}
