import type { Response } from 'express';

/**
 * Encoded JSON of stored records, by identity. Records are immutable values (a write replaces a
 * record), so a record's bytes never change: a product read a thousand times is serialised and
 * encoded once, and an answer is written as those bytes rather than as one large string.
 * An object of a record's shape built for one answer (a select) is cached too, and goes with it.
 *
 * Two generations bound the memory: new entries go to the young one; when it holds half the
 * budget it becomes the old one and the previous old one is dropped. A hit in the old generation
 * moves to the young one, so the records in use stay cached whatever the size of the catalog.
 */
export const ENCODED_CACHE_BYTES = 16 * 1024 * 1024;
let young = new WeakMap<object, Buffer>();
let old = new WeakMap<object, Buffer>();
let youngBytes = 0;

function remember(record: object, bytes: Buffer): void {
  if (youngBytes + bytes.length > ENCODED_CACHE_BYTES / 2) {
    old = young;
    young = new WeakMap();
    youngBytes = 0;
  }
  young.set(record, bytes);
  youngBytes += bytes.length;
}

/** How far below the payload records are looked for: { list: [product] } and { productDetails: product }. */
const RECORD_DEPTH = 2;

const isStoredShape = (value: object): boolean =>
  typeof (value as { productGroupId?: unknown }).productGroupId === 'string' ||
  typeof (value as { productTypeId?: unknown }).productTypeId === 'string';

/** The encoded JSON of a record, from the cache when it is there. */
export function recordBytes(record: object): Buffer {
  let bytes = young.get(record);
  if (bytes !== undefined) return bytes;
  bytes = old.get(record) ?? Buffer.from(JSON.stringify(record));
  remember(record, bytes);
  return bytes;
}

/** Appends the JSON of value to chunks: records as their cached bytes, the rest as text. */
function collect(value: unknown, depth: number, chunks: (Buffer | string)[]): void {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    chunks.push(JSON.stringify(value) ?? 'null');
  } else if (isStoredShape(value)) {
    chunks.push(recordBytes(value));
  } else if (depth === 0) {
    chunks.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    chunks.push('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) chunks.push(',');
      collect(item, depth - 1, chunks);
    });
    chunks.push(']');
  } else {
    chunks.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      chunks.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      collect(item, depth - 1, chunks);
    }
    chunks.push('}');
  }
}

/**
 * Every 2xx body is wrapped as { data } (behaviour.md section 3). The chunks are written as they are,
 * in one corked write: copying them into one new buffer per answer made every answer allocate fresh
 * memory outside the heap, and the page faults of that cost more than the rest of a read.
 */
export function sendData(res: Response, payload: unknown, status = 200): void {
  const chunks: (Buffer | string)[] = ['{"data":'];
  collect(payload, RECORD_DEPTH, chunks);
  chunks.push('}');
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', length);
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
}
