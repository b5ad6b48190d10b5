// Every bound openapi.yaml states for a request, exercised at the bound and just past it: the last
// value allowed gets the answer the request gets without it, the first value past it a 400 naming
// the parameter. The bounds are read from the document (lib/bounds.ts), so one added there is
// tested here without a change. The specification sets none of them: each is the mock's choice
// (docs/behaviour.md, "Parameters"), and so are the tests.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import type { Reply, Request } from '../src/contract/suite/api.js';
import {
  atBound,
  describeBound,
  documentedBounds,
  isLower,
  pastBound,
  type Bound,
} from '../src/contract/suite/bounds.js';
import { SCOPE_TEMPLATE } from '../src/contract/suite/checker.js';
import { contractKit } from '../src/contract/suite/kit.js';
import { OperationTable, type DocumentedOperation } from '../src/openapi/operations.js';
import { loadSchemaValidator } from '../src/openapi/schemas.js';

const { api, ids, settled, target, writing } = await contractKit('bounds');
const table = new OperationTable((await loadSchemaValidator()).document, SCOPE_TEMPLATE);
const bounds = documentedBounds(table.operations);
const operation = (b: Bound): DocumentedOperation =>
  table.operations.find((op) => op.operationId === b.operationId)!;

/** `GET /products` as a test's name says it, so that selection reads its operation. */
const call = (b: Bound) => `${b.method} ${b.template}`;

/**
 * A request to the bound's operation: its path parameters filled with their documented example (an
 * EPC must be one), else an id no deployment holds; its required query parameters with their example;
 * `value` as the bounded parameter or body property, when given.
 */
function readRequest(b: Bound, value?: string | number): Request {
  const op = operation(b);
  let path = op.template;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const example = (p.example ?? (p.schema as OpenAPIV3.SchemaObject | undefined)?.example) as
      string | undefined;
    if (p.in === 'path')
      path = path.replace(`{${p.name}}`, encodeURIComponent(example ?? ids.unknown(p.name)));
    if (p.in === 'query' && p.required && (p.name !== b.name || value === undefined))
      query.set(p.name, String(example ?? 'x'));
  }
  // records as small as they come: limit=1000 on a large deployment asks for a thousand of them
  const small = b.name !== 'select';
  if (b.in === 'query') {
    if (small && op.parameters.some((p) => p.in === 'query' && p.name === 'select'))
      query.set('select', 'productGroupId');
    if (value !== undefined) query.set(b.name, String(value));
  }
  const qs = query.toString();
  const request: Request = { method: op.method, path: qs ? `${path}?${qs}` : path };
  if (op.requestBody) {
    const schema = op.requestBody.content['application/json']?.schema as OpenAPIV3.SchemaObject | undefined;
    const body: Record<string, unknown> =
      small && schema?.properties?.select ? { select: 'productGroupId' } : {};
    if (b.in === 'body' && value !== undefined) body[b.name] = value;
    request.body = body;
  }
  return request;
}

/** The error names the parameter (a body's property by its name too) and, for an upper bound, the limit. */
function expectPastBound(reply: Reply, b: Bound): void {
  const name = b.name.replace(/\[\]/g, '').split('.').at(-1)!;
  reply.expectError(400, new RegExp(name.replace(/[/]/g, '\\/'), 'i'));
  if (!isLower(b.kind)) reply.expectError(400, String(b.limit));
}

describe('[mock choice] bounds of read parameters, at and just past each', () => {
  const reads = bounds.filter((b) => b.safe);

  it('openapi.yaml states bounds of the list parameters (read from it, not listed here)', () => {
    expect(reads.map((b) => `${b.operationId} ${b.name} ${b.kind}`)).toEqual(
      expect.arrayContaining([
        'listProducts limit minimum',
        'listProducts sort listNames',
        'listProducts filter filterDepth',
        'queryProducts sort listNames',
      ]),
    );
  });

  it.each(reads.map((b) => [`${call(b)}: ${describeBound(b)}`, b] as const))('%s', async (_name, b) => {
    const without = await api.call(readRequest(b));
    without.expect(without.status, 'HTTP status (without the parameter)').not.toBe(400);
    const at = await api.call(readRequest(b, atBound(b)));
    at.expectStatus(without.status);
    expectPastBound(await api.call(readRequest(b, pastBound(b))), b);
  });
});

/**
 * Items of a batch for each operation with one, by operationId: `i` numbers them, `id` when given is
 * the id to send. Products and product types are created under the run's prefix and removed by its
 * cleanup; updates and deletes name ids under the prefix that no deployment holds.
 */
const ITEMS: Record<string, (i: number, id?: string) => unknown> = {
  pushProducts: (i, id) => ({ productGroupId: id ?? ids.product(`push-${i}`) }),
  overwriteProducts: (i, id) => ({ productGroupId: id ?? ids.product(`overwrite-${i}`) }),
  // recorded for cleanup: a deployment that wrongly creates on an update must not keep them
  updateProducts: (i, id) => ({ productGroupId: id ?? ids.product(`update-${i}`), shellLifeDays: 1 }),
  updateVariants: (i, id) => ({ productId: id ?? ids.unknown(`variant-${i}`), size: 'L' }),
  deleteProducts: (i, id) => id ?? ids.unknown(`delete-${i}`),
  detachProducts: (i, id) => id ?? ids.unknown(`detach-${i}`),
  upsertProductTypes: (i, id) => ({ productTypeId: id ?? ids.productType(`type-${i}`) }),
  deleteProductTypes: (i, id) => id ?? ids.unknown(`type-delete-${i}`),
};

/** Where a record an operation creates is read back, and the field naming it: none for updates and deletes. */
const READ_BACK: Record<string, { path: (id: string) => string; field: string }> = {
  pushProducts: { path: (id) => `/products/${encodeURIComponent(id)}`, field: 'productGroupId' },
  overwriteProducts: { path: (id) => `/products/${encodeURIComponent(id)}`, field: 'productGroupId' },
  upsertProductTypes: { path: (id) => `/product-types/${encodeURIComponent(id)}`, field: 'productTypeId' },
};

/** An id of exactly `length` characters under the run's prefix, recorded for cleanup where it creates. */
function idOfLength(b: Bound, length: number): string {
  const creates = b.operationId in READ_BACK || b.operationId === 'updateProducts';
  const stem = creates ? `${ids.prefix}len-` : ids.unknown('len-');
  const id = stem + 'x'.repeat(Math.max(0, length - stem.length));
  if (id.length !== length)
    throw new Error(`${describeBound(b)}: the run prefix alone is longer than ${length}`);
  if (!creates) return id;
  const name = id.slice(ids.prefix.length);
  return b.operationId === 'upsertProductTypes' ? ids.productType(name) : ids.product(name);
}

function writeRequest(b: Bound, data: unknown[]): Request {
  const op = operation(b);
  return { method: op.method, path: op.template.replace('{spaceId}', `${ids.prefix}space`), body: { data } };
}

writing('[mock choice] bounds of write bodies, at and just past each', () => {
  // The size of each batch and the length of its items' ids. A field inside a record (a name's
  // isoLanguageId must not be empty) is not exercised here: a record valid but for that one field
  // needs a builder of its own per field.
  const writes = bounds.filter(
    (b) =>
      !b.safe &&
      ((b.name === 'data' && b.kind.endsWith('Items')) ||
        (/^data\[\](\.\w+)?$/.test(b.name) && b.kind.endsWith('Length'))),
  );

  it('openapi.yaml states the batch bounds of the writes (read from it, not listed here)', () => {
    expect(writes.map((b) => `${b.operationId} ${b.name} ${b.kind} ${b.limit}`)).toEqual(
      expect.arrayContaining([
        'pushProducts data maxItems 100',
        'upsertProductTypes data[].productTypeId maxLength 256',
      ]),
    );
  });

  it.for(writes.map((b) => [`${call(b)}: ${describeBound(b)}`, b] as const))('%s', async ([, b], ctx) => {
    const items = ITEMS[b.operationId];
    if (!items) throw new Error(`${b.operationId} has a bounded body: bounds.test.ts needs ITEMS for it`);
    const isBatch = b.name === 'data' && (b.kind === 'minItems' || b.kind === 'maxItems');
    const field = /^data\[\](?:\.(\w+))?$/.exec(b.name);
    if (!isBatch && !(field && (b.kind === 'minLength' || b.kind === 'maxLength')))
      throw new Error(`${describeBound(b)}: bounds.test.ts sends only batch sizes and item ids`);
    // An empty id to a delete: a lenient deployment could delete a record of its own named so.
    if (b.kind === 'minLength' && b.method === 'DELETE' && !target.inProcess)
      return ctx.skip('an empty id to a delete is sent only to the in-process mock');
    const back = READ_BACK[b.operationId];
    const batch = (n: number): unknown[] => Array.from({ length: n }, (_, i) => items(i));
    /** One item whose bounded field is an id `length` long. */
    const byId = (length: number): unknown[] => {
      const id = length === 0 ? '' : idOfLength(b, length);
      const item = items(0, id);
      return [typeof item === 'string' || !field?.[1] ? item : { ...(item as object), [field[1]]: id }];
    };
    const idOf = (item: unknown): string =>
      typeof item === 'string' ? item : ((item as Record<string, string>)[back?.field ?? ''] ?? '');
    const sized = (n: number) => (isBatch ? batch(n) : byId(n));

    const past = sized(isLower(b.kind) ? b.limit - 1 : b.limit + 1);
    expectPastBound(await api.call(writeRequest(b, past)), b);
    // a refused batch writes nothing, not even its first item
    if (back && past.length && idOf(past[0])) (await api.get(back.path(idOf(past[0])))).expectError(404);

    // At a lower bound: an id that short cannot carry the run's prefix, and one item is every other test.
    if (isLower(b.kind)) return;
    const sent = sized(b.limit);
    const accepted = await api.call(writeRequest(b, sent));
    accepted.expectSuccess();
    if (!back) return;
    const lastId = idOf(sent.at(-1));
    // stored, under the very id sent: not one cut short
    await settled(async () => {
      const read = (await api.get(back.path(lastId))).after(accepted);
      read.expectStatus(200);
      read.expect(read.data[back.field], `$.data.${back.field}`).toBe(lastId);
    });
  });
});
