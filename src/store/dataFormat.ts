// The --data format (docs/behaviour.md, "Data, seeds and admin"): a snapshot of one JSON record per
// line after a header, closed by a line that counts them, and journals of one JSON line per write
// after a header of their own; both headers name the seed they were written against by its
// fingerprint. The earlier format, one JSON document, is still read (dataReplay.ts).
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import { isObject } from './lineShapes.js';
import type { ScopeRecord } from './scope.js';

export const FORMAT = 'product-catalog-mock';
const VERSION = 2;
/** Lines written per call while a snapshot is written: the server answers requests in between. */
const SNAPSHOT_CHUNK_CHARS = 4 * 1024 * 1024;

export interface Header {
  format: typeof FORMAT;
  version: number;
  generation: number;
  /** Fingerprint of the seed the stored changes apply to. */
  seed: string;
  /** The --seed value that seed came from, for the message that refuses another: the fingerprint decides. */
  seedName?: string;
}

/** Which seed a snapshot or journal was written against. */
export type SeedStamp = Pick<Header, 'seed' | 'seedName'>;

/** A snapshot to write: its lines and header, taken at once from the store as it was. */
export interface Snapshot {
  generation: number;
  stamp: SeedStamp;
  lines: SnapshotLine[];
}

/** A snapshot line: a product or product type that differs from the seed, or one the scope deleted. */
export interface SnapshotLine {
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
export function refuseOtherVersion(header: Partial<Header>, what: string): void {
  if (header.version !== VERSION) {
    throw new Error(`${what} has format version ${header.version}; this server reads ${VERSION}`);
  }
}

/** The first line of a snapshot, a header; undefined when it is not a JSON object. */
export function firstLine(text: string): Partial<Header> | undefined {
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
export interface Version1 {
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
export function isVersion1(first: object | undefined): first is Version1 {
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

/** The first line of journal `generation`. */
export const journalHeader = (generation: number, stamp: SeedStamp): Buffer =>
  Buffer.from(JSON.stringify({ format: FORMAT, version: VERSION, journal: generation, ...stamp }) + '\n');

export async function writeAll(fh: FileHandle, bytes: Buffer): Promise<void> {
  for (let at = 0; at < bytes.length;) {
    const { bytesWritten } = await fh.write(bytes, at, bytes.length - at);
    at += bytesWritten;
  }
}

/** Writes a snapshot to `fh` and flushes it; resolves to the bytes written. */
export async function writeLines(fh: FileHandle, { generation, stamp, lines }: Snapshot): Promise<number> {
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
