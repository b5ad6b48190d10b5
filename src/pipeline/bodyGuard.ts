import { MAX_JSON_DEPTH as FILTER_JSON_DEPTH } from '../domain/filter.js';
import { CatalogError } from '../domain/errors.js';
import { bytesPast } from '../domain/jsonDepth.js';

/** Deeper than any real record nests (a product is about 4 levels deep). */
const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/**
 * The list query's filters, which a POST /products body may carry as objects. A filter takes two
 * levels per operator (an object holding an array), so one of the 32 operators docs/behaviour.md
 * ("Parameters") allows nests past MAX_DEPTH; it must be taken as an object as it is as text. Below
 * these keys the guard looks as deep as a filter may nest, and leaves anything deeper to the filter
 * parser, which measures it without recursion and answers with its limit in operators.
 */
const FILTER_KEYS = new Set(['filter', 'additionalRawFilter']);

/** The deepest an accepted body nests: an object whose filter takes FILTER_JSON_DEPTH levels. */
const MAX_BODY_TEXT_DEPTH = 1 + FILTER_JSON_DEPTH;

/**
 * The cost budget of one body: the most JSON objects and arrays it may hold (docs/security.md,
 * "Bounds"). A 5 MB push of 200,000 small objects held the one thread for one to two seconds,
 * parsed, checked and merged, and the collector copying them held it as long again; the time goes
 * with the objects far more than with the bytes. Beside pushes of 12,000 objects a plain read
 * waited at most 66 ms (p99), beside pushes of 15,000 and 25,000 over 250 ms (docs/performance.md,
 * "Large request bodies"). A batch of 100 products of a generated dataset holds 5,800 (grocery) to
 * 8,800 (demo) on average; 100 of the demo's richest would hold 21,000, and go in two parts.
 */
const MAX_BODY_CONTAINERS = 12_500;

/**
 * Why a JSON body's bytes are refused before they are parsed, if they are, and with what status:
 * nested deeper than any accepted body (400), or holding more objects and arrays than the cost
 * budget (413). A 4 MB body of nested arrays was parsed for seconds before findUnsafe refused it
 * (docs/behaviour.md, "Errors"); this pass over its bytes takes milliseconds.
 */
export function bodyBytesRefused(bytes: Uint8Array): { status: 400 | 413; message: string } | undefined {
  const past = bytesPast(bytes, MAX_BODY_TEXT_DEPTH, MAX_BODY_CONTAINERS);
  if (past === 'deep') {
    return {
      status: 400,
      message: `body nests deeper than ${MAX_BODY_TEXT_DEPTH} levels of objects and arrays, which no accepted body does (the limit is ${MAX_DEPTH} levels; a filter's ${MAX_DEPTH} operators take ${FILTER_JSON_DEPTH}); it was not parsed`,
    };
  }
  if (past === 'many') {
    return {
      status: 413,
      message: `The body holds more than ${MAX_BODY_CONTAINERS.toLocaleString('en-US')} JSON objects and arrays, the cost budget of one request (docs/security.md, "Bounds"); it was not parsed. Send the batch in smaller parts`,
    };
  }
  return undefined;
}

/**
 * The 413 of a batch whose items are past the cost budget, if it is: each item of `{ "data": [...] }`
 * is answered by an object of its own, so a delete of 1,200,000 short ids (a 4.8 MB body of no
 * object but one) was answered 43 MB and held the one thread for a second, as a push of as many
 * objects would. Items that are objects were counted from the body's bytes already.
 */
export function batchPastBudget(body: unknown): CatalogError | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const items = (body as { data?: unknown }).data;
  if (!Array.isArray(items) || items.length <= MAX_BODY_CONTAINERS) return undefined;
  return new CatalogError(
    'too-large',
    `body.data holds ${items.length} items, more than ${MAX_BODY_CONTAINERS.toLocaleString('en-US')}, the cost budget of one request: each item is answered by an object of its own (docs/security.md, "Bounds"). Send the batch in smaller parts`,
  );
}

/**
 * Finds the first place in a parsed JSON value that is too deep, has a prototype-reaching key, or
 * holds a number too large to be one: JSON.parse reads 1e400 as Infinity, which a field the schema
 * does not type (an undocumented one, a filter's value) would keep, and answer as null.
 */
export function findUnsafe(value: unknown, path = 'body'): string | undefined {
  return walk(value, path, 0, MAX_DEPTH, true);
}

function walk(
  value: unknown,
  path: string,
  depth: number,
  maxDepth: number,
  refuseDeeper: boolean,
): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return `${path} must be a finite number`;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= maxDepth) return refuseDeeper ? `${path} nests deeper than ${maxDepth} levels` : undefined;
  const array = Array.isArray(value);
  for (const key of Object.keys(value)) {
    const childPath = array ? `${path}[${key}]` : `${path}.${key}`;
    if (!array && FORBIDDEN_KEYS.has(key)) return `${childPath} is a key that is not accepted`;
    const child = (value as Record<string, unknown>)[key];
    const problem =
      depth === 0 && !array && FILTER_KEYS.has(key)
        ? walk(child, childPath, 0, FILTER_JSON_DEPTH, false)
        : walk(child, childPath, depth + 1, maxDepth, refuseDeeper);
    if (problem) return problem;
  }
  return undefined;
}
