import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { BASE, TOKEN, client, makeApp } from './helpers.js';

const type = (id: string) => ({ data: [{ productTypeId: id }] });
const typeIds = (res: request.Response) =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);

describe('addressing and scope isolation (docs/behaviour.md, "Addressing")', () => {
  it('serves the API under the three prefixes, the two without a region sharing the default region', async () => {
    const c = client(await makeApp({ region: 'us' }));
    await c.post('/acme/dev/product-types', type('plain'));
    expect(typeIds(await c.get('/api/tenants/acme/dev/product-types'))).toEqual(['plain']);
    expect(typeIds(await c.get('/regions/us/products/v1/tenants/acme/dev/product-types'))).toEqual(['plain']);
    expect(typeIds(await c.get('/regions/eu/products/v1/tenants/acme/dev/product-types'))).toEqual([]);
  });

  it('keeps regions, tenants and environments apart', async () => {
    const c = client(await makeApp());
    await c.post('/regions/au/products/v1/tenants/acme/dev/product-types', type('au-dev'));
    await c.post('/regions/au/products/v1/tenants/acme/prod/product-types', type('au-prod'));
    await c.post('/regions/au/products/v1/tenants/other/dev/product-types', type('other'));
    expect(typeIds(await c.get('/regions/au/products/v1/tenants/acme/dev/product-types'))).toEqual([
      'au-dev',
    ]);
    expect(typeIds(await c.get('/regions/au/products/v1/tenants/acme/prod/product-types'))).toEqual([
      'au-prod',
    ]);
    expect(typeIds(await c.get('/regions/au/products/v1/tenants/other/dev/product-types'))).toEqual([
      'other',
    ]);
    expect(typeIds(await c.get('/regions/uae/products/v1/tenants/acme/dev/product-types'))).toEqual([]);
    expect(typeIds(await c.get('/acme/dev/product-types'))).toEqual([]);
  });

  it('answers an unknown region with a 404 that names the allowed regions', async () => {
    const res = await client(await makeApp()).get('/regions/mars/products/v1/tenants/acme/dev/product-types');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('eu, us, in, au, uae');
  });

  it('rejects a tenantId or environment outside [A-Za-z0-9._-]{1,64} with 400 naming it', async () => {
    const c = client(await makeApp());
    const badTenant = await c.get('/ac%20me/dev/product-types');
    expect(badTenant.status).toBe(400);
    expect(badTenant.body.message).toContain('tenantId');
    const longEnv = await c.get(`/acme/${'e'.repeat(65)}/product-types`);
    expect(longEnv.status).toBe(400);
    expect(longEnv.body.message).toContain('environment');
  });

  it('rejects an unknown --region at start-up', async () => {
    await expect(makeApp({ region: 'mars' })).rejects.toThrow(/allowed regions/);
  });
});

describe('authentication (docs/behaviour.md, "Authentication")', () => {
  it('requires a non-empty token by default, from x-api-key or Authorization (Bearer or bare)', async () => {
    const app = await makeApp();
    const path = `${BASE}/product-types`;
    expect((await request(app).get(path)).status).toBe(401);
    expect((await request(app).get(path).set('x-api-key', '  ')).status).toBe(401);
    expect((await request(app).get(path).set('x-api-key', 'anything')).status).toBe(200);
    expect((await request(app).get(path).set('Authorization', 'Bearer abc')).status).toBe(200);
    expect((await request(app).get(path).set('Authorization', 'abc')).status).toBe(200);
    const res = await request(app).get(path);
    expect(res.body).toMatchObject({ status: 401, message: expect.stringContaining('x-api-key') });
  });

  it('in strict mode accepts only listed keys, and a key bound to tenants gets 403 elsewhere', async () => {
    const app = await makeApp({ apiKeys: ['open-key', 'bound=acme,beta'] });
    const get = (path: string, key: string) => request(app).get(path).set('x-api-key', key);
    expect((await get('/acme/dev/product-types', 'wrong')).status).toBe(401);
    expect((await get('/acme/dev/product-types', 'open-key')).status).toBe(200);
    expect((await get('/zeta/dev/product-types', 'open-key')).status).toBe(200);
    expect((await get('/beta/dev/product-types', 'bound')).status).toBe(200);
    const forbidden = await get('/regions/us/products/v1/tenants/zeta/dev/product-types', 'bound');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toContain('zeta');
  });

  it('checks the token before reading the body, so a rejected request writes nothing', async () => {
    const app = await makeApp({ apiKeys: ['k'] });
    const res = await request(app).post('/acme/dev/product-types').set('x-api-key', 'nope').send(type('x'));
    expect(res.status).toBe(401);
    const list = await request(app).get('/acme/dev/product-types').set('x-api-key', 'k');
    expect(list.body.data).toEqual([]);
  });
});

describe('errors and hostile bodies (docs/behaviour.md, "Errors")', () => {
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

  it('answers an unknown route with 404 and an unknown query parameter with 400, both with a message', async () => {
    const c = client(await makeApp());
    const route = await c.get(`${BASE}/no-such-thing`);
    expect(route.status).toBe(404);
    expect(route.body.message).toContain('/no-such-thing');
    const param = await c.get(`${BASE}/product-types?colour=red`);
    expect(param.status).toBe(400);
    expect(param.body.message).toContain('colour');
  });
});

describe('CORS', () => {
  it('answers a preflight from another origin, allowing the auth header', async () => {
    const res = await request(await makeApp())
      .options(`${BASE}/product-types`)
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-api-key,content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toContain('x-api-key');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
  });
});

describe('admin endpoints (docs/behaviour.md, "Admin endpoints")', () => {
  it('serves health and the OpenAPI document without a token', async () => {
    const app = await makeApp();
    const health = await request(app).get('/__admin/health');
    expect(health.status).toBe(200);
    expect(health.body.data.status).toBe('ok');
    const doc = await request(app).get('/openapi.yaml');
    expect(doc.status).toBe(200);
    expect(doc.text).toContain('openapi: 3.0');
  });

  it('reset brings every scope back to the seed, and needs a listed key in strict mode', async () => {
    const seed = { products: [], productTypes: [{ productTypeId: 'seeded' }] };
    const app = await makeApp({ seed, apiKeys: ['k'] });
    const auth = { 'x-api-key': 'k' };
    await request(app)
      .delete('/acme/dev/product-types')
      .set(auth)
      .send({ data: ['seeded'] });
    await request(app).post('/other/dev/product-types').set(auth).send(type('added'));
    expect((await request(app).post('/__admin/reset')).status).toBe(401);
    expect((await request(app).post('/__admin/reset').set(auth)).status).toBe(200);
    expect(typeIds(await request(app).get('/acme/dev/product-types').set(auth))).toEqual(['seeded']);
    expect(typeIds(await request(app).get('/other/dev/product-types').set(auth))).toEqual(['seeded']);
  });
});

describe('API reference page', () => {
  it('serves /docs without a token, loading openapi.yaml and its assets from this server', async () => {
    const app = await makeApp();
    const page = await request(app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain("url: '/openapi.yaml'");
    const script = /src="(\/docs\/[^"]+\.js)"/.exec(page.text)?.[1] as string;
    const asset = await request(app).get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toContain('javascript');
  });
});

describe('validation messages', () => {
  it('name the field and say what is wrong in words', async () => {
    const c = client(await makeApp());
    const tooMany = await c.post(`${BASE}/product-types`, {
      data: Array.from({ length: 101 }, (_, i) => ({ productTypeId: `t${i}` })),
    });
    expect(tooMany.body.message).toBe('body.data must NOT have more than 100 items');
    const limit = await c.get(`${BASE}/products?limit=0`);
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe('query.limit must be >= 1');
  });

  it('tell how to clear a list when null is sent for one', async () => {
    const res = await client(await makeApp()).post(`${BASE}/product-types`, {
      data: [{ productTypeId: 'x', title: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.data[0].title must be an array (send [] to clear it)');
  });

  it('answer a missing body with 400 and a body of another type with 415', async () => {
    const c = client(await makeApp());
    const missing = await c.delete(`${BASE}/products`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/JSON request body is required/);
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
});
