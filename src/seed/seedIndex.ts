// A seed file's index, written beside it (FILE.index) by the command that writes the file: where each
// product's line is, its productGroupId and keys, and the search index over every field. A start
// serves an indexed file without parsing it first (docs/performance.md, "Seed files served as read").
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import type { IndexedSearch } from '../query/searchIndex.js';

export const INDEX_SUFFIX = '.index';
const FORMAT = 'product-catalog-mock seed index';
/** Raised whenever what the index holds, or how, changes: an index of another version is not used. */
const VERSION = 1;

export interface SeedIndex {
  productTypes: ProductType[];
  /** Per product, in file order: where its line's record starts, and its length, in bytes. */
  starts: Float64Array;
  lengths: Int32Array;
  productGroupIds: readonly string[];
  /** Each product's top-level keys in order, as an index into `shapes`. */
  shapes: readonly (readonly string[])[];
  shapeOf: Int32Array;
  search: IndexedSearch;
}

/** What the index is written from: the products as the file holds them, in its order. */
export interface IndexSource {
  productTypes: readonly ProductType[];
  products: readonly CatalogProduct[];
  starts: readonly number[];
  lengths: readonly number[];
  search: IndexedSearch;
}

interface Header {
  format: string;
  version: number;
  /** The seed file's size and modification time the index was written for. */
  size: number;
  mtimeMs: number;
  productTypes: ProductType[];
  productGroupIds: string[];
  shapes: string[][];
  parts: readonly string[];
  /** Byte lengths of the binary sections after the header line, in this order. */
  sections: Record<(typeof SECTIONS)[number], number>;
}

const SECTIONS = ['starts', 'lengths', 'shapeOf', 'holderStarts', 'positions', 'nameParts'] as const;

/**
 * Writes `file`'s index; `file` must be written already (its size and time are the index's key). A
 * product read through an index has its productGroupId first (lazyProducts.ts): a file with one that
 * does not (a seed file written by hand, then by the seed command) gets none.
 */
export async function writeSeedIndex(file: string, source: IndexSource): Promise<void> {
  if (!source.products.every((product) => Object.keys(product)[0] === 'productGroupId')) {
    return removeSeedIndex(file);
  }
  const shapeIds = new Map<string, number>();
  const shapes: string[][] = [];
  const shapeOf = new Int32Array(source.products.length);
  source.products.forEach((product, i) => {
    const keys = Object.keys(product);
    const key = keys.join('\n');
    let id = shapeIds.get(key);
    if (id === undefined) {
      shapeIds.set(key, (id = shapes.length));
      shapes.push(keys);
    }
    shapeOf[i] = id;
  });
  const binary: Record<(typeof SECTIONS)[number], Float64Array | Int32Array> = {
    starts: Float64Array.from(source.starts),
    lengths: Int32Array.from(source.lengths),
    shapeOf,
    holderStarts: source.search.holderStarts,
    positions: source.search.positions,
    nameParts: source.search.nameParts,
  };
  const { size, mtimeMs } = await stat(file);
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    size,
    mtimeMs,
    productTypes: [...source.productTypes],
    productGroupIds: source.products.map((p) => p.productGroupId),
    shapes,
    parts: source.search.parts,
    sections: Object.fromEntries(
      SECTIONS.map((name) => [name, binary[name].byteLength]),
    ) as Header['sections'],
  };
  const head = Buffer.from(JSON.stringify(header) + '\n');
  // The binary sections start at a multiple of 8 bytes, so that they are read as views, not copies.
  const pad = Buffer.alloc((8 - (head.length % 8)) % 8, 0x20);
  const sections = SECTIONS.map(
    (name) => new Uint8Array(binary[name].buffer, binary[name].byteOffset, binary[name].byteLength),
  );
  await writeFile(file + INDEX_SUFFIX, Buffer.concat([head, pad, ...sections]));
}

/** Removes `file`'s index, if any: a file written without one must not keep an older one. */
export async function removeSeedIndex(file: string): Promise<void> {
  await rm(file + INDEX_SUFFIX, { force: true });
}

/**
 * `file`'s index, or undefined when it has none, or one written for another version of the file (its
 * size or modification time differ) or of this program: the file is then read whole, as without.
 */
export async function readSeedIndex(file: string): Promise<SeedIndex | undefined> {
  let bytes: Buffer;
  let fileStat: { size: number; mtimeMs: number };
  try {
    [bytes, fileStat] = await Promise.all([readFile(file + INDEX_SUFFIX), stat(file)]);
  } catch {
    return undefined;
  }
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, newline)) as Header;
  } catch {
    return undefined;
  }
  if (header.format !== FORMAT || header.version !== VERSION) return undefined;
  if (header.size !== fileStat.size || header.mtimeMs !== fileStat.mtimeMs) return undefined;
  if (!header.shapes.every((keys) => keys[0] === 'productGroupId')) return undefined;
  let at = newline + 1;
  at += (8 - (at % 8)) % 8;
  const views = {} as Record<(typeof SECTIONS)[number], ArrayBufferView>;
  for (const name of SECTIONS) {
    const length = header.sections[name];
    if (at + length > bytes.length) return undefined;
    // Copied out of the file's buffer, whose start need not be aligned for a typed array.
    const copy = new Uint8Array(length);
    copy.set(bytes.subarray(at, at + length));
    views[name] = name === 'starts' ? new Float64Array(copy.buffer) : new Int32Array(copy.buffer);
    at += length;
  }
  const products = header.productGroupIds.length;
  const starts = views.starts as Float64Array;
  const lengths = views.lengths as Int32Array;
  const shapeOf = views.shapeOf as Int32Array;
  if (starts.length !== products || lengths.length !== products || shapeOf.length !== products)
    return undefined;
  return {
    productTypes: header.productTypes,
    starts,
    lengths,
    productGroupIds: header.productGroupIds,
    shapes: header.shapes,
    shapeOf,
    search: {
      parts: header.parts,
      holderStarts: views.holderStarts as Int32Array,
      positions: views.positions as Int32Array,
      nameParts: views.nameParts as Int32Array,
    },
  };
}
