// Compaction of a --data file (docs/behaviour.md, "Data, seeds and admin"): a snapshot of what the
// scopes hold that the seed does not, written to a temporary file, flushed and renamed over the
// snapshot, after which the journals it covers are removed. A snapshot whose write failed is kept
// and written again as it was.
import { rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { journalGenerations, journalPath, openOwnFile, snapshotTempPath } from './dataPath.js';
import { writeLines, type SeedStamp, type Snapshot, type SnapshotLine } from './dataFormat.js';
import type { DbShape } from './journal.js';
import type { ScopeRecord } from './scope.js';
import { syncPath } from './syncPath.js';

/** What a scope holds that its seed does not, and the seed records it deleted. */
function differences(scope: string, record: ScopeRecord, seed: ScopeRecord): SnapshotLine[] {
  const lines: SnapshotLine[] = [];
  for (const [id, product] of record.products.differencesFrom(seed.products)) {
    lines.push(product === null ? { scope, deletedProduct: id } : { scope, product });
  }
  for (const [id, productType] of record.productTypes.differencesFrom(seed.productTypes)) {
    lines.push(productType === null ? { scope, deletedProductType: id } : { scope, productType });
  }
  return lines;
}

/** Writes the snapshots of one --data file. */
export class SnapshotWriter {
  readonly #file: string;
  /** The size of the snapshot on disk, in bytes: the journal is compacted once it outgrows it. */
  bytes = 0;
  /**
   * A snapshot whose write failed, kept to be written again as it was (retry): the journals
   * after its generation hold every write since, so no further journal is started while the disk
   * refuses it. It holds the records as they were, which later writes may have replaced: memory
   * for as long as the disk refuses, rather than a journal per try.
   */
  #unwritten: Snapshot | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  /**
   * Writes a snapshot of `data` as it is now, as of journal `generation`. What to write is taken
   * before the first await: the records are immutable, so writes that follow change no line of it.
   */
  write(data: DbShape, seed: ScopeRecord, generation: number, stamp: SeedStamp): Promise<void> {
    const lines = Object.entries(data.scopes).map(([scope, record]) => differences(scope, record, seed));
    // A newer snapshot covers all that an unwritten one would have.
    this.#unwritten = undefined;
    return this.#writeKept({ generation, stamp, lines: lines.flat() });
  }

  /** Whether a snapshot failed to be written and is waiting for retry. */
  get unwritten(): boolean {
    return this.#unwritten !== undefined;
  }

  /** Writes again the snapshot whose write failed, as it was. */
  retry(): Promise<void> {
    return this.#unwritten ? this.#writeKept(this.#unwritten) : Promise.resolve();
  }

  /** Writes a snapshot; one that fails is kept for retry. */
  async #writeKept(snapshot: Snapshot): Promise<void> {
    try {
      await this.#writeSnapshot(snapshot);
      if (this.#unwritten === snapshot) this.#unwritten = undefined;
    } catch (err) {
      this.#unwritten ??= snapshot;
      throw err;
    }
  }

  /** Temporary file, flushed, renamed over the snapshot, directory flushed; then older journals go. */
  async #writeSnapshot(snapshot: Snapshot): Promise<void> {
    const file = this.#file;
    const tmp = snapshotTempPath(file);
    const fh = await openOwnFile(file, tmp, 'w', 'temporary snapshot');
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
    await rename(tmp, file);
    await syncPath(dirname(file));
    this.bytes = bytes;
    for (const old of await journalGenerations(file)) {
      if (old < snapshot.generation) await unlink(journalPath(file, old)).catch(() => undefined);
    }
  }
}
