// Requests for one operation of openapi.yaml: valid ones from its schemas, and invalid ones made from
// a valid one by one deliberate fault. Every id a request could write starts with the run's prefix.
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import type { DocumentedOperation } from '../../openapi/operations.js';
import { ID_FIELDS, jsonBodySchema } from '../itemIds.js';
import { arbitraryOf, mergeAllOf, type Hints, type Schema } from '../schemaArbitrary.js';

export interface GeneratedRequest {
  method: string;
  /** Relative to the base URL, query string included. */
  path: string;
  /** JSON text, or deliberately broken text for an invalid request. */
  body?: string;
  /** Which fault an invalid request carries. */
  fault?: string;
}

/** Path parameters outside the base URL's /{tenantId}/{environment}. */
const SCOPE_PARAMS = new Set(['tenantId', 'environment']);

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const SORTABLE = [
  'productGroupId',
  'introductionDate',
  'shellLifeDays',
  'sortName',
  'productName',
  'productPriceList/listPrice',
];
const PATHS = [
  'productGroupId',
  'productType',
  'brand/brandName',
  'productPriceList/listPrice',
  'variants/color',
  'spaceIds',
];
const SEARCH_FIELDS = [
  'productName',
  'productDescription',
  'productTags',
  'brand/brandName',
  'productGroupId',
  'variants/productId',
];

/** Filters by the grammar the filter parameter describes, on fields a product has. */
const filterArb: fc.Arbitrary<object> = fc.letrec<{ f: object }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      eq: fc.tuple(fc.constantFrom(...PATHS), fc.oneof(word, fc.integer({ min: 0, max: 500 }), fc.boolean())),
    }),
    fc.record({ gt: fc.tuple(fc.constant('productPriceList/listPrice'), fc.integer({ min: 0, max: 500 })) }),
    fc.record({ contains: fc.tuple(fc.constantFrom(...PATHS), word) }),
    fc.record({ in: fc.tuple(fc.constantFrom(...PATHS), fc.array(word, { minLength: 1, maxLength: 3 })) }),
    fc.record({ and: fc.array(tie('f'), { minLength: 1, maxLength: 2 }) }),
    fc.record({ not: fc.tuple(tie('f')) }),
  ),
})).f;

const sortArb = fc
  .array(fc.tuple(fc.constantFrom(...SORTABLE), fc.constantFrom('', ' asc', ' desc')), {
    minLength: 1,
    maxLength: 2,
  })
  .map((keys) => keys.map(([k, d]) => k + d).join(','));

/**
 * Strings whose grammar openapi.yaml gives in prose. A string parameter not listed here and not free
 * text is left out of valid requests: leaving out an optional parameter is always valid.
 */
const FILTER_PARAMS = ['filter', 'additionalRawFilter'];
const filterText = filterArb.map((f) => JSON.stringify(f));
const HINTS: Hints = {
  filter: filterText,
  additionalRawFilter: filterText,
  sort: sortArb,
  searchField: fc.constantFrom(...SEARCH_FIELDS),
  search: fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
  term: word,
  select: fc.subarray(['productName', 'productPriceList', 'variants', 'brand']).map((s) => s.join(',')),
  facets: fc.subarray(['productType', 'brand/brandName']).map((s) => s.join(',')),
  attributeFilters: fc.array(word, { maxLength: 2 }).map((w) => w.join(',')),
};

const enc = encodeURIComponent;

/** Every id field of one batch item under the prefix; one variant id per item, so elements agree. */
function ownIds(item: unknown, prefix: string, n: number): unknown {
  const ids: Record<string, string> = {
    productGroupId: `${prefix}p${n}`,
    productId: `${prefix}p${n}-v`,
    productTypeId: `${prefix}t${n}`,
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v))
      out[k] = ID_FIELDS.includes(k) && typeof x === 'string' ? ids[k] : walk(x);
    return out;
  };
  return walk(item);
}

/** A body whose ids are all the run's: batch items numbered, id strings of IdBatch prefixed. */
function ownBody(body: unknown, prefix: string): unknown {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return ownIds(body, prefix, 0);
  const items = data.map((item, i) =>
    typeof item === 'string' ? `${prefix}p${i}` : ownIds(item, prefix, i),
  );
  return { ...(body as object), data: items };
}

function paramArb(p: OpenAPIV3.ParameterObject, prefix: string): fc.Arbitrary<string> | undefined {
  const schema = (p.schema ?? {}) as Schema;
  if (p.in === 'path') {
    if (p.name === 'barcode') return fc.stringMatching(/^[0-9]{8,13}$/);
    // an RFID tag's code: an SGTIN EPC URI that names no product of the catalog
    if (/\bEPC\b|SGTIN/.test(`${p.name.toUpperCase()} ${p.description ?? ''}`))
      return fc
        .tuple(fc.stringMatching(/^[0-9]{6}$/), fc.integer({ min: 1, max: 999_999 }))
        .map(([item, serial]) => `urn:epc:id:sgtin:4006381.${item}.${serial}`);
    // an id of this run that was never written: valid, answered 404 at most
    return word.map((w) => `${prefix}${w}`);
  }
  if (p.name in HINTS) return HINTS[p.name] as fc.Arbitrary<string>;
  if (p.name === 'ids' || p.name === 'data')
    return fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.map((x) => prefix + x).join(','));
  if (schema.type === 'integer' || schema.type === 'number' || schema.type === 'boolean' || schema.enum)
    return arbitraryOf(schema).map(String);
  return undefined;
}

export interface OperationRequests {
  operation: DocumentedOperation;
  valid: fc.Arbitrary<GeneratedRequest>;
  /** Undefined when openapi.yaml leaves nothing of the operation to get wrong. */
  invalid?: fc.Arbitrary<GeneratedRequest>;
}

export interface RequestOptions {
  /**
   * Invalid requests whose items lack their id too. A deployment that accepts one may store it under
   * an id it makes up, outside the prefix, where no removal finds it (src/contract/itemIds.ts): only
   * for the in-process mock, or when the user asks for them.
   */
  itemsWithoutIds?: boolean;
}

export function requestsFor(
  op: DocumentedOperation,
  prefix: string,
  options: RequestOptions = {},
): OperationRequests {
  const pathParams = op.parameters.filter((p) => p.in === 'path' && !SCOPE_PARAMS.has(p.name));
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, paramArb(p, prefix) ?? word])),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryModel: Record<string, fc.Arbitrary<string>> = {};
  for (const p of queryParams) {
    const arb = paramArb(p, prefix);
    if (arb) queryModel[p.name] = arb;
  }
  const required = queryParams.filter((p) => p.required && p.name in queryModel).map((p) => p.name);
  const query = fc.record(queryModel, { requiredKeys: required });
  // Another way to send what the body holds: sent only when the request has no body (openapi.yaml's
  // `x-without-body`, which the mock's validator holds requests to).
  const withoutBody = queryParams
    .filter((p) => (p as { 'x-without-body'?: unknown })['x-without-body'] === true)
    .map((p) => p.name);
  const bodySchema = jsonBodySchema(op);
  // an optional body is sent too: DELETE /product-types takes its ids from the body or the query, and
  // a request with neither names nothing to delete
  const body: fc.Arbitrary<unknown> = bodySchema
    ? arbitraryOf(bodySchema, HINTS).map((b) => ownBody(b, prefix))
    : fc.constant(undefined);

  const build = (
    params: Record<string, string>,
    q: Record<string, string>,
    b: unknown,
    raw?: string,
    fault?: string,
  ): GeneratedRequest => {
    const pathText = op.template.replace(/\{(\w+)\}/g, (_m, name: string) => enc(params[name] ?? ''));
    const text = raw ?? (b === undefined ? undefined : JSON.stringify(b));
    const qs = Object.entries(q)
      .filter(([name]) => text === undefined || !withoutBody.includes(name))
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .join('&');
    return {
      method: op.method,
      path: qs ? `${pathText}?${qs}` : pathText,
      body: text,
      ...(fault ? { fault } : {}),
    };
  };
  const valid = fc.tuple(path, query, body).map(([p, q, b]) => build(p, q, b));

  // one fault per invalid request, from those the operation's document allows
  const faults: fc.Arbitrary<GeneratedRequest>[] = [];
  const base = fc.tuple(path, query, body);
  const schema = bodySchema ? mergeAllOf(bodySchema) : undefined;
  const data = schema?.properties?.data;
  if (schema) {
    faults.push(base.map(([p, q]) => build(p, q, undefined, '{"data": [', 'malformed JSON body')));
    if (schema.required?.includes('data'))
      faults.push(base.map(([p, q]) => build(p, q, {}, undefined, 'body without its required "data"')));
    if (data?.type === 'array') {
      // A batch may be empty (docs/behaviour.md, "POST /products-push (merge push)"): the faults of
      // its items are made from one that has some.
      const filled = base.filter(([, , b]) => ((b as { data?: unknown[] }).data?.length ?? 0) > 0);
      faults.push(
        base.map(([p, q]) => build(p, q, { data: 'not-an-array' }, undefined, '"data" of the wrong type')),
      );
      if (data.maxItems !== undefined) {
        const over = data.maxItems + 1;
        faults.push(
          filled.map(([p, q, b]) => {
            const first = (b as { data: unknown[] }).data[0];
            const items = Array.from({ length: over }, (_, i) =>
              typeof first === 'string' ? `${prefix}over${i}` : ownIds(first, prefix, i),
            );
            return build(
              p,
              q,
              { data: items },
              undefined,
              `a batch of ${over}, over the limit of ${data.maxItems}`,
            );
          }),
        );
      }
      const item = data.items ? mergeAllOf(data.items) : undefined;
      for (const field of item?.required ?? []) {
        if (options.itemsWithoutIds || !ID_FIELDS.includes(field))
          faults.push(
            filled.map(([p, q, b]) => {
              const items = (b as { data: Record<string, unknown>[] }).data.map((x) => {
                const copy = { ...x };
                delete copy[field];
                return copy;
              });
              return build(p, q, { data: items }, undefined, `items without their required "${field}"`);
            }),
          );
        faults.push(
          filled.map(([p, q, b]) => {
            // An id of the wrong type is a list holding a run id: a lenient deployment that turns
            // it into a string ("ct-...-wrong-type") stores it under the run's prefix, where the
            // removal finds it, never as "[object Object]" or a number another record may hold.
            const wrong = ID_FIELDS.includes(field) ? [`${prefix}wrong-type`] : { wrong: 'type' };
            const items = (b as { data: Record<string, unknown>[] }).data.map((x) => ({
              ...x,
              [field]: wrong,
            }));
            return build(p, q, { data: items }, undefined, `"${field}" of the wrong type`);
          }),
        );
      }
    }
  }
  for (const qp of queryParams) {
    const s = (qp.schema ?? {}) as Schema;
    if (FILTER_PARAMS.includes(qp.name)) {
      const bad = (text: string, fault: string) =>
        base.map(([p, q, b]) => build(p, { ...q, [qp.name]: text }, b, undefined, `${qp.name}: ${fault}`));
      faults.push(bad('{"eq":["productGroupId"', 'a filter that is not JSON'));
      faults.push(bad('{"nosuchop":["productGroupId","x"]}', 'an unknown filter operator'));
    }
    if (s.type === 'integer' && s.minimum !== undefined)
      faults.push(
        base.map(([p, q, b]) =>
          build(p, { ...q, [qp.name]: String(s.minimum! - 1) }, b, undefined, `${qp.name} below its minimum`),
        ),
      );
    if (s.type === 'integer')
      faults.push(
        base.map(([p, q, b]) =>
          build(p, { ...q, [qp.name]: 'abc' }, b, undefined, `${qp.name} not a number`),
        ),
      );
    if (qp.required && s.type === 'string')
      faults.push(
        base.map(([p, q, b]) => {
          const rest = { ...q };
          delete rest[qp.name];
          return build(p, rest, b, undefined, `without the required ${qp.name}`);
        }),
      );
  }
  return { operation: op, valid, invalid: faults.length ? fc.oneof(...faults) : undefined };
}
