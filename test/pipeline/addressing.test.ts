import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { client, makeApp } from '../helpers.js';

type Client = ReturnType<typeof client>;

let app: Express;

let c: Client;

beforeAll(async () => {
  app = await makeApp();
  c = client(app);
});

const typeIds = (res: request.Response): string[] =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);

const type = (id: string) => ({ data: [{ productTypeId: id }] });

describe('addressing: prefixes, regions and ids', () => {
  it('without --region the two prefixes that name none are the eu region', async () => {
    await c.post('/region-default/dev/product-types', { data: [{ productTypeId: 'plain' }] });
    expect(typeIds(await c.get('/regions/eu/products/v1/tenants/region-default/dev/product-types'))).toEqual([
      'plain',
    ]);
    expect(typeIds(await c.get('/api/tenants/region-default/dev/product-types'))).toEqual(['plain']);
    expect(typeIds(await c.get('/regions/us/products/v1/tenants/region-default/dev/product-types'))).toEqual(
      [],
    );
  });

  it('accepts 64 characters of [A-Za-z0-9._-] and rejects 65, under every prefix', async () => {
    const longest = 'a.B_c-9'.padEnd(64, 'x');
    for (const prefix of ['', '/api/tenants', '/regions/au/products/v1/tenants']) {
      expect((await c.get(`${prefix}/${longest}/${longest}/product-types`)).status, prefix).toBe(200);
      const tooLong = await c.get(`${prefix}/${longest}x/dev/product-types`);
      expect(tooLong.status, prefix).toBe(400);
      expect(tooLong.body.message, prefix).toContain('tenantId');
      const badEnv = await c.get(`${prefix}/acme/d!v/product-types`);
      expect(badEnv.status, prefix).toBe(400);
      expect(badEnv.body.message, prefix).toContain('environment');
    }
  });

  it('refuses "." and ".." as a tenant or environment: a URL resolves them as path steps', async () => {
    // supertest sends the path as written, as curl --path-as-is does
    for (const path of [
      '/../dev/product-types',
      '/acme/./product-types',
      '/api/tenants/./dev/product-types',
    ]) {
      const res = await c.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(
        /^params\.(tenantId|environment) must be 1 to 64 letters, digits, "\.", "_" or "-", other than "\." and "\.\." \(got "\.{1,2}"\)$/,
      );
    }
    expect((await c.get('/a.b/..c/product-types')).status).toBe(200);
  });
});

describe('addressing and scope isolation', () => {
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

  it('takes the default region in any case, as a path does, and reaches the same scope', async () => {
    const c = client(await makeApp({ region: 'UAE' }));
    await c.post('/acme/dev/product-types', type('plain'));
    expect(typeIds(await c.get('/regions/uae/products/v1/tenants/acme/dev/product-types'))).toEqual([
      'plain',
    ]);
    expect((await c.get('/__admin/health')).body.data.region).toBe('uae');
  });

  it('rejects an unknown --region at start-up', async () => {
    await expect(makeApp({ region: 'mars' })).rejects.toThrow(/allowed regions/);
  });
});
