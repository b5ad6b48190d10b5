import type { Response } from 'express';

/**
 * JSON text of objects already sent, by identity. Stored records are immutable values and answers
 * are built fresh per request, so an object's text never changes once it has been sent: a product
 * read a thousand times is serialised once.
 */
const texts = new WeakMap<object, string>();

/** How far below the payload cached texts are reused: { list: [product] } and { productDetails: product }. */
const REUSE_DEPTH = 2;

function toJson(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const cached = texts.get(value);
  if (cached !== undefined) return cached;
  let text: string;
  if (depth === 0 || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    text = JSON.stringify(value);
  } else if (Array.isArray(value)) {
    text = `[${value.map((item: unknown) => toJson(item, depth - 1)).join(',')}]`;
  } else {
    const parts: string[] = [];
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      parts.push(`${JSON.stringify(key)}:${toJson(item, depth - 1)}`);
    }
    text = `{${parts.join(',')}}`;
  }
  texts.set(value, text);
  return text;
}

/** Every 2xx body is wrapped as { data } (behaviour.md section 3). */
export function sendData(res: Response, payload: unknown, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(`{"data":${toJson(payload, REUSE_DEPTH)}}`);
}
