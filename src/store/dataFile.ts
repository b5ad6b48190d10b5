// The --data file, as a lowdb adapter: a snapshot of one JSON record per line (FILE) plus journals
// of the writes applied since (FILE.journal-N), one JSON line per write, made durable before the
// write is answered. read() loads snapshot and journals (dataReplay.ts); write() compacts, in the
// background, the whole store into a new snapshot (dataCompaction.ts); the lines of both are
// dataFormat.ts's. See docs/behaviour.md, "Data, seeds and admin".
import { unlink, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Adapter } from 'lowdb';
import { CatalogError } from '../domain/errors.js';
import { SnapshotWriter } from './dataCompaction.js';
import { journalHeader, seedFingerprint, writeAll, type SeedStamp } from './dataFormat.js';
import { lockDataFile } from './dataLock.js';
import { journalGenerations, journalPath, openOwnFile } from './dataPath.js';
import { anotherSeed, DataReader } from './dataReplay.js';
import type { DbShape, JournalEntry } from './journal.js';
import type { ScopeRecord } from './scope.js';
import { syncPath } from './syncPath.js';
import { loadSchemaValidator, type SchemaValidator } from '../openapi/schemas.js';

/** A journal is compacted once it outgrows the snapshot, and this size. */
const MIN_COMPACT_BYTES = 64 * 1024 * 1024;

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

export class DataFile implements Adapter<DbShape> {
  readonly #file: string;
  readonly #dir: string;
  #seed: ScopeRecord;
  #fingerprint: string;
  #generation = 0;
  #journal: FileHandle | undefined;
  #journalBytes = 0;
  readonly #snapshots: SnapshotWriter;
  /** Set when a failed write could not be taken back out of the journal: no write is safe after it. */
  #broken: Error | undefined;
  /** After read(): the store should write a snapshot before it serves (see read). */
  needsSnapshot = false;
  readonly #compactBytes: number;
  /** The --seed value of this server's seed, when known: written beside its fingerprint. */
  #seedName: string | undefined;

  /** compactBytes: the journal size from which a snapshot is written (when also above the snapshot's). */
  constructor(file: string, seed: ScopeRecord, compactBytes = MIN_COMPACT_BYTES, seedName?: string) {
    this.#seedName = seedName;
    this.#compactBytes = compactBytes;
    this.#file = resolve(file);
    this.#dir = dirname(this.#file);
    this.#snapshots = new SnapshotWriter(this.#file);
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

  /** openapi.yaml's schemas, which every record read back must fit (dataReplay.ts). */
  #validator: SchemaValidator | undefined;

  async #load(): Promise<DbShape> {
    this.#validator ??= await loadSchemaValidator();
    const reader = new DataReader(this.#file, this.#seed, this.#fingerprint, this.#validator);
    const { scopes } = reader;
    let last: SeedStamp | undefined;

    const { header: snapshot, bytes } = await reader.snapshot();
    this.#snapshots.bytes = bytes;
    if (snapshot) {
      this.#generation = snapshot.generation;
      last = snapshot;
    }
    const journals = (await this.#journals()).filter((g) => g >= this.#generation);
    for (const [i, generation] of journals.entries()) {
      last = (await reader.journal(this.#journalPath(generation), i === journals.length - 1)) ?? last;
    }
    const lastSeed = last?.seed;
    if (last && lastSeed !== this.#fingerprint && Object.keys(scopes).length > 0) {
      throw new Error(anotherSeed(this.#file, last.seedName, this.#seedName));
    }
    const current = journals.at(-1) ?? this.#generation;
    // A file of the earlier format, or one whose changes were all reset under another seed, gets a
    // snapshot of its own right away (see needsSnapshot); writes from now on start a new journal.
    this.needsSnapshot = lastSeed !== this.#fingerprint && (snapshot !== undefined || journals.length > 0);
    if (bytes > 0 && !snapshot) this.needsSnapshot = true;
    await this.#openJournal(this.needsSnapshot ? current + 1 : current);
    return { scopes };
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
        const header = journalHeader(generation, this.#stamp());
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
    return this.#journalBytes > Math.max(this.#compactBytes, this.#snapshots.bytes);
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
    return this.#snapshots.write(data, this.#seed, this.#generation, this.#stamp());
  }

  /** Whether a snapshot failed to be written and is waiting for retrySnapshot. */
  get snapshotUnwritten(): boolean {
    return this.#snapshots.unwritten;
  }

  /**
   * Writes again the snapshot whose write failed, as it was: no journal is started for it (the
   * journals after its generation hold every write since).
   */
  retrySnapshot(): Promise<void> {
    return this.#snapshots.retry();
  }

  async close(): Promise<void> {
    await this.#journal?.close();
    this.#journal = undefined;
    await this.#unlock?.();
    this.#unlock = undefined;
  }
}
