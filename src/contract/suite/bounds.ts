// Every bound openapi.yaml states for a request, read from the document itself: the schema keywords
// of the query parameters and of the request bodies, and the limits that OpenAPI 3.0 cannot express,
// which the parameters' descriptions state in words and their `x-bounds` extension as numbers. A
// bound added to the document is tested without a change here.
import type { OpenAPIV3 } from 'openapi-types';
import type { DocumentedOperation } from '../../openapi/operations.js';

/**
 * What is bounded: a number (`minimum`, `maximum`), a string's length (`maxLength`), a batch's items
 * (`minItems`, `maxItems`), or, stated in `x-bounds`, the names of a comma-separated list, the words
 * of a search and the characters of each, a filter's depth, its operators and the values of an `in` list.
 */
export type BoundKind =
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'listNames'
  | 'searchWords'
  | 'wordLength'
  | 'filterDepth'
  | 'filterOperators'
  | 'inValues';

export interface Bound {
  operationId: string;
  method: string;
  template: string;
  safe: boolean;
  /** A query parameter, or a property of the JSON body (`data[].productGroupId`: of each item). */
  in: 'query' | 'body';
  /** The parameter's or property's name, or its path in the body. */
  name: string;
  kind: BoundKind;
  /** The last value the document allows. */
  limit: number;
  /** Where the document states it: a schema keyword, or a parameter's x-bounds. */
  source: string;
}

/** A lower bound: the value just past it is one less. */
export const isLower = (kind: BoundKind): boolean =>
  kind === 'minimum' || kind === 'minLength' || kind === 'minItems';

const KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems'] as const;

/** The kinds a parameter's `x-bounds` may name: the limits a schema keyword cannot state. */
const EXTENSION_KINDS: readonly BoundKind[] = [
  'listNames',
  'searchWords',
  'wordLength',
  'filterDepth',
  'filterOperators',
  'inValues',
];

/**
 * The limits OpenAPI 3.0 cannot express, as a parameter's `x-bounds` states them (openapi.yaml,
 * "Limits"; the description says the same in words): `{ listNames: 10 }`. A kind not known here, or
 * a limit that is no whole number, is an error, so that no bound of the document goes untested.
 */
export function extensionBounds(parameter: unknown): { kind: BoundKind; limit: number }[] {
  const stated = (parameter as { 'x-bounds'?: unknown } | undefined)?.['x-bounds'];
  if (stated === undefined) return [];
  if (typeof stated !== 'object' || stated === null || Array.isArray(stated))
    throw new Error(
      `x-bounds must map kinds to limits, such as { listNames: 10 } (got ${JSON.stringify(stated)})`,
    );
  return Object.entries(stated).map(([kind, limit]) => {
    if (!EXTENSION_KINDS.includes(kind as BoundKind))
      throw new Error(`x-bounds names an unknown kind ${kind}; the kinds are ${EXTENSION_KINDS.join(', ')}`);
    if (!Number.isInteger(limit) || (limit as number) < 1)
      throw new Error(`x-bounds.${kind} must be a whole number from 1 (got ${JSON.stringify(limit)})`);
    return { kind: kind as BoundKind, limit: limit as number };
  });
}

type Schema = OpenAPIV3.SchemaObject;

function keywordBounds(schema: Schema | undefined): { kind: BoundKind; limit: number; source: string }[] {
  if (!schema) return [];
  return KEYWORDS.filter((k) => typeof schema[k] === 'number').map((k) => ({
    kind: k,
    limit: schema[k] as number,
    source: `schema ${k}`,
  }));
}

/** The bounds of a body schema's properties, one level into arrays of objects (a batch's items). */
function bodyBounds(
  schema: Schema,
  path: string,
  depth = 0,
): { name: string; kind: BoundKind; limit: number; source: string }[] {
  if (depth > 6) return [];
  const own = path === '' ? [] : keywordBounds(schema).map((b) => ({ name: path, ...b }));
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>).flatMap(
    ([name, child]) => bodyBounds(child, path === '' ? name : `${path}.${name}`, depth + 1),
  );
  const items =
    schema.type === 'array' && schema.items ? bodyBounds(schema.items as Schema, `${path}[]`, depth + 1) : [];
  // the parts of an allOf describe the same value: their bounds are its bounds
  const parts = (schema.allOf ?? []).flatMap((part) => bodyBounds(part as Schema, path, depth + 1));
  const all = [...own, ...properties, ...items, ...parts];
  return all.filter((b, i) => all.findIndex((o) => o.name === b.name && o.kind === b.kind) === i);
}

/** Every request bound of the service's operations (not the mock's own /__admin ones). */
export function documentedBounds(operations: readonly DocumentedOperation[]): Bound[] {
  const bounds: Bound[] = [];
  const add = (
    op: DocumentedOperation,
    where: 'query' | 'body',
    found: { name: string; kind: BoundKind; limit: number; source: string }[],
  ) => {
    for (const b of found)
      bounds.push({
        operationId: op.operationId,
        method: op.method,
        template: op.template,
        safe: op.safe,
        in: where,
        ...b,
      });
  };
  for (const op of operations) {
    const query = op.parameters.filter((p) => p.in === 'query');
    for (const p of query) {
      add(op, 'query', [
        ...keywordBounds(p.schema as Schema).map((b) => ({ name: p.name, ...b })),
        ...extensionBounds(p).map((b) => ({ name: p.name, ...b, source: 'x-bounds' })),
      ]);
    }
    const body = op.requestBody?.content['application/json']?.schema as Schema | undefined;
    if (!body) continue;
    add(op, 'body', bodyBounds(body, ''));
    // A body of the list parameters ("the parameters of GET /products as JSON properties") takes the
    // limits the GET operation's parameters state in x-bounds.
    const twin = operations.find((o) => o.method === 'GET' && o.template === op.template);
    if (!twin || !op.safe) continue;
    const twinByName = new Map(twin.parameters.map((p) => [p.name, p]));
    for (const name of Object.keys(body.properties ?? {})) {
      add(
        op,
        'body',
        extensionBounds(twinByName.get(name)).map((b) => ({
          name,
          ...b,
          source: `x-bounds of ${twin.operationId}'s ${name}`,
        })),
      );
    }
  }
  return bounds;
}

/** Sort keys openapi.yaml's sort documents as sortable, distinct, for a list of N keys. */
const SORTABLE = [
  'productGroupId',
  'introductionDate',
  'plannedAbandonmentDate',
  'shellLifeDays',
  'variantsGroupId',
  'variantsByGroupId',
  'isDeleted',
  'sortName',
  'sortPrice',
  'sortQuantity',
  'productName',
  'productPriceList/listPrice',
];

/**
 * A value of `name` that reaches `count` of the bound's kind and is otherwise harmless: it matches,
 * names and sorts by nothing the deployment's data depends on. For a number, the number itself.
 */
function valueFor(kind: BoundKind, name: string, count: number): string | number {
  switch (kind) {
    case 'minimum':
    case 'maximum':
      return count;
    case 'minLength':
    case 'maxLength':
      return 'x'.repeat(count);
    case 'listNames':
      return Array.from({ length: count }, (_, i) =>
        name === 'sort'
          ? `${SORTABLE[i % SORTABLE.length]} ${Math.floor(i / SORTABLE.length) % 2 ? 'desc' : 'asc'}`
          : `unknownField${i}`,
      ).join(',');
    case 'searchWords':
      return Array.from({ length: count }, (_, i) => `nomatch${i}`).join(' ');
    case 'wordLength':
      return 'q'.repeat(count);
    case 'filterDepth': {
      // `count` operators, each inside the one before: not(not(...(eq)))
      let filter: object = { eq: ['productGroupId', 'no such product'] };
      for (let i = 1; i < count; i++) filter = { not: [filter] };
      return JSON.stringify(filter);
    }
    case 'filterOperators':
      // one `or` of count - 3 comparisons on a path no product has and a `not` of one, `count`
      // operators that every product matches: a read by id of a product that exists (the examples
      // openapi.yaml names, held by the demo dataset) stays found, as without the filter. Short, so
      // that 256 of them stay well within a URL's 16 KB (docs/behaviour.md, "Errors", 431).
      return JSON.stringify({
        or: [...Array.from({ length: count - 3 }, () => ({ eq: ['a', 0] })), { not: [{ eq: ['a', 0] }] }],
      });
    case 'inValues':
      // `not` of an `in` on a path no product has: every product matches, as above.
      return JSON.stringify({ not: [{ in: ['a', Array.from({ length: count }, (_, i) => i)] }] });
    default:
      throw new Error(`no value for a bound of kind ${kind as string}`);
  }
}

/** The value just past the bound. */
export const pastBound = (b: Bound): string | number =>
  valueFor(b.kind, b.name, isLower(b.kind) ? b.limit - 1 : b.limit + 1);

export const atBound = (b: Bound): string | number => valueFor(b.kind, b.name, b.limit);

/** `listProducts: query sort, at most 10 names (description)` */
export const describeBound = (b: Bound): string =>
  `${b.in} ${b.name} ${isLower(b.kind) ? 'at least' : 'at most'} ${b.limit} (${b.kind}, ${b.source})`;
