// Write bodies made from openapi.yaml's schemas, then spoilt in one place (a value replaced, a field
// added, a field or element removed): never a 5xx, a refusal names the place spoilt (the object or
// list that holds it) and changes nothing, and whatever was written, the catalog still reads.
// Every write that takes a body is tried, one documented later too. Fixed seeds and run counts.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { OperationTable, type DocumentedOperation } from '../../src/openapi/operations.js';
import { arbitraryOf } from '../../src/contract/schemaArbitrary.js';
import { jsonBodySchema } from '../../src/contract/itemIds.js';
import { makeApp } from '../helpers.js';
import { catalog, productTypes } from '../routes/readsFixtures.js';

type Place = (string | number)[];

/** Values that do not belong where they are put, or only just do. */
const spoilers = fc.constantFrom<unknown>(
  null,
  true,
  0,
  -1,
  1.5,
  -0,
  2147483648,
  '',
  ' ',
  'x'.repeat(300),
  [],
  {},
  [null],
  [{}],
  { a: 1 },
  'p1',
  'p1-v1',
  'store-1',
  'shoes',
  '\uD800',
  'a/b',
);

/** Every place in a value: the keys and indexes that lead to each part of it. */
function placesOf(value: unknown, at: Place = [], into: Place[] = []): Place[] {
  if (at.length > 0) into.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => placesOf(v, [...at, i], into));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) placesOf(v, [...at, k], into);
  }
  return into;
}

/** A copy of `value` with the part at `place` replaced by `part`, or removed when it is undefined. */
function spoilt(value: unknown, place: Place, part: unknown): unknown {
  const [head, ...rest] = place;
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(value as Record<string, unknown>) };
  const key = head as string & number;
  if (rest.length > 0) copy[key] = spoilt(copy[key], rest, part);
  else if (part !== undefined) copy[key] = part;
  else if (Array.isArray(copy)) copy.splice(key, 1);
  else delete copy[key];
  return copy;
}

/** "body.data[0].variants": a place as messages name it. */
const readable = (place: Place): string =>
  ['body', ...place].map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

const servers: Server[] = [];
let agent: ReturnType<typeof request>;
let writes: DocumentedOperation[];
beforeAll(async () => {
  const server = createServer(await makeApp({ seed: { products: catalog, productTypes } }));
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  agent = request(server);
  const table = new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}');
  writes = table.operations.filter((op) => !op.safe && jsonBodySchema(op));
});
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

const state = async (scope: string) => {
  const products = await agent.get(`${scope}/products?limit=1000`).set('x-api-key', 'k');
  const types = await agent.get(`${scope}/product-types`).set('x-api-key', 'k');
  return [products.body, types.body];
};
const shown = (what: string, res: Response) =>
  `${what.slice(0, 600)} -> ${res.status} ${res.text.slice(0, 300)}`;

/** Reads that go through every stored record: what a write stored must not break them. */
const READS = [
  '/products?facets=productType,variants/color,brand/brandName&sort=productName&includeAttributeFilters=true',
  '/products-filters',
  '/product-sort-options',
  '/products/p1?includeProductsByVariantsByGroupId=true',
  '/product-recommendations-by-productId/p1?recommendationInclusion=all',
  '/search?term=shoe',
];

describe('write bodies spoilt in one place', () => {
  it('covers every write that takes a body', () => {
    expect(writes.map((op) => op.operationId).sort()).toEqual(
      expect.arrayContaining(['pushProducts', 'overwriteProducts', 'updateProducts', 'updateVariants']),
    );
  });

  it('never a 5xx; a refusal names the place and changes nothing; the catalog still reads', async () => {
    let run = 0;
    for (const op of writes) {
      // Ids the catalog holds or does not; a variant update's elements name the variant it updates.
      const ids = fc.constantFrom('p1', 'p2', 'new1', 'p1-v1', 'shoes');
      const body = arbitraryOf(jsonBodySchema(op)!, {
        productGroupId: ids,
        productId: op.operationId === 'updateVariants' ? fc.constant('p1-v1') : ids,
        productTypeId: ids,
        spaceId: fc.constantFrom('store-1', 's2'),
      });
      const call = body.chain((valid) =>
        fc.tuple(
          fc.constant(valid),
          fc.constantFrom(...placesOf(valid)),
          fc.oneof(
            { weight: 3, arbitrary: spoilers.map((part) => ({ part, added: undefined })) },
            fc.constant({ part: undefined, added: undefined }),
            fc.tuple(fc.constantFrom('x', 'productGroupId', 'spaceIds'), spoilers).map(([added, part]) => ({
              part,
              added,
            })),
          ),
        ),
      );
      const path = op.template.replace(/\{(\w+)\}/g, 'store-1');
      await fc.assert(
        fc.asyncProperty(call, async ([valid, at, { part, added }]) => {
          const place = added === undefined ? at : [...at, added];
          const sent = spoilt(valid, place, part) as object;
          const scope = `/spoilt${++run}/dev`;
          const before = await state(scope);
          const res = await agent[op.method.toLowerCase() as 'post'](scope + path)
            .set('x-api-key', 'k')
            .send(sent);
          const what = `${op.method} ${path} at ${readable(place)}: ${JSON.stringify(sent)}`;
          expect(res.status, shown(what, res)).toBeLessThan(500);
          if (res.status >= 400) {
            // The object or list that holds the place: a field removed is named by its holder.
            expect(res.body.message, shown(what, res)).toContain(readable(place.slice(0, -1)));
            expect(await state(scope), shown(what, res)).toEqual(before);
          }
          for (const read of READS) {
            const answer = await agent.get(scope + read).set('x-api-key', 'k');
            expect(answer.status, shown(`${read} after ${what}`, answer)).toBeLessThan(500);
          }
        }),
        { numRuns: 30, seed: 2411 },
      );
    }
  });
});
