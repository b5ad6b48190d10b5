import type { Response } from 'express';
import { AnswerHold } from './encodedCache.js';

/** How far below the payload records are looked for: { list: [product] } and { productDetails: product }. */
const RECORD_DEPTH = 2;

/**
 * Tells the stored records of an answer from the rest: a record is sent from the encoded cache,
 * which is right only for a value the store holds (never changed in place). The code that sends an
 * answer names its source, e.g. the Scope its records come from; nothing is cached without one.
 */
export interface RecordSource {
  holds(value: object): boolean;
}

/** Appends the JSON of value to chunks: records as their cached bytes, the rest as text. */
function collect(
  value: unknown,
  depth: number,
  chunks: (Buffer | string)[],
  hold: AnswerHold,
  records: RecordSource | undefined,
): void {
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  ) {
    chunks.push(JSON.stringify(value) ?? 'null');
  } else if (records?.holds(value)) {
    chunks.push(hold.bytes(value));
  } else if (depth === 0) {
    chunks.push(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    chunks.push('[');
    value.forEach((item: unknown, i) => {
      if (i > 0) chunks.push(',');
      collect(item, depth - 1, chunks, hold, records);
    });
    chunks.push(']');
  } else {
    chunks.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      chunks.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      collect(item, depth - 1, chunks, hold, records);
    }
    chunks.push('}');
  }
}

/**
 * Every 2xx body is wrapped as { data } (behaviour.md section 3). The chunks are written as they are,
 * in one corked write: copying them into one new buffer per answer made every answer allocate fresh
 * memory outside the heap, and the page faults of that cost more than the rest of a read.
 */
export function sendData(res: Response, payload: unknown, records?: RecordSource, status = 200): void {
  // A client gone while the answer was prepared gets nothing: there is nothing to write to.
  if (res.destroyed) return;
  const hold = new AnswerHold();
  const chunks: (Buffer | string)[] = ['{"data":'];
  collect(payload, RECORD_DEPTH, chunks, hold, records);
  chunks.push('}');
  let length = 0;
  for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', length);
  // Written from the cache's memory: it is held until the answer is written or the client gone.
  if (hold.holding) res.once('close', () => hold.release());
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
  res.uncork();
}
