// Every query parameter of every catalog operation, and every field of a POST /products body, sent
// alone with a nasty but plausible value: never a 5xx, and a 400 names the parameter it refuses, so
// a person knows which one to change (docs/behaviour.md, "Errors"); a refused write changes nothing.
// The parameters come from openapi.yaml: one documented later is fuzzed too. Fixed seeds and run
// counts: the same requests every run.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { OperationTable, type DocumentedOperation } from '../../src/openapi/operations.js';
import { BASE, makeApp, percentEncode as encode } from '../helpers.js';
import { catalog, productTypes } from '../routes/readsFixtures.js';

// A product an EPC names: urn:epc:id:sgtin:0001234.056789.1 carries the GTIN 00001234567895.
const seed = {
  products: [
    ...catalog,
    { productGroupId: 'epc', variants: [{ productId: 'epc-v1', globalTradeItemNumber: ['00001234567895'] }] },
  ],
  productTypes,
};

/** A stored record for each path parameter, so that a lookup finds one and the query is read. */
const PATH_VALUES: Readonly<Record<string, string>> = {
  productGroupId: 'p1',
  barcode: '0001234567890',
  productId: 'p1-v1',
  productTypeId: 'shoes',
  spaceId: 'store-1',
  epc: 'urn:epc:id:sgtin:0001234.056789.1',
  code: 'urn:epc:id:sgtin:0001234.056789.1',
};

/** Bodies for the writes that take query parameters: valid, so only the parameter can be refused. */
const BODIES: Readonly<Record<string, object | undefined>> = {
  updateVariants: { data: [{ productId: 'p1-v1', color: 'green' }] },
  deleteProductTypes: undefined,
};

/** Values a client plausibly sends by mistake, and some it should not: each tried on every parameter. */
const NASTY = [
  '',
  ' ',
  ',',
  ',,',
  ';',
  'a;b',
  'null',
  '[]',
  '{}',
  '"x"',
  '1e400',
  '-1',
  '0',
  '1.5',
  '0x10',
  '1001',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'yes',
  'TRUE',
  '__proto__',
  'constructor',
  'toString',
  'constructor/prototype',
  'a//b',
  '/',
  'productName desc desc',
  'productName up',
  'brand/brandName',
  'variants/color,variants/color',
  '{"eq":["a"]}',
  '{"in":["a",[null]]}',
  '{"contains":["productName",5]}',
  '{"and":[]}',
  '{"eq":["a",1],"ne":["a",1]}',
  '{"eq":',
  'x'.repeat(300),
  Array.from({ length: 120 }, (_, i) => `f${i}`).join(','),
  'a\u0000b',
  '\uD800',
  'İ',
  'en-GB',
  'all',
];
const value = fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 12 }));

const servers: Server[] = [];
let agent: ReturnType<typeof request>;
let operations: DocumentedOperation[];
beforeAll(async () => {
  const server = createServer(await makeApp({ seed }));
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  agent = request(server);
  const table = new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}');
  operations = table.operations.filter((op) => op.parameters.some((p) => p.in === 'query'));
});
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

const shown = (what: string, res: Response) => `${what} -> ${res.status} ${res.text.slice(0, 300)}`;

/** No 5xx; a 400 whose message names `name`. */
function refusedBy(name: string, what: string, res: Response): void {
  expect(res.status, shown(what, res)).toBeLessThan(500);
  if (res.status === 400) {
    expect(typeof res.body.message, shown(what, res)).toBe('string');
    expect(res.body.message, shown(what, res)).toContain(name);
  }
}

/** The state a refused write must leave as it was. */
const state = async (scope: string) => {
  const products = await agent.get(`${scope}/products?limit=1000`).set('x-api-key', 'k');
  const types = await agent.get(`${scope}/product-types`).set('x-api-key', 'k');
  return [products.body, types.body];
};

/** Sends one query parameter to one operation and checks the answer. */
let run = 0;
async function tryParameter(op: DocumentedOperation, name: string, text: string): Promise<void> {
  const scope = `/params${++run}/dev`;
  const path = op.template.replace(/\{(\w+)\}/g, (_m, p: string) => encode(PATH_VALUES[p] ?? p));
  // Required parameters other than the one tried get a valid value (search's term).
  const others = op.parameters
    .filter((p) => p.in === 'query' && p.required && p.name !== name)
    .map((p) => `${p.name}=red`);
  const url = `${scope}${path}?${[...others, `${encode(name)}=${encode(text)}`].join('&')}`;
  const before = op.safe ? undefined : await state(scope);
  const req = agent[op.method.toLowerCase() as 'get'](url).set('x-api-key', 'k');
  const body = BODIES[op.operationId];
  const res = await (body === undefined ? req : req.send(body));
  refusedBy(name, `${op.method} ${url}`, res);
  if (before && res.status >= 400) expect(await state(scope), shown(url, res)).toEqual(before);
}
const pairs = () =>
  operations.flatMap((op) => op.parameters.filter((p) => p.in === 'query').map((p) => [op, p.name] as const));

describe('one parameter at a time', () => {
  it('covers the catalog operations that take query parameters', () => {
    expect(operations.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        'listProducts',
        'search',
        'getProductFilters',
        'updateVariants',
        'deleteProductTypes',
      ]),
    );
  });

  it('a query parameter with each nasty value: never a 5xx, a 400 names it, a refused write changes nothing', async () => {
    for (const [op, name] of pairs()) for (const text of NASTY) await tryParameter(op, name, text);
  });

  it('a query parameter with any short text: the same', async () => {
    const call = fc.tuple(fc.constantFrom(...pairs()), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(call, ([[op, name], text]) => tryParameter(op, name, text)),
      { numRuns: 200, seed: 2411 },
    );
  });

  it('a field of a POST /products body, sent as any JSON value: never a 5xx, a 400 names it', async () => {
    const fields = [
      'search',
      'searchField',
      'limit',
      'page',
      'select',
      'filter',
      'additionalRawFilter',
      'sort',
      'facets',
      'includeAttributeFilters',
      'attributeFilters',
    ];
    const json = fc.oneof(
      value,
      fc.constantFrom<unknown>(
        null,
        true,
        0,
        -1,
        1.5,
        1e308,
        [],
        {},
        [null],
        { eq: ['a'] },
        { in: ['a', [{}]] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), json, async (field, sent) => {
        const res = await agent
          .post(`${BASE}/products`)
          .set('x-api-key', 'k')
          .send({ [field]: sent });
        refusedBy(field, `POST /products {"${field}":${JSON.stringify(sent)}}`, res);
      }),
      { numRuns: 300, seed: 2411 },
    );
  });
});
