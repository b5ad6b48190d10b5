// The admin endpoints of one scope (openapi.yaml, `/__admin/scopes/{region}/{tenantId}/{environment}`;
// docs/behaviour.md, "Scopes in tests"): reset, snapshots, the scope's journal, fault and stub rules.
import { describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { closeApp } from '../../src/app.js';
import { makeApp, TOKEN } from '../helpers.js';

const seed = {
  products: [{ productGroupId: 's1', productName: [{ isoLanguageId: 'en', productName: 'Seed' }] }],
  productTypes: [],
} as never;
const push = (app: Express, scope: string, id: string) =>
  request(app)
    .post(`${scope}/products-push`)
    .set(TOKEN)
    .send({ data: [{ productGroupId: id, productName: [{ isoLanguageId: 'en', productName: id }] }] });
const ids = async (app: Express, scope: string, token = TOKEN) => {
  const res = await request(app).get(`${scope}/products`).set(token);
  expect(res.status).toBe(200);
  return (res.body.data.list as { productGroupId: string }[]).map((p) => p.productGroupId);
};
const admin = '/__admin/scopes/eu/acme/dev';

describe('a scope reset', () => {
  it('takes that scope alone back to the seed, with its rules and journal, and leaves the others', async () => {
    const app = await makeApp({ seed });
    await push(app, '/acme/dev', 'a1');
    await push(app, '/beta/dev', 'b1');
    await push(app, '/regions/us/products/v1/tenants/acme/dev', 'u1');
    await request(app).post(`${admin}/faults`).send({ operationId: 'getProduct', status: 503 }).expect(201);
    const beta = await request(app).post('/__admin/scopes/eu/beta/dev/faults').send({ status: 500 });

    const res = await request(app).post('/__admin/scopes/EU/acme/dev/reset');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ region: 'eu', tenantId: 'acme', environment: 'dev' });
    expect(await ids(app, '/acme/dev')).toEqual(['s1']);
    expect((await request(app).get(`${admin}/requests`)).body.data).toEqual([
      expect.objectContaining({ operationId: 'listProducts' }),
    ]);
    expect((await request(app).get(`${admin}/faults`)).body.data).toEqual([]);
    // Another tenant, and the same tenant in another region, keep theirs.
    expect((await request(app).get('/__admin/faults')).body.data.map((r: { id: string }) => r.id)).toEqual([
      beta.body.data.id,
    ]);
    await request(app).delete('/__admin/faults').expect(200);
    expect(await ids(app, '/beta/dev')).toEqual(['b1', 's1']);
    expect(await ids(app, '/regions/us/products/v1/tenants/acme/dev')).toEqual(['s1', 'u1']);
  });
});

describe('scope snapshots', () => {
  it('saves, lists, restores and deletes named states of one scope', async () => {
    const app = await makeApp({ seed });
    await push(app, '/acme/dev', 'a1');
    const saved = await request(app).put(`${admin}/snapshots/one`);
    expect(saved.status).toBe(201);
    expect(saved.body.data).toEqual({ name: 'one', savedAt: expect.any(String) });
    expect((await request(app).put(`${admin}/snapshots/one`)).status).toBe(200);
    await push(app, '/acme/dev', 'a2');
    await push(app, '/beta/dev', 'b1');

    const restored = await request(app).post(`${admin}/snapshots/one/restore`);
    expect(restored.status).toBe(200);
    expect(await ids(app, '/acme/dev')).toEqual(['a1', 's1']);
    expect(await ids(app, '/beta/dev')).toEqual(['b1', 's1']);
    // The published client's prefix reaches the same scope (the default region).
    expect(await ids(app, '/api/tenants/acme/dev')).toEqual(['a1', 's1']);

    expect(
      (await request(app).get(`${admin}/snapshots`)).body.data.map((s: { name: string }) => s.name),
    ).toEqual(['one']);
    expect((await request(app).get('/__admin/scopes/eu/beta/dev/snapshots')).body.data).toEqual([]);
    const missing = await request(app).post('/__admin/scopes/eu/beta/dev/snapshots/one/restore');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/No snapshot "one" of scope eu\/beta\/dev/);
    expect((await request(app).delete(`${admin}/snapshots/one`)).body.data).toEqual({ deleted: 1 });
    expect((await request(app).delete(`${admin}/snapshots/one`)).status).toBe(404);
  });

  it('refuses what names no scope or snapshot, and changes nothing', async () => {
    const app = await makeApp({ seed });
    await push(app, '/acme/dev', 'a1');
    const region = await request(app).post('/__admin/scopes/mars/acme/dev/reset');
    expect(region.status).toBe(400);
    expect(region.body.message).toMatch(/path.region must be one of, in any case: eu, us/);
    const name = await request(app).put(`${admin}/snapshots/${encodeURIComponent('a b')}`);
    expect(name.status).toBe(400);
    expect(name.body.message).toMatch(/^path.name must be 1 to 64 letters/);
    const tenant = await request(app).post('/__admin/scopes/eu/%E0%A4%A/dev/reset');
    expect(tenant.status).toBe(400);
    expect(tenant.body.message).toMatch(/path.tenantId is not valid percent-encoding/);
    expect((await request(app).get(`${admin}/snapshots/one/restore`)).status).toBe(405);
    const query = await request(app).post(`${admin}/reset?tenantId=beta`);
    expect(query.status).toBe(400);
    expect(await ids(app, '/acme/dev')).toEqual(['a1', 's1']);
  });

  it('with --data, writes the restore to the file: a restart reads the restored state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pcm-scope-'));
    try {
      const data = join(dir, 'catalog.json');
      let app = await makeApp({ seed, data });
      await push(app, '/acme/dev', 'a1');
      await request(app).put(`${admin}/snapshots/one`).expect(201);
      await push(app, '/acme/dev', 'a2');
      await request(app).post(`${admin}/snapshots/one/restore`).expect(200);
      await push(app, '/beta/dev', 'b1');
      await request(app).post('/__admin/scopes/eu/beta/dev/reset').expect(200);
      await closeApp(app);
      app = await makeApp({ seed, data });
      expect(await ids(app, '/acme/dev')).toEqual(['a1', 's1']);
      expect(await ids(app, '/beta/dev')).toEqual(['s1']);
      // Snapshots are kept in memory only.
      expect((await request(app).get(`${admin}/snapshots`)).body.data).toEqual([]);
      await closeApp(app);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a scope's journal", () => {
  it('holds the requests of that scope, under any prefix, filtered by operationId, method, path and status', async () => {
    const app = await makeApp({ seed });
    await push(app, '/acme/dev', 'a1');
    await push(app, '/acme/prod', 'p1');
    await push(app, '/regions/us/products/v1/tenants/acme/dev', 'u1');
    await request(app).get('/api/tenants/acme/dev/products/a1').set(TOKEN);
    await request(app).get('/regions/EU/products/v1/tenants/acme/dev/products/nope').set(TOKEN);

    const all = (await request(app).get(`${admin}/requests`)).body.data as { path: string }[];
    expect(all.map((e) => e.path)).toEqual([
      '/regions/EU/products/v1/tenants/acme/dev/products/nope',
      '/api/tenants/acme/dev/products/a1',
      '/acme/dev/products-push',
    ]);
    const pushes = await request(app).get(`${admin}/requests?operationId=pushProducts`);
    expect(pushes.body.data).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 200,
        body: { data: [{ productGroupId: 'a1', productName: [{ isoLanguageId: 'en', productName: 'a1' }] }] },
      }),
    ]);
    const missing = await request(app).get(`${admin}/requests?status=404&method=get&path=/products/`);
    expect(missing.body.data.map((e: { path: string }) => e.path)).toEqual([
      '/regions/EU/products/v1/tenants/acme/dev/products/nope',
    ]);
    const wrong = await request(app).get(`${admin}/requests?tenantId=beta`);
    expect(wrong.status).toBe(400);
    expect((await request(app).delete(`${admin}/requests`)).body.data).toEqual({ deleted: 3 });
    expect((await request(app).get(`${admin}/requests`)).body.data).toEqual([]);
    expect((await request(app).get('/__admin/requests?tenantId=acme')).body.data).toHaveLength(2);
  });
});

describe('scope fault and stub rules', () => {
  it('fails the scope alone with a fault rule, and refuses a rule naming another scope', async () => {
    const app = await makeApp({ seed });
    const added = await request(app)
      .post(`${admin}/faults`)
      .send({ operationId: 'listProducts', status: 503 });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      region: 'eu',
      tenantId: 'acme',
      environment: 'dev',
      status: 503,
    });
    expect((await request(app).get('/acme/dev/products').set(TOKEN)).status).toBe(503);
    expect((await request(app).get('/beta/dev/products').set(TOKEN)).status).toBe(200);
    expect((await request(app).get('/acme/prod/products').set(TOKEN)).status).toBe(200);
    const other = await request(app).post(`${admin}/faults`).send({ tenantId: 'beta', status: 500 });
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/tenantId "beta" is not this scope's/);
    const bad = await request(app)
      .post(`${admin}/faults`)
      .send({ operationId: 'listProducts', method: 'POST', status: 500 });
    expect(bad.status).toBe(400);
    expect((await request(app).get(`${admin}/faults`)).body.data).toHaveLength(1);
    expect((await request(app).delete(`${admin}/faults`)).body.data).toEqual({ deleted: 1 });
    expect((await request(app).get('/acme/dev/products').set(TOKEN)).status).toBe(200);
  });

  it('answers a stub rule for an operation of the scope, marked stubbed in the journal, then no more', async () => {
    const app = await makeApp({ seed });
    const stub = await request(app)
      .post(`${admin}/stubs`)
      .send({
        operationId: 'getProduct',
        status: 200,
        body: { data: { productGroupId: 's1', surprise: true } },
        times: 1,
      });
    expect(stub.status).toBe(201);
    const first = await request(app).get('/acme/dev/products/s1').set(TOKEN);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { productGroupId: 's1', surprise: true } });
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect((await request(app).get('/beta/dev/products/s1').set(TOKEN)).body.data.surprise).toBeUndefined();
    const second = await request(app).get('/acme/dev/products/s1').set(TOKEN);
    expect(second.body.data.surprise).toBeUndefined();
    const journal = (await request(app).get(`${admin}/requests?operationId=getProduct`)).body.data;
    expect(journal.map((e: { stubbed?: string }) => e.stubbed)).toEqual([undefined, stub.body.data.id]);
    // A failure asked for in a Prefer header wins over the stub.
    await request(app)
      .post(`${admin}/stubs`)
      .send({ path: '/products', status: 200, body: { data: { list: [] } } });
    expect((await request(app).get('/acme/dev/products').set(TOKEN)).body).toEqual({ data: { list: [] } });
    expect((await request(app).get('/acme/dev/products').set(TOKEN).set('Prefer', 'code=503')).status).toBe(
      503,
    );
    const refused = await request(app).post(`${admin}/stubs`).send({ operationId: 'nope', status: 200 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/operationId "nope" is not an API operation/);
    expect((await request(app).post(`${admin}/stubs`).send({ status: 99 })).status).toBe(400);
    expect((await request(app).delete(`${admin}/stubs`)).body.data).toEqual({ deleted: 2 });
  });
});

describe('scope admin in strict mode', () => {
  const apiKeys = ['root', 'partner=acme'];
  it('lets a key bound to a tenant act on its own scopes only; the whole-mock endpoints stay closed to it', async () => {
    const app = await makeApp({ seed, apiKeys });
    const partner = { 'x-api-key': 'partner' };
    expect((await request(app).post(`${admin}/reset`)).status).toBe(401);
    expect((await request(app).post(`${admin}/reset`).set(partner)).status).toBe(200);
    expect((await request(app).put('/__admin/scopes/us/acme/prod/snapshots/x').set(partner)).status).toBe(
      201,
    );
    const other = await request(app).post('/__admin/scopes/eu/beta/dev/reset').set(partner);
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/not allowed for tenant "beta"/);
    expect((await request(app).get('/__admin/scopes/eu/beta/dev/requests').set(partner)).status).toBe(403);
    expect(
      (await request(app).post('/__admin/scopes/eu/beta/dev/reset').set({ 'x-api-key': 'root' })).status,
    ).toBe(200);
    expect((await request(app).post('/__admin/reset').set(partner)).status).toBe(403);
    expect((await request(app).get('/__admin/requests').set(partner)).status).toBe(403);
  });
});
