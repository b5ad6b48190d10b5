import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { EXPOSED_HEADERS } from '../../src/http/cors.js';
import { BASE, makeApp } from '../helpers.js';

const type = (id: string) => ({ data: [{ productTypeId: id }] });

const typeIds = (res: request.Response) =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);

describe('CORS', () => {
  it('answers a preflight from another origin, allowing the auth header', async () => {
    const res = await request(await makeApp())
      .options(`${BASE}/product-types`)
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-api-key,content-type');
    expect(res.status).toBe(204);
    // The page's own origin, not `*`, and credentials: a page whose fetches send them is refused `*`.
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toContain('Origin');
    expect(res.headers['access-control-allow-headers']).toContain('x-api-key');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
  });

  it("lets a page on another origin read a 405's Allow header", async () => {
    const res = await request(await makeApp())
      .put(`${BASE}/products`)
      .set('Origin', 'http://localhost:3000')
      .set('x-api-key', 'dev');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, DELETE, PATCH');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']?.split(/,\s*/)).toContain('Allow');
  });

  it('exposes the headers docs/behaviour.md says it does, and no others', () => {
    const doc = readFileSync(
      join(fileURLToPath(new URL('../..', import.meta.url)), 'docs/behaviour.md'),
      'utf8',
    ).replace(/\s+/g, ' ');
    const said = /`Access-Control-Expose-Headers: ([^`]+)`/.exec(doc)?.[1];
    expect(said?.split(',')).toEqual([...EXPOSED_HEADERS]);
  });
});

describe('admin endpoints', () => {
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

  it("does not serve swagger-ui's stock page, which loads the Petstore from another host", async () => {
    const app = await makeApp();
    // Also under the spellings the file server decodes and normalises to them.
    for (const path of [
      '/docs/index.html',
      '/docs/swagger-initializer.js',
      '/docs//index.html',
      '/docs/%2e/index.html',
      '/docs/index%2ehtml',
      '/docs/./swagger-initializer.js',
      '/docs/%2fswagger-initializer.js',
      '/docs/oauth2-redirect.html',
      '/docs/package.json',
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('petstore');
      expect(res.body.message).toBe(`No route GET ${path}; see /docs for the API reference`);
    }
  });

  it('hands "Try it out" the token dev only where any token is accepted', async () => {
    const preauthorized = "preauthorizeApiKey('apiKeyHeader', 'dev')";
    expect((await request(await makeApp()).get('/docs')).text).toContain(preauthorized);
    // strict mode: dev would get 401, and a configured key is not shown on a page open to anyone
    const strict = (await request(await makeApp({ apiKeys: ['secret'] })).get('/docs')).text;
    expect(strict).not.toContain('preauthorizeApiKey');
    expect(strict).not.toContain('secret');
    expect(strict).toContain("url: '/openapi.yaml'");
  });
});

describe('admin endpoints hold to what openapi.yaml documents of them', () => {
  it('refuses a query parameter they do not document, and does nothing', async () => {
    const app = await makeApp();
    const token = { 'x-api-key': 'dev' };
    await request(app).post(`${BASE}/product-types`).set(token).send(type('kept'));
    // a tenant named in the query does not narrow a reset of every tenant: it is refused
    const reset = await request(app).post('/__admin/reset?tenantId=acme');
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(
      'query.tenantId is not a query parameter of resetMock (documented: none)',
    );
    expect(typeIds(await request(app).get(`${BASE}/product-types`).set(token))).toEqual(['kept']);
    const clear = await request(app).delete('/__admin/requests?before=now');
    expect(clear.status).toBe(400);
    expect((await request(app).get('/__admin/requests?method=POST')).body.data).not.toEqual([]);
    expect((await request(app).get('/__admin/faults?x=1')).status).toBe(400);
  });

  it('refuses a body where they document none, and does nothing', async () => {
    const app = await makeApp();
    const token = { 'x-api-key': 'dev' };
    await request(app).post(`${BASE}/product-types`).set(token).send(type('kept'));
    // a tenant named in the body does not narrow a reset of every tenant: it is refused
    const reset = await request(app).post('/__admin/reset').send({ tenantId: 'acme' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(
      'POST /__admin/reset takes no body (resetMock acts on what its path names, and would ignore it); send it without one',
    );
    expect(typeIds(await request(app).get(`${BASE}/product-types`).set(token))).toEqual(['kept']);
    // a rule's id in the body of the call that removes them all
    const rule = await request(app)
      .post('/__admin/faults')
      .send({ status: 503, operationId: 'listProducts' });
    expect(rule.status).toBe(201);
    const removeAll = await request(app)
      .delete('/__admin/faults')
      .send({ id: (rule.body as { data: { id: string } }).data.id });
    expect(removeAll.status).toBe(400);
    expect((await request(app).get('/__admin/faults')).body.data).toHaveLength(1);
    // without a body, as documented
    expect((await request(app).post('/__admin/reset')).status).toBe(200);
  });

  it('refuses a journal filter by a method no request can have', async () => {
    const res = await request(await makeApp()).get('/__admin/requests?method=GETT');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'query.method must be an HTTP method a request can have, such as GET or POST (got "GETT")',
    );
  });

  it('refuses a journal filter given twice rather than use its first value', async () => {
    const app = await makeApp();
    const token = { 'x-api-key': 'dev' };
    await request(app).get(`${BASE}/product-types`).set(token);
    await request(app).post(`${BASE}/product-types`).set(token).send(type('sent'));
    const both = await request(app).get('/__admin/requests?method=GET&method=POST');
    expect([both.status, both.body.message]).toEqual([400, 'query.method is given 2 times; give it once']);
    expect(both.body.errors).toEqual([{ path: 'query.method', message: 'is given 2 times; give it once' }]);
    const one = await request(app).get('/__admin/requests?method=POST');
    expect((one.body.data as { method: string }[]).map((e) => e.method)).toEqual(['POST']);
  });

  it('answers a method their path does not document with 405 and Allow', async () => {
    const app = await makeApp();
    const put = await request(app).put('/__admin/faults');
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD, POST, DELETE');
    expect(put.body.message).toBe('PUT is not allowed on /__admin/faults; allowed: GET, HEAD, POST, DELETE');
    const get = await request(app).get('/__admin/reset');
    expect([get.status, get.headers.allow]).toEqual([405, 'POST']);
    // a path openapi.yaml does not document is still a 404
    expect((await request(app).get('/__admin/nothing')).status).toBe(404);
  });
});
