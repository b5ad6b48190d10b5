// Reading a --data file back (docs/behaviour.md, "Data, seeds and admin"): its snapshot (or a file
// of the earlier one-JSON format) and the journals after it, replayed over the seed, every record
// checked against openapi.yaml's schemas; a torn last line of the last journal is cut off.
import { stat } from 'node:fs/promises';
import { openOwnFile } from './dataPath.js';
import {
  firstLine,
  FORMAT,
  isVersion1,
  refuseOtherVersion,
  type Header,
  type SeedStamp,
  type SnapshotLine,
  type Version1,
} from './dataFormat.js';
import type { JournalChange, JournalEntry } from './journal.js';
import { journalEntryProblem, snapshotLineProblem } from './lineShapes.js';
import { readLines } from './lines.js';
import { applyPatch } from './productPatch.js';
import type { RecordTable } from './recordTable.js';
import { applyToRecord, emptyRecord, recordOver, type ScopeRecord } from './scope.js';
import type { SchemaValidator } from '../openapi/schemas.js';
import { readablePath } from '../openapi/readablePath.js';

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

/**
 * A file that does not start as a snapshot: most often a dataset given to --data instead of --seed
 * (its first line, "{", is no JSON). Nothing was damaged, and the file is left as it is.
 */
const notWrittenHere = (file: string) =>
  `--data ${file} is not a data file this server wrote, and is left as it is. A dataset to start ` +
  'from is given with --seed FILE; --data names the file the server keeps its writes in (a new ' +
  'name: it creates it)';

/** Why a file is refused: its changes were written against the seed `written` names, not `current`. */
export function anotherSeed(file: string, written: string | undefined, current: string | undefined): string {
  const start = `--data ${file} holds changes to`;
  // A file written before seeds were named says no more than this.
  if (written === undefined || current === undefined)
    return `${start} another seed than this one: start with the --seed it was written with, or name another --data file`;
  if (written !== current)
    return (
      `${start} --seed ${JSON.stringify(written)}, not ${JSON.stringify(current)}: ` +
      `start with --seed ${JSON.stringify(written)}, or name another --data file`
    );
  return (
    `${start} --seed ${JSON.stringify(written)} as it was when they were written, and what it holds ` +
    'has changed since (an edited seed file, or another version of the mock): start with the seed as ' +
    'it was, or name another --data file'
  );
}

/** The scopes of one --data file as they are read back: its snapshot, then each journal in turn. */
export class DataReader {
  /** Every scope the file wrote, each over the seed. */
  readonly scopes = emptyRecord<ScopeRecord>();

  /**
   * file: the snapshot's path, as messages name it; fingerprint: the seed's, against which a journal
   * written for another seed is told apart; validator: openapi.yaml's schemas.
   */
  readonly #file: string;
  readonly #seed: ScopeRecord;
  readonly #fingerprint: string;
  readonly #validator: SchemaValidator;

  constructor(file: string, seed: ScopeRecord, fingerprint: string, validator: SchemaValidator) {
    this.#file = file;
    this.#seed = seed;
    this.#fingerprint = fingerprint;
    this.#validator = validator;
  }

  #scopeOf(name: string): ScopeRecord {
    return (this.scopes[name] ??= recordOver(this.#seed));
  }

  /**
   * What is wrong with the records a line read back stores, against openapi.yaml's schemas, in words;
   * undefined when they conform. A hand-edited line of records of the wrong types was replayed, and
   * later reads of them answered 500 (docs/behaviour.md, "Storage and --data").
   */
  #recordsProblem(products: readonly unknown[], productTypes: readonly unknown[]): string | undefined {
    const checked = [
      ...products.map((record) => ['CatalogProduct', 'product', 'productGroupId', record] as const),
      ...productTypes.map((record) => ['ProductType', 'product type', 'productTypeId', record] as const),
    ];
    for (const [schema, what, idField, record] of checked) {
      const [problem] = this.#validator.checkComponent(schema, record);
      if (!problem) continue;
      const id = JSON.stringify((record as Record<string, unknown>)[idField]);
      const field = readablePath(problem.path);
      return `its ${what} ${id}: ${field ? `${field} ` : ''}${problem.message}`;
    }
    return undefined;
  }

  /**
   * Loads the snapshot into the scopes: its header (undefined when there is none, or for a file of
   * the older one-JSON format, which is read too) and its size in bytes (0 when there is none).
   */
  async snapshot(): Promise<{ header: Header | undefined; bytes: number }> {
    const size = (await stat(this.#file).catch(() => undefined))?.size;
    if (!size) return { header: undefined, bytes: 0 };
    let header: Header | undefined;
    let ended = false;
    // The number of the line read (from 1): a person looks at that line.
    let number = 0;
    for await (const { text } of readLines(this.#file)) {
      number++;
      if (header === undefined) {
        const first = firstLine(text);
        if (first?.format !== FORMAT) {
          if (isVersion1(first)) {
            this.#readVersion1(first.scopes);
            return { header: undefined, bytes: size };
          }
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
      const record = this.#scopeOf(line.scope);
      if (line.product) record.products.set(line.product.productGroupId, line.product);
      if (line.deletedProduct !== undefined) record.products.delete(line.deletedProduct);
      if (line.productType) record.productTypes.set(line.productType.productTypeId, line.productType);
      if (line.deletedProductType !== undefined) record.productTypes.delete(line.deletedProductType);
    }
    if (!ended) throw new Error(`--data ${this.#file} is cut short: it lacks its closing line`);
    return { header, bytes: size };
  }

  /** The format of earlier versions: one JSON document holding every scope whole. */
  #readVersion1(raw: Version1['scopes']): void {
    for (const [name, whole] of Object.entries(raw)) {
      // Every scope whole: each is written over the seed as the seed's records with its own put over
      // them and those it lacks removed.
      const record = recordOver(this.#seed);
      holdExactly(record.products, whole.products ?? {});
      holdExactly(record.productTypes, whole.productTypes ?? {});
      this.scopes[name] = record;
    }
  }

  #parse(text: string, what: string): Record<string, unknown> {
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`--data ${this.#file}: ${what} is not JSON; the file is damaged`);
    }
  }

  /**
   * Applies the journal at `path` in order; resolves to the seed its header names. Only the last
   * line of the last journal (`last`) may be cut short (the process ended while writing it, before
   * it was answered): it is dropped and cut off the file.
   */
  async journal(path: string, last: boolean): Promise<SeedStamp | undefined> {
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
        for (const name of Object.keys(this.scopes)) delete this.scopes[name];
      } else if (stamp?.seed !== this.#fingerprint && !holdsPatched(this.#scopeOf(entry.scope), entry)) {
        // Edits of products of another seed cannot be replayed on this one. The scope now counts as
        // written, so read() refuses the file as another seed's, unless a later reset drops it.
        continue;
      } else {
        const record = this.#scopeOf(entry.scope);
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
}
