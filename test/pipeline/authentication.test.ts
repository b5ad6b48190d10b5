import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { BASE, makeApp } from '../helpers.js';
import { apiKeyProblem, parseApiKeys } from '../../src/pipeline/auth.js';

let app: Express;

beforeAll(async () => {
  app = await makeApp();
});

const type = (id: string) => ({ data: [{ productTypeId: id }] });

describe('authentication: tokens and strict mode', () => {
  it('refuses an Authorization header that holds no token after Bearer', async () => {
    // "Bearer " arrives as "Bearer" (trailing white space is not part of a header value).
    for (const value of ['Bearer ', 'Bearer', 'bearer   ']) {
      const res = await request(app).get(`${BASE}/product-types`).set('Authorization', value);
      expect(res.status, JSON.stringify(value)).toBe(401);
    }
  });

  it('in strict mode health, the OpenAPI document and /docs still need no token', async () => {
    const strict = await makeApp({ apiKeys: ['k'] });
    expect((await request(strict).get('/__admin/health')).status).toBe(200);
    expect((await request(strict).get('/openapi.yaml')).status).toBe(200);
    expect((await request(strict).get('/docs')).status).toBe(200);
    // ...while the API itself does.
    expect((await request(strict).get(`${BASE}/product-types`)).status).toBe(401);
  });

  it('in strict mode reset needs a listed key bound to no tenant: a bound one never resets others', async () => {
    const strict = await makeApp({ apiKeys: ['bound=acme', 'admin'] });
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'nope')).status).toBe(401);
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'bound')).status).toBe(403);
    expect((await request(strict).post('/__admin/reset').set('x-api-key', 'admin')).status).toBe(200);
  });
});

describe('authentication', () => {
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

  it("a 403 for a tenant that differs from the key's only in letter case names the key's tenant", async () => {
    const app = await makeApp({ apiKeys: ['k=ACME,beta', 'other=acme2,Zeta'] });
    const get = (path: string, key: string) => request(app).get(path).set('x-api-key', key);
    expect((await get('/ACME/dev/product-types', 'k')).status).toBe(200);
    const forbidden = await get('/acme/dev/product-types', 'k');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(
      'Access token is not allowed for tenant "acme": it is bound to tenant "ACME", and tenant ids ' +
        'are case-sensitive. Name the tenant "ACME" in the path, or bind the key to "acme" too',
    );
    // Another key's tenants are not named to a caller who did not send that key.
    const zeta = await get('/zeta/dev/product-types', 'k');
    expect(zeta.status).toBe(403);
    expect(zeta.body.message).toBe('Access token is not allowed for tenant "zeta"');
  });

  it('names every tenant of the key that differs from the path only in letter case', async () => {
    const app = await makeApp({ apiKeys: ['k=ACME,beta,Acme'] });
    const forbidden = await request(app).get('/acme/dev/product-types').set('x-api-key', 'k');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(
      'Access token is not allowed for tenant "acme": it is bound to tenants "ACME", "Acme", and tenant ' +
        'ids are case-sensitive. Name one of "ACME", "Acme" in the path, or bind the key to "acme" too',
    );
  });

  it('checks the token before reading the body, so a rejected request writes nothing', async () => {
    const app = await makeApp({ apiKeys: ['k'] });
    const res = await request(app).post('/acme/dev/product-types').set('x-api-key', 'nope').send(type('x'));
    expect(res.status).toBe(401);
    const list = await request(app).get('/acme/dev/product-types').set('x-api-key', 'k');
    expect(list.body.data).toEqual([]);
  });

  it('refuses at start a key no request could use: empty, or bound to no tenant', async () => {
    expect(apiKeyProblem('k')).toBeUndefined();
    expect(apiKeyProblem('k=acme, beta')).toBeUndefined();
    expect(apiKeyProblem('')).toMatch(/names no key/);
    expect(apiKeyProblem(' =acme')).toMatch(/names no key/);
    expect(apiKeyProblem('k=')).toMatch(/binds the key to no tenant/);
    expect(apiKeyProblem('k= , ')).toMatch(/binds the key to no tenant/);
    expect(parseApiKeys(['k', 'b=acme,beta'])).toEqual(
      new Map([
        ['k', null],
        ['b', new Set(['acme', 'beta'])],
      ]),
    );
    await expect(makeApp({ apiKeys: ['ok', 'k='] })).rejects.toThrow(
      'API key "k=" binds the key to no tenant',
    );
  });

  it('refuses apiKeys given as one string, which was taken letter by letter as keys', async () => {
    // { apiKeys: 'secret' } accepted the tokens "s", "e", "c", "r" and "t", and not "secret".
    await expect(makeApp({ apiKeys: 'secret' as never })).rejects.toThrow(
      'apiKeys must be an array of keys (KEY or KEY=tenantA,tenantB), such as ["secret"], not "secret"',
    );
  });

  it('refuses at start a key given twice, whose second binding replaced the first without a word', async () => {
    // --api-key k=acme --api-key k=beta bound k to beta alone: acme answered 403.
    await expect(makeApp({ apiKeys: ['k=acme', 'k=beta'] })).rejects.toThrow(
      'API key "k" is given twice: give each key once, with all its tenants (KEY=tenantA,tenantB)',
    );
    await expect(makeApp({ apiKeys: ['k', ' k=acme'] })).rejects.toThrow('API key "k" is given twice');
  });

  it('refuses at start a key bound to a tenant no request can name, such as tenant/environment', async () => {
    // Taken, the key would get a 403 on every tenant, naming the tenant asked for, not the typo.
    // The tenant named once, not again as the value given.
    await expect(makeApp({ apiKeys: ['partner=acme/dev'] })).rejects.toThrow(
      /^API key "partner" is bound to tenant "acme\/dev", which no request can name: a tenantId must be 1 to 64 letters, digits, "\.", "_" or "-", other than "\." and "\.\."$/,
    );
    await expect(makeApp({ apiKeys: ['k', 'p=acme,..'] })).rejects.toThrow(
      'API key "p" is bound to tenant "..", which no request can name: a tenantId must be 1 to 64 letters, digits, ".", "_" or "-", other than "." and ".."',
    );
    const bound = await makeApp({ apiKeys: ['p=acme,b_2.x-y'] });
    expect((await request(bound).get('/b_2.x-y/dev/product-types').set('x-api-key', 'p')).status).toBe(200);
  });
});
