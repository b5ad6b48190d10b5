// Requests a hostile or careless client sends: each is refused with a 4xx that says why, the server
// keeps serving, and every status is one openapi.yaml documents for the operation.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChecker } from '../../src/contract/suite/checker.js';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { BASE, client, jsonLog, loggedServer, makeApp, TOKEN } from '../helpers.js';
import { createApp, workbenchOf } from '../../src/app.js';
import { createExpressServer } from '../../src/http/expressServer.js';

const checker = await loadChecker();
const seed = {
  products: [
    { productGroupId: 'p1', spaceIds: ['s1'], productDescription: [] },
    { productGroupId: 'p2', spaceIds: ['s1'] },
  ],
  productTypes: [],
};

/** A response, checked against openapi.yaml. */
function documented(method: string, path: string, res: { status: number; headers: object; body: unknown }) {
  const contentType = (res.headers as Record<string, string>)['content-type'];
  return checker.check({
    method,
    path: path.slice(BASE.length),
    status: res.status,
    contentType,
    body: res.body,
  });
}

describe('filters nested to any depth', () => {
  const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const deepNots = (depth: number) => '{"not":['.repeat(depth) + '{"eq":["a",1]}' + ']}'.repeat(depth);

  it('answers 400 naming the limit, in the query and in a POST body, as text or as JSON', async () => {
    const c = client(await makeApp({ seed }));
    // A URL holds a few hundred levels; a body far more.
    for (const depth of [300, 200_000]) {
      for (const text of [deepArrays(depth), deepNots(depth), `{"not":[${deepArrays(depth)}]}`]) {
        if (depth <= 300) {
          const get = await c.get(`${BASE}/products?filter=${encodeURIComponent(text)}`);
          expect(get.status).toBe(400);
          expect(get.body.message).toMatch(/filter nests deeper than 32/);
        }
        const post = await c.post(`${BASE}/products`, { filter: text });
        expect(post.status).toBe(400);
        expect(post.body.message).toMatch(/nests deeper than 32/);
        const raw = await c.raw
          .post(`${BASE}/products`)
          .set(TOKEN)
          .set('content-type', 'application/json')
          .send(`{"filter":${text}}`);
        expect(raw.status).toBe(400);
      }
    }
    expect((await c.get(`${BASE}/products`)).status).toBe(200);
  });

  it('takes a filter of 32 operators as an object in a POST body, as it does as text, and refuses 33 by the same rule', async () => {
    const c = client(await makeApp({ seed }));
    // 31 nots (an odd count) around a test that p1 fails: p1 matches, p2 does not.
    const chain = (operators: number): object => {
      let node: object = { eq: ['productGroupId', 'p2'] };
      for (let i = 1; i < operators; i++) node = { not: [node] };
      return node;
    };
    for (const name of ['filter', 'additionalRawFilter']) {
      for (const filter of [chain(32), JSON.stringify(chain(32))]) {
        const res = await c.post(`${BASE}/products`, { [name]: filter, select: 'productGroupId' });
        expect(res.status, `${name} as ${typeof filter}`).toBe(200);
        expect(res.body.data.list).toEqual([{ productGroupId: 'p1' }]);
      }
      for (const filter of [chain(33), JSON.stringify(chain(33))]) {
        const res = await c.post(`${BASE}/products`, { [name]: filter });
        expect(res.status, `${name} as ${typeof filter}`).toBe(400);
        expect(res.body.message).toBe(`${name} nests deeper than 32 operators; the limit is 32`);
      }
    }
    // A filter's allowance is its own: a record nesting as deep is still refused.
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const push = await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'p3', extra: deep }] });
    expect(push.status).toBe(400);
    expect(push.body.message).toMatch(/nests deeper than 32 levels/);
    expect((await c.get(`${BASE}/products/p3`)).status).toBe(404);
  });

  it('refuses a 4 MB body nested two million levels deep before parsing it, naming the limit', async () => {
    const c = client(await makeApp({ seed }));
    // Parsed first, it held the server for 1.4-2.5 s before its 400; its bytes are now counted.
    const depth = 2_000_000;
    for (const path of ['/products-push', '/products']) {
      const res = await c.raw
        .post(`${BASE}${path}`)
        .set(TOKEN)
        .set('content-type', 'application/json')
        .send(`{"data":${deepArrays(depth)}}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "body nests deeper than 67 levels of objects and arrays, which no accepted body does (the limit is 32 levels; a filter's 32 operators take 66); it was not parsed",
      );
    }
    // Brackets inside strings are text, not nesting.
    const push = await c.post(`${BASE}/products-push`, {
      data: [
        {
          productGroupId: 'p9',
          productInternalName: [{ isoLanguageId: 'en', productInternalName: '['.repeat(100) }],
        },
      ],
    });
    expect(push.status).toBe(200);
    expect((await c.get(`${BASE}/products`)).status).toBe(200);
  });

  it('refuses a body of more objects and arrays than the cost budget with a 413 naming it, before parsing it; one at the budget is stored', async () => {
    const c = client(await makeApp({ seed }));
    // 100 products of 2,000 variants: 4.6 MB, 200,202 objects and arrays, parsed, checked and
    // merged for one to two seconds while every other request waited.
    const batch = (variants: number) => ({
      data: Array.from({ length: 100 }, (_, p) => ({
        productGroupId: `heavy-${p}`,
        variants: Array.from({ length: variants }, (_, v) => ({ productId: `h${p}-${v}` })),
      })),
    });
    const refused = await c.post(`${BASE}/products-push`, batch(2000));
    expect(refused.status).toBe(413);
    expect(documented('POST', `${BASE}/products-push`, refused)).toEqual([]);
    expect(refused.body.message).toBe(
      'The body holds more than 12,500 JSON objects and arrays, the cost budget of one request (docs/security.md, "Bounds"); it was not parsed. Send the batch in smaller parts',
    );
    expect((await c.get(`${BASE}/products/heavy-0`)).status).toBe(404);
    // The root, data, 100 products with their variants arrays, and 12,298 variants: 12,500 in all.
    const atBudget = batch(123);
    atBudget.data[0]!.variants.length -= 2;
    const stored = await c.post(`${BASE}/products-push`, atBudget);
    expect(stored.status).toBe(200);
    expect((await c.get(`${BASE}/products/heavy-99`)).body.data.variants).toHaveLength(123);
  });

  it('refuses a batch of more items than the cost budget, ids included: each is answered by an object', async () => {
    const c = client(await makeApp({ seed }));
    // 1,200,000 ids in 4.8 MB hold no object but one; answered one object each, 43 MB, they held
    // every other request for a second.
    const ids = (n: number) => ({
      data: Array.from({ length: n }, (_, i) => (i === 0 ? 'p1' : `x${i % 10}`)),
    });
    for (const path of ['/products', '/spaces/s1/products', '/product-types']) {
      const refused = await c.raw.delete(`${BASE}${path}`).set(TOKEN).send(ids(12_501));
      expect(refused.status, path).toBe(413);
      expect(documented('DELETE', `${BASE}${path}`, refused), path).toEqual([]);
      expect(refused.body.message, path).toBe(
        'body.data holds 12501 items, more than 12,500, the cost budget of one request: each item is answered by an object of its own (docs/security.md, "Bounds"). Send the batch in smaller parts',
      );
    }
    // Nothing was deleted nor detached; a delete at the budget is answered.
    expect((await c.get(`${BASE}/products/p1`)).body.data.spaceIds).toEqual(['s1']);
    const atBudget = await c.raw.delete(`${BASE}/products`).set(TOKEN).send(ids(12_500));
    expect(atBudget.status).toBe(200);
    expect(atBudget.body.data).toHaveLength(12_500);
    expect(atBudget.body.data[0]).toEqual({ productGroupId: 'p1', status: 200 });
  });

  it('still refuses a prototype-reaching key inside a filter object', async () => {
    const c = client(await makeApp({ seed }));
    const filter = JSON.parse('{"not":[{"__proto__":["productGroupId","p1"]}]}') as object;
    const res = await c.post(`${BASE}/products`, { filter });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.filter.not[0].__proto__ is a key that is not accepted');
  });
});

describe('list parameters a request may not exceed', () => {
  const cases: [string, string, RegExp][] = [
    ['sort', Array.from({ length: 11 }, () => 'productGroupId').join(','), /sort must be up to 10 sort keys/],
    ['select', Array.from({ length: 101 }, (_, i) => `f${i}`).join(','), /select .* the limit is 100/],
    ['facets', Array.from({ length: 21 }, (_, i) => `f${i}`).join(','), /facets .* the limit is 20/],
    [
      'filter',
      JSON.stringify({ or: Array.from({ length: 257 }, () => ({ contains: ['productGroupId', 'x'] })) }),
      /more than 256 operators; the limit is 256/,
    ],
    [
      'filter',
      JSON.stringify({ in: ['productGroupId', Array.from({ length: 1001 }, (_, i) => `v${i}`)] }),
      /1001 values; the limit is 1000/,
    ],
  ];

  it('refuses a search word longer than 256 characters in a POST body, which no URL limit holds back', async () => {
    const c = client(await makeApp({ seed }));
    const res = await c.post(`${BASE}/products`, { search: `lamp ${'x'.repeat(1_000_000)}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('search has a word of 1000000 characters; the limit is 256 per word');
    expect((await c.post(`${BASE}/products`, { search: 'p'.repeat(256) })).status).toBe(200);
  });

  it('answers 400 that says the limit, in GET and POST /products', async () => {
    const c = client(await makeApp({ seed }));
    for (const [name, value, message] of cases) {
      const post = await c.post(`${BASE}/products`, { [name]: value });
      expect(post.status, name).toBe(400);
      expect(post.body.message).toMatch(message);
      if (value.length < 8000) {
        const get = await c.get(`${BASE}/products?${name}=${encodeURIComponent(value)}`);
        expect(get.status, name).toBe(400);
        expect(get.body.message).toMatch(message);
      }
    }
  });

  it('still accepts the largest allowed', async () => {
    const c = client(await makeApp({ seed }));
    const sort = Array.from({ length: 10 }, () => 'productGroupId').join(',');
    expect((await c.get(`${BASE}/products?sort=${sort}`)).status).toBe(200);
    const filter = { in: ['productGroupId', Array.from({ length: 1000 }, (_, i) => `p${i}`)] };
    const res = await c.post(`${BASE}/products`, { filter });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
  });
});

describe('limit and page', () => {
  it('refuse Infinity and -Infinity like any out-of-range value', async () => {
    const c = client(await makeApp({ seed }));
    for (const q of ['limit=Infinity', 'limit=-Infinity', 'page=Infinity', 'page=-Infinity', 'limit=1e999']) {
      const res = await c.get(`${BASE}/products?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/must be a finite number/);
    }
    expect((await c.get(`${BASE}/products?limit=1000&page=2`)).status).toBe(200);
  });
});

describe('POST /__admin/reset with keys bound to tenants', () => {
  it('refuses a bound key with 403 and leaves every tenant as it was; an unbound key resets', async () => {
    const app = await makeApp({ seed, apiKeys: ['admin', 'a=tenantA'] });
    const c = client(app);
    const as = (key: string) => ({ 'x-api-key': key });
    const push = (tenant: string) =>
      c.raw
        .post(`/${tenant}/dev/products-push`)
        .set(as('admin'))
        .send({ data: [{ productGroupId: 'kept' }] });
    await push('tenantA');
    await push('tenantB');
    const refused = await c.raw.post('/__admin/reset').set(as('a'));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 403, message: expect.stringContaining('bound to tenants') });
    for (const tenant of ['tenantA', 'tenantB']) {
      expect((await c.raw.get(`/${tenant}/dev/products/kept`).set(as('admin'))).status).toBe(200);
    }
    expect((await c.raw.post('/__admin/reset').set(as('admin'))).status).toBe(200);
    expect((await c.raw.get('/tenantB/dev/products/kept').set(as('admin'))).status).toBe(404);
  });
});

describe('GET /variants/{productId}', () => {
  it("answers the documented VariantInfo: the product's fields win over a variant's of the same name", async () => {
    const c = client(await makeApp({ seed }));
    const pushed = await c.post(`${BASE}/products-push`, {
      data: [
        {
          productGroupId: 'p1',
          variants: [
            {
              productId: 'v1',
              productGroupId: 'p2',
              spaceIds: 'x',
              productDescription: 'str',
              productPriceList: 'nope',
              note: 'kept',
            },
          ],
        },
      ],
    });
    expect(pushed.status).toBe(200);
    const path = `${BASE}/variants/v1`;
    const res = await c.get(path);
    expect(res.status).toBe(200);
    expect(documented('GET', path, res)).toEqual([]);
    expect(res.body.data).toMatchObject({
      productId: 'v1',
      productGroupId: 'p1',
      spaceIds: ['s1'],
      note: 'kept',
    });
    expect(res.body.data.productDescription).toEqual([]);
    expect(res.body.data).not.toHaveProperty('productPriceList');
  });
});

describe('every status an operation answers is documented for it', () => {
  it('an unknown query parameter ignored, 400 for bad percent-encoding, 401 without a token', async () => {
    const c = client(await makeApp({ seed }));
    const table = new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}');
    for (const op of table.operations) {
      const path = BASE + op.template.replace(/\{[^}]+\}/g, 'x');
      const send = (p: string, withToken = true) => {
        const req = c.raw[op.method.toLowerCase() as 'get'](p);
        return withToken ? req.set(TOKEN) : req;
      };
      // Ignored (docs/behaviour.md, "Parameters"): answered as the request without it.
      const unknown = await send(`${path}?noSuchParameter=1`);
      expect(unknown.status, op.operationId).toBe((await send(path)).status);
      expect(documented(op.method, path, unknown), op.operationId).toEqual([]);
      const anonymous = await send(path, false);
      expect(anonymous.status, op.operationId).toBe(401);
      expect(documented(op.method, path, anonymous), op.operationId).toEqual([]);
      if (op.pathParams.length > 0) {
        const badPath = BASE + op.template.replace(/\{[^}]+\}/g, '%E0%A4%A');
        const bad = await send(badPath);
        expect(bad.status, op.operationId).toBe(400);
        expect(documented(op.method, badPath, bad), op.operationId).toEqual([]);
      }
    }
  });
});

describe('a URL over the 16 KB header limit', () => {
  it('gets a 431 in the error format, with the CORS headers of every answer', async () => {
    const server = await startServer({ port: 0, seed });
    try {
      const res = await new Promise<{
        status: number;
        type: string;
        body: string;
        headers: IncomingHttpHeaders;
      }>((resolve, reject) => {
        const req = httpRequest(
          `${server.url}${BASE}/products?filter=${'x'.repeat(20_000)}`,
          { headers: { ...TOKEN, origin: 'http://localhost:5173' } },
          (r) => {
            let body = '';
            r.on('data', (d: Buffer) => (body += d.toString()));
            r.on('end', () =>
              resolve({
                status: r.statusCode ?? 0,
                type: r.headers['content-type'] ?? '',
                body,
                headers: r.headers,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(res.status).toBe(431);
      expect(res.type).toContain('application/json');
      expect(JSON.parse(res.body)).toMatchObject({
        status: 431,
        message: expect.stringContaining('POST /products'),
      });
      // A page on another origin reads this message, not a CORS failure.
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']?.split(',')).toEqual([
        'Allow',
        'Retry-After',
        'X-Mock-Source',
      ]);
    } finally {
      await server.close();
    }
  });

  it('is logged and journaled, its URL cut short', async () => {
    const { lines, server } = await loggedServer({ seed });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.url}${BASE}/products?search=${'x'.repeat(20_000)}`, (r) => {
          r.resume();
          r.on('end', () => resolve(r.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(431);
      const url = `${BASE}/products?search=${'x'.repeat(200 - `${BASE}/products?search=`.length)}...`;
      await expect
        .poll(() => lines)
        .toContainEqual(
          expect.objectContaining({
            method: 'GET',
            url,
            status: 431,
            error: expect.stringContaining('larger than 16384 bytes'),
          }),
        );
      const journal = await fetch(`${server.url}/__admin/requests`);
      expect(((await journal.json()) as { data: unknown[] }).data).toEqual([
        expect.objectContaining({ method: 'GET', path: `${BASE}/products`, status: 431 }),
      ]);
    } finally {
      await server.close();
    }
  });

  it('shows no control character of a refused request line in the log: they would drive the terminal', async () => {
    const { lines, server } = await loggedServer({ seed });
    try {
      // ESC ] 0 ; ... BEL sets a terminal's title: node refuses the URL, the log must not replay it
      const answer = await rawExchange(
        Number(new URL(server.url).port),
        'GET /a\u001b]0;x\u0007b HTTP/1.1\r\n\r\n',
      );
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      await expect.poll(() => lines.length).toBeGreaterThan(0);
      expect(lines[0]).toMatchObject({ method: 'GET', url: '/a', status: 400 });
    } finally {
      await server.close();
    }
  });
});

/** Sends bytes as they are on a new connection to the server, and resolves to all it answers. */
function rawExchange(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

describe('requests node:http cannot parse, sent as raw bytes', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  it('a malformed request behind a write: the write keeps its own answer, then the connection closes', async () => {
    const body = JSON.stringify({ data: [{ productGroupId: 'piped' }] });
    const received = await rawExchange(
      server.port,
      `POST ${BASE}/products-push HTTP/1.1\r\nHost: localhost\r\nx-api-key: k\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}` +
        'garbage\r\n\r\n',
    );
    // one answer, the write's, and the connection closed after it
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toContain('"productGroupId":"piped"');
    expect(received.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
    expect(received).toMatch(/\r\nConnection: close\r\n/i);
    const read = await fetch(`${server.url}${BASE}/products/piped`, { headers: TOKEN });
    expect(read.status).toBe(200);
  });

  it('a malformed chunk in the body being read: a 400 at once, not after the request times out', async () => {
    const received = await rawExchange(
      server.port,
      `POST ${BASE}/products-push HTTP/1.1\r\nHost: localhost\r\nx-api-key: k\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"a":\r\nZZZ\r\n',
    );
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received).toContain('The request is not valid HTTP');
  });

  it('a URL with characters a URL may not hold: told to percent-encode them', async () => {
    const url = Buffer.concat([Buffer.from(`GET ${BASE}/products/`), Buffer.from([0xc3, 0xa9])]);
    const received = await rawExchange(
      server.port,
      Buffer.concat([url, Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]),
    );
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received).toContain('percent-encode them (encodeURIComponent)');
  });
});

describe('a request that does not arrive in time', () => {
  it("gets a 408 in the error format naming the server's limits, and is neither logged nor journaled", async () => {
    const { lines, logger } = jsonLog();
    const app = await createApp({ seed, logger });
    // Short limits, checked often: node's own are 60 s for the headers and 300 s for the request.
    const server = createExpressServer(app, {
      headersTimeout: 200,
      requestTimeout: 400,
      connectionsCheckingInterval: 50,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Headers begun and never finished: a client that stalls, or a very slow one.
      const received = await rawExchange(
        port,
        `GET ${BASE}/products HTTP/1.1\r\nHost: localhost\r\nx-api-key: k\r\n`,
      );
      expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({
        status: 408,
        message:
          'The request did not arrive in time (its headers within 0.2 s, all of it within 0.4 s): send it again, whole',
      });
      // The client sent nothing wrong, and no request: the log and the journal keep requests.
      const journal = await fetch(`http://127.0.0.1:${port}/__admin/requests`);
      expect(((await journal.json()) as { data: unknown[] }).data).toEqual([]);
      expect(lines.filter((line) => line.status === 408)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await workbenchOf(app).close();
    }
  });
});

describe('a number in a body too large to be finite (JSON.parse reads 1e400 as Infinity)', () => {
  const send = (
    app: Awaited<ReturnType<typeof makeApp>>,
    method: 'post' | 'patch',
    path: string,
    text: string,
  ) =>
    client(app).raw[method](`${BASE}${path}`).set(TOKEN).set('content-type', 'application/json').send(text);

  it('is a 400 naming the place in an undocumented field too, and nothing is written', async () => {
    const app = await makeApp({ seed });
    const c = client(app);
    const before = (await c.get(`${BASE}/products`)).body;
    const cases: ['post' | 'patch', string, string, string][] = [
      ['post', '/products-push', '{"data":[{"productGroupId":"p3","extra":1e400}]}', 'body.data[0].extra'],
      [
        'post',
        '/products/push',
        '{"data":[{"productGroupId":"p1","extra":{"x":[-1e400]}}]}',
        'body.data[0].extra.x[0]',
      ],
      ['patch', '/products', '{"data":[{"productGroupId":"p1","extra":1e400}]}', 'body.data[0].extra'],
      ['patch', '/variants', '{"data":[{"productId":"v","weight":1e400}]}', 'body.data[0].weight'],
    ];
    for (const [method, path, text, at] of cases) {
      const res = await send(app, method, path, text);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(`${at} must be a finite number`);
    }
    expect((await c.get(`${BASE}/products`)).body).toEqual(before);
  });

  it('is a 400 in a filter sent as an object, which would otherwise compare with Infinity', async () => {
    const app = await makeApp({ seed });
    const res = await send(app, 'post', '/products', '{"filter":{"lt":["shellLifeDays",1e400]}}');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.filter.lt[1] must be a finite number');
  });
});

describe('a query value whose percent-escapes are no UTF-8 text', () => {
  it('is a 400 naming the parameter, instead of being read as U+FFFD and looked for', async () => {
    const c = client(await makeApp({ seed }));
    const cases: [string, string][] = [
      ['search=%FF', 'query.search'],
      // a lone surrogate's bytes, as some encoders write it
      [
        `filter=${encodeURIComponent('{"eq":["productGroupId","')}%ED%A0%80${encodeURIComponent('"]}')}`,
        'query.filter',
      ],
      ['limit=2&select=%C3', 'query.select'],
      ['%FF=1', 'query.%FF'],
    ];
    for (const [query, at] of cases) {
      const res = await c.get(`${BASE}/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(
        new RegExp(
          `^${at.replace('.', '\\.')} is not valid percent-encoding: ".*" holds bytes that are no UTF-8 text`,
        ),
      );
    }
    // UTF-8 and a malformed escape, which stays the text it is, still read
    for (const query of ['search=%C3%A9', 'search=50%off', 'search=%E2%82%AC%20%F0%9F%98%80']) {
      expect((await c.get(`${BASE}/products?${query}`)).status, query).toBe(200);
    }
  });
});

describe('a request with thousands of things the mock ignores', () => {
  it('notes the properties of a body that are no parameter at once: ten names and a count', async () => {
    const { lines, server } = await loggedServer({ seed });
    try {
      // 10,000 body properties that are no parameter of POST /products, one of them 100,000
      // characters long: a note each made a 110 KB body log 4 MB and journal 2 MB.
      const body: Record<string, number> = { ['y'.repeat(100_000)]: 1 };
      for (let i = 0; i < 9_999; i++) body[`zz${i}`] = 1;
      const res = await fetch(`${server.url}${BASE}/products`, {
        method: 'POST',
        headers: { ...TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await expect.poll(() => lines.length).toBeGreaterThan(0);
      const logged = lines[0] as unknown as { notes: string[] };
      const journal = (await (await fetch(`${server.url}/__admin/requests`)).json()) as {
        data: { notes?: string[] }[];
      };
      for (const notes of [logged.notes, journal.data[0]?.notes]) {
        expect(notes).toEqual([
          expect.stringMatching(
            /^body\.y{80}…, 100000 characters, body\.zz0, .*, body\.zz8 and 9990 more are not properties of queryProducts's body \(documented: search, .*\); ignored$/,
          ),
        ]);
        expect(notes?.[0]?.length).toBeLessThan(600);
      }
    } finally {
      await server.close();
    }
  });

  it('is refused by an admin endpoint naming 20 of them and counting the rest', async () => {
    const { server } = await loggedServer({ seed });
    try {
      // A URL of 2,000 undocumented parameters was answered a message of 170 to 280 KB, logged whole.
      const query = Array.from({ length: 2_000 }, (_, i) => `q${i}=`).join('&');
      for (const path of ['/__admin/requests', '/__admin/scopes', '/__admin/settings']) {
        const res = await fetch(`${server.url}${path}?${query}`);
        expect(res.status, path).toBe(400);
        const { message } = (await res.json()) as { message: string };
        expect(message, path).toMatch(/^query\.q0\b/);
        expect(message, path).toMatch(/\bquery\.q19\b/);
        expect(message, path).not.toMatch(/\bquery\.q20\b/);
        expect(message, path).toMatch(/; and \d{3,4} more problems not listed$/);
        expect(message.length, path).toBeLessThan(5_000);
      }
    } finally {
      await server.close();
    }
  });

  it('keeps the first 20 notes of a request and a count of the rest, in the log and the journal', async () => {
    const { lines, server } = await loggedServer({ seed });
    try {
      // 2,000 undocumented query parameters fit in a URL of 16 KB; a note each logged and
      // journaled 500 KB.
      const query = Array.from({ length: 2_000 }, (_, i) => `q${i}=`).join('&');
      const res = await fetch(`${server.url}${BASE}/products?limit=1&${query}`, { headers: TOKEN });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      await expect.poll(() => lines.length).toBeGreaterThan(0);
      const logged = lines[0] as unknown as { notes: string[]; msg: string };
      const journal = (await (await fetch(`${server.url}/__admin/requests`)).json()) as {
        data: { notes?: string[] }[];
      };
      for (const notes of [logged.notes, journal.data[0]?.notes ?? []]) {
        expect(notes).toHaveLength(21);
        expect(notes[0]).toMatch(/^query\.q0 is not a query parameter of listProducts/);
        expect(notes[19]).toMatch(/^query\.q19 is not a query parameter of listProducts/);
        expect(notes[20]).toBe('and 1980 more notes, not kept');
      }
      expect(logged.msg.length).toBeLessThan(20_000);
    } finally {
      await server.close();
    }
  });
});
