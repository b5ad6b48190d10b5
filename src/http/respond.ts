import type { Response } from 'express';

/**
 * JSON text of stored records, by identity. Records are immutable values (a write replaces a record),
 * so a record's text never changes: a product read a thousand times is serialised once. Only records
 * are kept; the fresh objects an answer is built from are not worth the memory.
 */
const texts = new WeakMap<object, string>();

/** How far below the payload records are looked for: { list: [product] } and { productDetails: product }. */
const RECORD_DEPTH = 2;

const isRecord = (value: object): boolean =>
  typeof (value as { productGroupId?: unknown }).productGroupId === 'string' ||
  typeof (value as { productTypeId?: unknown }).productTypeId === 'string';

function toJson(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (isRecord(value)) {
    let text = texts.get(value);
    if (text === undefined) texts.set(value, (text = JSON.stringify(value)));
    return text;
  }
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item: unknown) => toJson(item, depth - 1)).join(',')}]`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    parts.push(`${JSON.stringify(key)}:${toJson(item, depth - 1)}`);
  }
  return `{${parts.join(',')}}`;
}

/** Whole `{ data: record }` bodies, encoded once: a record answered alone (by id) costs no copying. */
const bodies = new WeakMap<object, Buffer>();

function body(payload: unknown): Buffer | string {
  if (payload === null || typeof payload !== 'object' || !isRecord(payload)) {
    return `{"data":${toJson(payload, RECORD_DEPTH)}}`;
  }
  let encoded = bodies.get(payload);
  if (encoded === undefined)
    bodies.set(payload, (encoded = Buffer.from(`{"data":${JSON.stringify(payload)}}`)));
  return encoded;
}

/** Every 2xx body is wrapped as { data } (behaviour.md section 3). */
export function sendData(res: Response, payload: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(body(payload));
}
