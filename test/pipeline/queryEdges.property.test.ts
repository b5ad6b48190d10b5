// Nasty but plausible requests, generated and sent to the mock in-process: none is a 5xx, every 4xx
// says why in a non-empty `message`, a refused write changes nothing, and a list query answers the
// same whatever was asked before it (its caches never answer one query with another's result).
// Fixed seeds and run counts: the same requests every run, in well under a few seconds.
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import request, { type Response } from 'supertest';
import { loadChecker } from '../../src/contract/suite/checker.js';
import { BASE, makeApp, percentEncode as encode } from '../helpers.js';
import { catalog, productTypes } from '../routes/readsFixtures.js';

const seed = { products: catalog, productTypes };

// Field paths a client plausibly names, and some it should not.
const path = fc.constantFrom(
  'productGroupId',
  'productType',
  'spaceIds',
  'productName',
  'productName/productName',
  'productPriceList/listPrice',
  'variants/color',
  'variants/globalTradeItemNumber',
  'brand/brandName',
  'brand/BrandName',
  'shellLifeDays',
  'productFeature/productFeatureValue',
  '',
  '/',
  'a//b',
  '__proto__',
  'constructor/prototype',
  'toString',
  'productName/0',
  'variants/length',
  'ünïcödé',
  '\uD800',
  'a\nb',
);
// Values as JSON text: a few JSON.stringify cannot write (1e400 reads as Infinity).
const value = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    '0',
    '-0',
    '5',
    '"5"',
    '""',
    '1e400',
    '-1e400',
    '1e-400',
    '"\\uD800"',
    '{}',
    '[]',
  ),
  fc.integer({ min: -100, max: 200 }).map(String),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
);
const operator = fc.constantFrom(
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'contains',
  'startsWith',
  'EQ',
  'like',
  '__proto__',
);
const filterText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(operator, path, value).map(([op, p, v]) => `{"${op}":[${JSON.stringify(p)},${v}]}`),
    fc
      .tuple(path, fc.array(value, { maxLength: 3 }))
      .map(([p, vs]) => `{"in":[${JSON.stringify(p)},[${vs.join(',')}]]}`),
    fc
      .tuple(fc.constantFrom('and', 'or', 'not'), fc.array(tie('node'), { maxLength: 3 }))
      .map(([op, xs]) => `{"${op}":[${xs.join(',')}]}`),
    fc.constantFrom(
      '',
      ' ',
      '{',
      'null',
      '[1]',
      '"x"',
      '{}',
      '{"eq":["a",1],"ne":["a",1]}',
      '{"eq":["a",1]}x',
    ),
  ),
})).node;
const list = fc.array(path, { maxLength: 3 }).map((names) => names.join(','));
const sort = fc
  .array(fc.tuple(path, fc.constantFrom('', ' asc', ' DESC', ' up', ' asc desc')), { maxLength: 3 })
  .map((keys) => keys.map(([p, d]) => p + d).join(','));
const count = fc.oneof(
  fc.constantFrom(
    '0',
    '1',
    '2',
    '1000',
    '1001',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    ' 5',
    '',
    '9007199254740993',
    'Infinity',
  ),
  fc.integer({ min: -2, max: 6 }).map(String),
);
const words = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('red', 'shoe RED', '  ', 'İ', 'ß', '.*', '\uD800', 'a\u0000b', 'a '.repeat(40)),
);
const flag = fc.constantFrom('true', 'false', 'TRUE', '1', '');

type Param = readonly [string, string];
const listParam: fc.Arbitrary<Param> = fc.oneof(
  filterText.map((v) => ['filter', v] as const),
  filterText.map((v) => ['additionalRawFilter', v] as const),
  sort.map((v) => ['sort', v] as const),
  list.map((v) => ['select', v] as const),
  list.map((v) => ['facets', v] as const),
  list.map((v) => ['attributeFilters', v] as const),
  count.map((v) => ['limit', v] as const),
  count.map((v) => ['page', v] as const),
  words.map((v) => ['search', v] as const),
  fc.constantFrom('productName', 'brand/brandName', 'variants', '').map((v) => ['searchField', v] as const),
  flag.map((v) => ['includeAttributeFilters', v] as const),
  fc.constantFrom<Param>(['fields', 'productName'], ['__proto__', 'x'], ['', 'x'], ['limit[]', '1']),
);

const queryOf = (params: readonly Param[]) => params.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
const query = fc.oneof(
  { weight: 4, arbitrary: fc.array(listParam, { maxLength: 4 }).map(queryOf) },
  fc.constantFrom('limit=1&limit=2', 'filter=%', 'filter=%E0%A4%A', 'search=%FF', '%=1', 'limit', '&&=&'),
);
const id = fc.oneof(
  fc.constantFrom(
    'p1',
    'p1-v1',
    '0001234567890',
    '1234567890',
    'a/b',
    '..',
    '__proto__',
    'constructor',
    ' ',
    '\uD800',
    'x'.repeat(3000),
  ),
  fc.string({ minLength: 1, maxLength: 8 }),
);
const oneProductQuery = fc
  .array(
    fc.oneof(
      filterText.map((v) => ['filter', v] as const),
      list.map((v) => ['select', v] as const),
      flag.map((v) => ['includeProductsByVariantsByGroupId', v] as const),
    ),
    { maxLength: 2 },
  )
  .map(queryOf);

interface Call {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  /** JSON text, sent as it is (it may be no JSON at all). */
  body?: string;
}

const listBody = fc
  .array(
    fc.oneof(
      listParam.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`),
      fc
        .tuple(fc.constantFrom('limit', 'page', 'sort', 'filter', 'select', 'search'), value)
        .map(([k, v]) => `"${k}":${v}`),
      filterText.map((f) => `"filter":${f || '""'}`),
    ),
    { maxLength: 3 },
  )
  .map((members) => `{${members.join(',')}}`);

const reads: fc.Arbitrary<Call> = fc.oneof(
  query.map((q) => ({ method: 'get' as const, path: `/products?${q}` })),
  listBody.map((body) => ({ method: 'post' as const, path: '/products', body })),
  fc
    .tuple(id, oneProductQuery)
    .map(([i, q]) => ({ method: 'get' as const, path: `/products/${encode(i)}?${q}` })),
  fc
    .tuple(id, oneProductQuery)
    .map(([i, q]) => ({ method: 'get' as const, path: `/products-barcode/${encode(i)}?${q}` })),
  id.map((i) => ({ method: 'get' as const, path: `/variants/${encode(i)}` })),
  fc
    .tuple(words, list)
    .map(([t, s]) => ({ method: 'get' as const, path: `/search?term=${encode(t)}&select=${encode(s)}` })),
  list.map((ids) => ({ method: 'get' as const, path: `/product-types?ids=${encode(ids)}` })),
);

// A plausible record with a nasty field or two: mostly accepted, so merges run on odd but valid
// input too, and sometimes refused, so that refusals are seen to change nothing.
const oddButValid = fc.constantFrom(
  ['variants', '[{"productId":"v9"},{"productId":"v9","color":"red"}]'],
  ['variants', '[{"productId":"p1-v1","productGroupId":"elsewhere","globalTradeItemNumber":["1234567890"]}]'],
  [
    'productPriceList',
    '[{"productId":"v9","spaceId":"s","listPrice":1},{"productId":"v9","spaceId":"s","listPrice":-0}]',
  ],
  ['customProperties', '[{"key":"k","value":1},{"key":"k","spaceId":"s","value":{"deep":[1]}}]'],
  ['productStatus', '[{"spaceId":"s2","productStatus":"Active"}]'],
  ['productType', '["shoes","shoes",""]'],
  ['productName', '[]'],
  ['shellLifeDays', '-2147483648'],
  ['extra', '{"a":{"b":{"c":[[[[1e-400]]]]}}}'],
  ['extra', 'null'],
  ['\u00e9\ud800', '"\ud800"'],
);
const refused = fc.oneof(
  fc.tuple(
    fc.constantFrom('productName', 'variants', 'productPriceList', 'spaceIds', 'shellLifeDays', 'extra'),
    value,
  ),
  fc.constantFrom(
    ['productPriceList', '[{"productId":"v9","listPrice":1}]'],
    ['extra', '{"__proto__":{"x":1}}'],
    ['constructor', '{}'],
    ['shellLifeDays', '2147483648'],
  ),
);
const fields = fc.array(fc.oneof({ weight: 3, arbitrary: oddButValid }, refused), { maxLength: 2 });
const withFields = (head: string, extra: readonly (readonly string[])[]) =>
  `{${head}${extra.map(([k, v]) => `,"${k}":${v}`).join('')}}`;
const someId = (valid: string[], invalid: string[]) =>
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...valid) }, fc.constantFrom(...invalid));
const record = fc
  .tuple(someId(['"p1"', '"p2"', '"new"', '"a/b"', '" "'], ['""', '5', 'null']), fields)
  .map(([gid, extra]) => withFields(`"productGroupId":${gid}`, extra));
const batch = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(record, { minLength: 1, maxLength: 3 }).map((rs) => `{"data":[${rs.join(',')}]}`),
  },
  value.map((v) => `{"data":${v}}`),
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '{"data":[null]}',
    '{"data":[]}',
    '{"data":[{}]}',
    '{"__proto__":{},"data":[]}',
  ),
);
const variantItem = fc
  .tuple(someId(['"p1-v1"', '"p2-v1"', '"nope"'], ['""', 'null']), fields)
  .map(([pid, extra]) => withFields(`"productId":${pid}`, extra));
const typeItem = fc
  .tuple(
    someId(['"shoes"', '"new"', '"a/b"'], ['""', '5']),
    fc.constantFrom(
      '',
      '"parentId":null',
      '"parentId":"new"',
      '"parentId":"shoes"',
      '"isRoot":"yes"',
      '"title":[{"isoLanguageId":"en-GB"}]',
    ),
  )
  .map(([tid, rest]) => `{"productTypeId":${tid}${rest ? `,${rest}` : ''}}`);

const writes: fc.Arbitrary<Call> = fc.oneof(
  batch.map((body) => ({ method: 'post' as const, path: '/products-push', body })),
  batch.map((body) => ({ method: 'post' as const, path: '/products/push', body })),
  batch.map((body) => ({ method: 'patch' as const, path: '/products', body })),
  fc.tuple(fc.array(variantItem, { minLength: 1, maxLength: 2 }), flag).map(([items, upsert]) => ({
    method: 'patch' as const,
    path: `/variants?upsertSpaceIds=${upsert}`,
    body: `{"data":[${items.join(',')}]}`,
  })),
  fc.array(typeItem, { minLength: 1, maxLength: 2 }).map((items) => ({
    method: 'post' as const,
    path: '/product-types',
    body: `{"data":[${items.join(',')}]}`,
  })),
);

/** Parts of a list query, each from a small alphabet of texts that differ in one place. */
const nearParts = {
  filter: fc
    .tuple(fc.constantFrom('eq', 'gt'), fc.constantFrom('5', 'null', '1e400', '-1e400'))
    .map(([op, v]) => `{"${op}":["shellLifeDays",${v}]}`),
  facets: fc.constantFrom('productType', 'productType\n-'),
  includeAttributeFilters: fc.constantFrom('true', 'false'),
  attributeFilters: fc.constantFrom('color', '-\n-'),
  sort: fc.constantFrom('shellLifeDays', 'shellLifeDays desc'),
  search: fc.constantFrom('red', 'RED shoe'),
  limit: fc.constantFrom('1', '2'),
};
const partName = fc.constantFrom(...(Object.keys(nearParts) as (keyof typeof nearParts)[]));
/** Queries that share most of their parts: a query, then each next one with one part changed. */
const nearQueries = fc
  .tuple(
    fc.record(nearParts, { requiredKeys: [] }),
    fc.array(
      partName.chain((name) => fc.option(nearParts[name]).map((text) => [name, text] as const)),
      { minLength: 1, maxLength: 9 },
    ),
  )
  .map(([first, changes]) => {
    const queries: Partial<Record<string, string>>[] = [first];
    // Each next query sets, changes or leaves out one part of the one before.
    for (const [name, text] of changes)
      queries.push({ ...queries[queries.length - 1], [name]: text ?? undefined });
    return queries.map((params) =>
      queryOf(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    );
  });

type Agent = ReturnType<typeof request>;
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((done) => s.close(done)))));

/** One listening server per mock: supertest on an app would start one for every request. */
async function agentOn(): Promise<Agent> {
  const server = createServer(await makeApp({ seed }));
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return request(server);
}
function send(agent: Agent, scope: string, call: Call): Promise<Response> {
  const req = agent[call.method](scope + call.path).set('x-api-key', 'k');
  return call.body === undefined ? req : req.set('content-type', 'application/json').send(call.body);
}
const shown = (call: Call, res: Response) =>
  `${call.method} ${call.path.slice(0, 200)} ${call.body?.slice(0, 300) ?? ''} -> ${res.status} ${res.text.slice(0, 300)}`;

const checker = await loadChecker();

/** No 5xx, a 4xx that says why, and an answer openapi.yaml documents for the operation. */
function answered(call: Call, res: Response): void {
  const path = call.path.replace(/\?.*/s, '');
  const exchange = { method: call.method.toUpperCase(), path, status: res.status, body: res.body };
  expect(checker.check({ ...exchange, contentType: res.headers['content-type'] }), shown(call, res)).toEqual(
    [],
  );
  expect(res.status, shown(call, res)).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body.message, shown(call, res)).toBe('string');
    expect(res.body.message.trim(), shown(call, res)).not.toBe('');
  }
}

describe('generated requests with nasty but plausible input', () => {
  it('reads: never a 5xx, and every 4xx says why', async () => {
    const agent = await agentOn();
    await fc.assert(
      fc.asyncProperty(reads, async (call) => answered(call, await send(agent, BASE, call))),
      { numRuns: 100, seed: 1124 },
    );
  });

  it('writes: never a 5xx, every 4xx says why and changes nothing', async () => {
    const agent = await agentOn();
    let run = 0;
    const state = async (scope: string) => {
      const products = await agent.get(`${scope}/products?limit=1000`).set('x-api-key', 'k');
      const types = await agent.get(`${scope}/product-types`).set('x-api-key', 'k');
      return [products.body, types.body];
    };
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 1, maxLength: 2 }), async (calls) => {
        // A scope of its own per run, starting as the seed: each run is independent of the others.
        const scope = `/run${++run}/dev`;
        for (const call of calls) {
          const before = await state(scope);
          const res = await send(agent, scope, call);
          answered(call, res);
          if (res.status >= 400) expect(await state(scope), shown(call, res)).toEqual(before);
          // Whatever was written, the catalog still reads.
          const read: Call = {
            method: 'get',
            path: '/products?facets=productType,variants/color,extra&sort=productName',
          };
          const after = await send(agent, scope, read);
          answered(read, after);
          expect(after.status, shown(read, after)).toBe(200);
        }
        expect(({} as Record<string, unknown>).x, 'a prototype was reached').toBeUndefined();
      }),
      {
        numRuns: 40,
        seed: 1124,
        // A number JSON.parse reads as Infinity, in a field no schema types: once stored, and answered as null.
        examples: [
          [
            [
              {
                method: 'post',
                path: '/products-push',
                body: '{"data":[{"productGroupId":"p1","extra":1e400}]}',
              },
            ],
          ],
        ],
      },
    );
  });

  it('list queries answer the same whatever was asked before them', async () => {
    // Queries from a small alphabet, which share texts and differ in one part: the caches of a
    // list query (kept by a key made of its parts) meet them in many orders.
    const forward = await agentOn();
    const backward = await agentOn();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(nearQueries, async (queries) => {
        // A write gives each run's scope a catalog of its own, and so caches that start empty.
        const scope = `/order${++run}/dev`;
        const write: Call = {
          method: 'post',
          path: '/products-push',
          body: '{"data":[{"productGroupId":"p9"}]}',
        };
        for (const agent of [forward, backward]) expect((await send(agent, scope, write)).status).toBe(200);
        const calls = queries.map((q): Call => ({ method: 'get', path: `/products?${q}` }));
        const answers: Response[] = [];
        // One mock asks them in order, the other in reverse: a cached answer given to the wrong
        // query shows as a difference.
        for (const call of calls) answers.push(await send(forward, scope, call));
        for (let i = calls.length - 1; i >= 0; i--) {
          const call = calls[i] as Call;
          const res = await send(backward, scope, call);
          const first = answers[i] as Response;
          answered(call, res);
          expect([res.status, res.body], shown(call, first)).toEqual([first.status, first.body]);
        }
      }),
      {
        numRuns: 40,
        seed: 1124,
        // Two facet requests whose cache keys were once one (a newline inside a name).
        examples: [
          [
            [
              'facets=productType&includeAttributeFilters=true&attributeFilters=-%0A-',
              'facets=productType%0A-',
            ],
          ],
        ],
      },
    );
  });
});
