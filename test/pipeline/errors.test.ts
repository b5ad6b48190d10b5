import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { gzipSync } from 'node:zlib';
import { BASE, TOKEN, appPerFile, client, makeApp } from '../helpers.js';
import { loadSchemaValidator, type SchemaValidator } from '../../src/openapi/schemas.js';

const shared = appPerFile();
const { c, fresh } = shared;

let schemas: SchemaValidator;

beforeAll(async () => {
  schemas = await loadSchemaValidator();
});

const type = (id: string) => ({ data: [{ productTypeId: id }] });

describe('the { data } envelope and error bodies', () => {
  it('wraps the admin answers in data', async () => {
    const reset = await request(shared.app()).post('/__admin/reset');
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(['data']);
    const health = await request(shared.app()).get('/__admin/health');
    expect(Object.keys(health.body)).toEqual(['data']);
  });

  it('answers every kind of error with an unwrapped { message, status, errors? } whose status is the status', async () => {
    const base = fresh();
    const strict = await makeApp({ apiKeys: ['k', 'bound=other'], bodyLimit: 200 });
    const errors: [string, request.Test][] = [
      ['schema', c.post(`${base}/products-push`, { data: [{ productGroupId: 1 }] })],
      ['filter', c.get(`${base}/products?filter=nope`)],
      ['sort', c.get(`${base}/products?sort=nope`)],
      ['malformed JSON', c.raw.post(`${base}/products`).set(TOKEN).type('json').send('{')],
      ['no token', request(shared.app()).get(`${base}/products`)],
      ['wrong key', request(strict).get(`${base}/products`).set('x-api-key', 'x')],
      ['bound key', request(strict).get(`${base}/products`).set('x-api-key', 'bound')],
      ['unknown product', c.get(`${base}/products/nope`)],
      ['unknown route', c.get(`${base}/nope`)],
      ['unknown region', c.get('/regions/mars/products/v1/tenants/acme/dev/products')],
      [
        'too large',
        request(strict)
          .post(`${base}/products`)
          .set('x-api-key', 'k')
          .send({ search: 'x'.repeat(500) }),
      ],
      ['not JSON', c.raw.post(`${base}/products`).set(TOKEN).type('text').send('x')],
    ];
    const expected = [400, 400, 400, 400, 401, 401, 403, 404, 404, 404, 413, 415];
    const answers = await Promise.all(errors.map(([, req]) => req));
    expect(answers.map((r) => r.status)).toEqual(expected);
    answers.forEach((res, i) => {
      const what = errors[i]![0];
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      expect(schemas.checkComponent('Error', res.body), what).toEqual([]);
      expect(res.body.status, what).toBe(res.status);
      expect(res.body.data, what).toBeUndefined();
      expect(res.body.message.length, what).toBeGreaterThan(0);
    });
  });
});

describe('errors and hostile bodies', () => {
  it('answers malformed JSON with 400 and a message, writing nothing', async () => {
    const app = await makeApp();
    const res = await request(app)
      .post(`${BASE}/product-types`)
      .set(TOKEN)
      .set('content-type', 'application/json')
      .send('{"data": [');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message: expect.stringMatching(/JSON/) });
    // A body cut short after a complete record: that record is not written either.
    const cut = await request(app)
      .post(`${BASE}/product-types`)
      .set(TOKEN)
      .set('content-type', 'application/json')
      .send('{"data": [{"productTypeId": "x"}');
    expect(cut.status).toBe(400);
    expect((await client(app).get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('answers a body that is not JSON with 415, writing nothing', async () => {
    const app = await makeApp();
    const res = await request(app)
      .post(`${BASE}/product-types`)
      .set(TOKEN)
      .set('content-type', 'text/plain')
      .send('productTypeId=x');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status: 415, message: expect.stringContaining('JSON') });
    expect((await client(app).get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('answers a body over the size limit with 413', async () => {
    const app = await makeApp({ bodyLimit: 1000 });
    const data = [{ productTypeId: 'x', title: [{ isoLanguageId: 'en', label: 'y'.repeat(2000) }] }];
    const res = await client(app).post(`${BASE}/product-types`, { data });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('1000');
  });

  it('lists at most 20 problems, each once, and counts the rest; a body over 64 KB gives its first', async () => {
    const app = await makeApp();
    const c = client(app);
    // 300 price elements missing their three required fields: 900 problems in a body of about 1 KB
    const prices = (n: number) => Array.from({ length: n }, () => ({}));
    const small = await c.post(`${BASE}/products-push`, {
      data: [{ productGroupId: 'p', productPriceList: prices(300) }],
    });
    expect(small.status).toBe(400);
    expect(small.body.errors).toHaveLength(20);
    expect(small.body.errors[0]).toEqual({
      path: 'body.data[0].productPriceList[0].productId',
      message: 'is required',
    });
    // 80 of the 900 are read and worded; the rest are counted at the rate those made problems
    expect(small.body.message).toMatch(/; and about 880 more problems not listed$/);
    // Ajv reports a null item twice: it is listed once, and counted once
    const nulls = await c.post(`${BASE}/products-push`, { data: [null] });
    expect(nulls.body.errors).toEqual([{ path: 'body.data[0]', message: 'must be an object (got null)' }]);
    const thirty = await c.post(`${BASE}/products-push`, { data: Array.from({ length: 30 }, () => null) });
    expect(thirty.body.errors).toHaveLength(20);
    expect(thirty.body.errors[19]).toEqual({
      path: 'body.data[19]',
      message: 'must be an object (got null)',
    });
    expect(thirty.body.message).toMatch(/; and 10 more problems not listed$/);
    // 10,000 elements (within the cost budget of objects), over 64 KB: the first problem, and why there are no more
    const padded = (n: number) => Array.from({ length: n }, () => ({ spaceId: 'padding' }));
    const large = await c.post(`${BASE}/products-push`, {
      data: [{ productGroupId: 'p', productPriceList: padded(10_000) }],
    });
    expect(large.status).toBe(400);
    expect(large.body.errors).toHaveLength(1);
    expect(large.body.message).toBe(
      'body.data[0].productPriceList[0].productId is required ' +
        '(the first problem found; a body over 64 KB is not searched for more)',
    );
    expect((await c.get(`${BASE}/products/p`)).status).toBe(404);
    // gzipped, the same body is a few hundred bytes on the wire: its size as read decides
    const zipped = gzipSync(
      JSON.stringify({ data: [{ productGroupId: 'p', productPriceList: padded(10_000) }] }),
    );
    expect(zipped.length).toBeLessThan(1024);
    const compressed = await request(app)
      .post(`${BASE}/products-push`)
      .set(TOKEN)
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      // as bytes: superagent would encode a Buffer under a JSON content type as JSON
      .serialize((bytes: unknown) => bytes as string)
      .send(zipped);
    expect(compressed.status).toBe(400);
    expect(compressed.body.errors).toHaveLength(1);
  });

  it('says a query parameter given twice is, and reads numbers only in decimal digits', async () => {
    const c = client(await makeApp());
    const twice = await c.get(`${BASE}/products?limit=1&limit=2&search=a&search=b`);
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([
      { path: 'query.limit', message: 'is given 2 times; give it once' },
      { path: 'query.search', message: 'is given 2 times; give it once' },
    ]);
    for (const written of ['0x3', '0b11', '1e2', '%203%20', '']) {
      const res = await c.get(`${BASE}/products?limit=${written}`);
      expect(res.status, written).toBe(400);
      expect(res.body.message, written).toBe(
        `query.limit must be a number in decimal digits, such as 20 (got "${decodeURIComponent(written)}")`,
      );
    }
    expect((await c.get(`${BASE}/products?limit=3&page=2`)).status).toBe(200);
  });

  it('words a problem as what to send, not as the schema keyword that failed', async () => {
    const app = await makeApp();
    const c = client(app);
    const message = async (res: PromiseLike<request.Response>) => (await res).body.message as string;
    // a choice none of whose alternatives matched: said once, with what it takes
    expect(await message(c.post(`${BASE}/products`, { filter: [1] }))).toBe(
      'body.filter must be a string or an object (got an array)',
    );
    // a field the body does not have: named, with those it has
    expect(await message(c.post(`${BASE}/products-push`, { data: [], spaceId: 's1' }))).toMatch(
      /^body\.spaceId is not a field here \(fields: data\)/,
    );
    // openapi.yaml's words beside a pattern, and a format's range
    expect(await message(c.get('/ac*me/dev/products'))).toBe(
      'params.tenantId must be 1 to 64 letters, digits, ".", "_" or "-", other than "." and ".." (got "ac*me")',
    );
    const push = (product: object) => c.post(`${BASE}/products-push`, { data: [product] });
    expect(await message(push({ productGroupId: 'a', shellLifeDays: 99_999_999_999 }))).toBe(
      'body.data[0].shellLifeDays must be a whole number from -2147483648 to 2147483647 (got 99999999999)',
    );
    // JSON.parse reads 1e400 as Infinity
    const huge = await request(app)
      .post(`${BASE}/products-push`)
      .set(TOKEN)
      .set('content-type', 'application/json')
      .send(
        '{"data":[{"productGroupId":"a","productPriceList":[{"productId":"v","spaceId":"s","listPrice":1e400}]}]}',
      );
    expect(huge.body.message).toBe('body.data[0].productPriceList[0].listPrice must be a finite number');
    // [] clears a list, but a batch's data is no list to clear: no such hint there
    expect(await message(c.post(`${BASE}/product-types`, { data: null }))).toBe(
      'body.data must be an array (got null)',
    );
    // fault rules: the choice of status or delayMs, a field not allowed, and a body not sent as JSON
    const fault = (body: object) => request(app).post('/__admin/faults').send(body);
    expect((await fault({})).body.message).toBe('Invalid fault rule: rule needs status, delayMs or network');
    expect((await fault({ status: 500, extra: 1 })).body.message).toBe(
      'Invalid fault rule: extra is not a field here (fields: operationId, method, path, tenantId, environment, region, status, delayMs, retryAfter, network, rate, times)',
    );
    const untyped = await request(app).post('/__admin/faults').type('text/plain').send('{"status":500}');
    expect([untyped.status, untyped.body.message]).toEqual([
      415,
      'Send the fault rule as JSON, with Content-Type: application/json',
    ]);
    expect((await request(app).get('/__admin/faults')).body.data).toEqual([]);
  });

  it('answers nesting deeper than the bound with 400', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = { nested: deep };
    const res = await client(await makeApp()).post(`${BASE}/product-types`, {
      data: [{ productTypeId: 'x', deep }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/deeper/);
  });

  it('rejects __proto__ and constructor keys in a body or query, and no prototype is touched', async () => {
    const c = client(await makeApp());
    const body = JSON.parse('{"data":[{"productTypeId":"x","__proto__":{"polluted":true}}]}') as object;
    const res = await c.raw
      .post(`${BASE}/product-types`)
      .set(TOKEN)
      .set('content-type', 'application/json')
      .send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('__proto__');
    const ctor = await c.post(`${BASE}/product-types`, {
      data: [{ productTypeId: 'y', constructor: { prototype: {} } }],
    });
    expect(ctor.status).toBe(400);
    const query = await c.get(`${BASE}/product-types?__proto__=1`);
    expect(query.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('stores an id such as __proto__ as a plain id', async () => {
    const c = client(await makeApp());
    expect((await c.post(`${BASE}/product-types`, type('__proto__'))).status).toBe(200);
    expect((await c.get(`${BASE}/product-types/__proto__`)).body.data).toEqual({
      productTypeId: '__proto__',
    });
    expect((await c.get(`${BASE}/product-types/constructor`)).status).toBe(404);
  });

  it('answers an unknown route with 404 and a message, and ignores an unknown query parameter', async () => {
    const c = client(await makeApp());
    const route = await c.get(`${BASE}/no-such-thing`);
    expect(route.status).toBe(404);
    expect(route.body.message).toContain('/no-such-thing');
    const param = await c.get(`${BASE}/product-types?colour=red`);
    expect(param.status).toBe(200);
  });
});

describe('a batch body holding a property beside data (and upsertSpaceIds on PATCH /variants)', () => {
  it('is a 400 naming it and those the body takes, and changes nothing', async () => {
    const base = fresh();
    const p1 = { productGroupId: 'p1', productPriceList: [{ productId: 'v1', spaceId: 's1', listPrice: 1 }] };
    expect((await c.post(`${base}/products-push`, { data: [p1] })).status).toBe(200);
    // The specification leaves the detach path out: a space named in the body of DELETE /products
    // deleted the product whole.
    const detach = await c.delete(`${base}/products`, { data: ['p1'], spaceId: 's1' });
    expect(detach.status).toBe(400);
    expect(detach.body.message).toBe('body.spaceId is not a field here (fields: data)');
    expect((await c.get(`${base}/products/p1`)).status).toBe(200);
    const writes: [string, string, object][] = [
      ['post', '/products-push', { data: [{ productGroupId: 'p2' }], upsertSpaceIds: true }],
      ['post', '/products/push', { data: [{ productGroupId: 'p2' }], dryRun: true }],
      ['patch', '/products', { data: [{ productGroupId: 'p1', shellLifeDays: 3 }], upsert: true }],
      ['delete', '/spaces/s1/products', { data: ['p1'], spaceIds: ['s1'] }],
      ['post', '/product-types', { data: [{ productTypeId: 't1' }], parentId: 'x' }],
      ['delete', '/product-types', { data: ['t1'], force: true }],
    ];
    for (const [method, path, body] of writes) {
      const extra = Object.keys(body).find((k) => k !== 'data');
      const res = await (method === 'post' ? c.post : method === 'patch' ? c.patch : c.delete)(
        `${base}${path}`,
        body,
      );
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.message, `${method} ${path}`).toBe(`body.${extra} is not a field here (fields: data)`);
    }
    const variants = await c.patch(`${base}/variants`, { data: [{ productId: 'v1' }], upsertSpaceId: true });
    expect(variants.body.message).toBe(
      'body.upsertSpaceId is not a field here (fields: data, upsertSpaceIds)',
    );
    const stored = (await c.get(`${base}/products/p1`)).body.data;
    expect(stored).toMatchObject({ spaceIds: ['s1'], productPriceList: p1.productPriceList });
    expect(stored).not.toHaveProperty('shellLifeDays');
    expect((await c.get(`${base}/products/p2`)).status).toBe(404);
    expect((await c.get(`${base}/product-types/t1`)).status).toBe(404);
  });
});

describe('validation messages', () => {
  it('name the field and say what is wrong in words', async () => {
    const c = client(await makeApp());
    const tooMany = await c.post(`${BASE}/product-types`, {
      data: Array.from({ length: 101 }, (_, i) => ({ productTypeId: `t${i}` })),
    });
    expect(tooMany.body.message).toBe('body.data must hold at most 100 items (got 101)');
    const limit = await c.get(`${BASE}/products?limit=0`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe('query.limit must be at least 1 (got 0)');
  });

  it('show a number of the query as it was sent, not as it was read', async () => {
    // 999999999999999999999 reads as 1e21, which was shown as "(got 1e+21)"; -0 as "(got 0)".
    const c = client(await makeApp({ seed: { products: [{ productGroupId: 'p1' }], productTypes: [] } }));
    const huge = '999999999999999999999';
    const cases: [string, string][] = [
      [`${BASE}/products?limit=-${huge}`, `query.limit must be at least 1 (got -${huge})`],
      [`${BASE}/products?page=-0`, 'query.page must be at least 1 (got -0)'],
      [`${BASE}/products?page=1.50`, 'query.page must be a whole number (got 1.50)'],
      [`${BASE}/products?limit=0000`, 'query.limit must be at least 1 (got 0000)'],
      [
        `${BASE}/product-recommendations-by-productId/p1?limit=-${huge}`,
        `query.limit must be at least 1 (got -${huge})`,
      ],
      [`/__admin/requests?limit=${huge}`, `query.limit must be a whole number from 1 to 1000 (got ${huge})`],
      // Text that is no number is shown as text, quoted, as before.
      [
        `${BASE}/products?limit=0x10`,
        'query.limit must be a number in decimal digits, such as 20 (got "0x10")',
      ],
    ];
    for (const [path, message] of cases) {
      const res = await c.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(message);
    }
    // A long one is cut short, as a long string is, with its length.
    const long = await c.get(`${BASE}/products?limit=-${'9'.repeat(99)}`);
    expect(long.body.message).toBe(
      `query.limit must be at least 1 (got -${'9'.repeat(79)}…, 100 characters)`,
    );
    // limit has no maximum (docs/behaviour.md, "Parameters"): a page holds at most the matches.
    const all = await c.get(`${BASE}/products?limit=${huge}`);
    expect(all.status).toBe(200);
    expect(all.body.data.list).toEqual([expect.objectContaining({ productGroupId: 'p1' })]);
  });

  it('tell how to clear a list when null is sent for one', async () => {
    const res = await client(await makeApp()).post(`${BASE}/product-types`, {
      data: [{ productTypeId: 'x', title: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.data[0].title must be an array; send [] to clear it (got null)');
  });

  it('answer a missing body with 400 and a body of another type with 415', async () => {
    const c = client(await makeApp());
    const missing = await c.delete(`${BASE}/products`);
    expect(missing.status).toBe(400);
    // It says what to send, from openapi.yaml's schema of the body: "a JSON body" alone did not.
    expect(missing.body.message).toBe(
      'A JSON request body is required, such as { "data": ["...", ...] } (Content-Type: application/json)',
    );
    expect((await c.patch(`${BASE}/products`)).body.message).toBe(
      'A JSON request body is required, such as { "data": [{...}, ...] } (Content-Type: application/json)',
    );
    expect((await c.patch(`${BASE}/variants`)).body.message).toBe(
      'A JSON request body is required, such as { "data": [{...}, ...] } (Content-Type: application/json)',
    );
    expect((await c.post(`${BASE}/products`)).body.message).toBe(
      'A JSON request body is required, such as {} (Content-Type: application/json)',
    );
    const other = await c.raw
      .delete(`${BASE}/products`)
      .set(TOKEN)
      .set('content-type', 'text/plain')
      .send('p1');
    expect(other.status).toBe(415);
    expect(other.body.message).toContain('text/plain');
  });
});

describe('a method a known path does not have', () => {
  it('answers 405 with the allowed methods in Allow and in the message', async () => {
    const res = await client(await makeApp())
      .raw.put(`${BASE}/product-types`)
      .set(TOKEN)
      .send({ data: [] });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toMatch(/GET/);
    expect(res.headers.allow).toMatch(/POST/);
    expect(res.body).toMatchObject({ status: 405, message: expect.stringContaining('PUT') });
  });

  it('lists HEAD where GET is allowed, as HEAD is answered there, and not where it is not', async () => {
    const app = await makeApp();
    const put = await client(app).raw.put(`${BASE}/product-types`).set(TOKEN).send({ data: [] });
    expect(put.headers.allow?.split(', ')).toEqual(expect.arrayContaining(['GET', 'HEAD']));
    const head = await client(app).raw.head(`${BASE}/product-types`).set(TOKEN);
    expect(head.status).toBe(200);
    const noGet = await client(app).raw.get(`${BASE}/products-push`).set(TOKEN);
    expect(noGet.status).toBe(405);
    expect(noGet.headers.allow?.split(', ')).not.toContain('HEAD');
  });
});
