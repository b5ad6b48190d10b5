import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, makeApp } from '../helpers.js';

const product = { productGroupId: 'p1', productType: ['shoes'] };
const seed = { products: [product], productTypes: [{ productTypeId: 'shoes' }] };

/** Every read the mock serves, and every write, as (method, path, body). */
const READS: [string, string, object?][] = [
  ['GET', '/products'],
  ['POST', '/products', { limit: 1 }],
  ['GET', '/products/p1'],
  ['GET', '/search?term=p1'],
  ['GET', '/product-types'],
  ['GET', '/product-types/shoes'],
  ['GET', '/product-recommendations/p1'],
  ['GET', '/products-filters?filterKeys=productType'],
  ['GET', '/product-sort-options'],
  ['GET', '/product-recommendations-by-productId/p1'],
];
const WRITES: [string, string, object][] = [
  ['POST', '/products-push', { data: [{ productGroupId: 'p2' }] }],
  ['POST', '/products/push', { data: [{ productGroupId: 'p2' }] }],
  ['PATCH', '/products', { data: [{ productGroupId: 'p1', shellLifeDays: 3 }] }],
  ['DELETE', '/products', { data: ['p1'] }],
  ['DELETE', '/spaces/s1/products', { data: ['p1'] }],
  ['PATCH', '/variants', { data: [{ productId: 'v1' }] }],
  ['POST', '/product-types', { data: [{ productTypeId: 'bags' }] }],
  ['DELETE', '/product-types', { data: ['shoes'] }],
];

type App = Awaited<ReturnType<typeof makeApp>>;

function send(app: App, method: string, path: string, body?: object, apiKey?: string) {
  const agent = request(app);
  const call =
    method === 'GET'
      ? agent.get(BASE + path)
      : method === 'POST'
        ? agent.post(BASE + path)
        : method === 'PATCH'
          ? agent.patch(BASE + path)
          : agent.delete(BASE + path);
  if (apiKey !== undefined) call.set('x-api-key', apiKey);
  return body === undefined ? call : call.send(body);
}

// Each mode's app is shared by its tests: every write they send is refused, so none changes it.
describe('without --public-reads every request needs a token', () => {
  let app: App;
  beforeAll(async () => {
    app = await makeApp({ seed });
  });

  it.each([...READS, ...WRITES])('%s %s without a token is 401', async (method, path, body) => {
    expect((await send(app, method, path, body)).status).toBe(401);
    expect((await send(app, method, path, body, '')).status).toBe(401);
  });

  it('an empty x-api-key (the published client-side class) is told that --public-reads serves it', async () => {
    const res = await send(app, 'GET', '/products', undefined, '');
    expect(res.status).toBe(401);
    expect(res.body.message).toContain('--public-reads');
    expect(res.body.message).toContain('GridProductServiceClient');
  });
});

describe('with --public-reads', () => {
  let app: App;
  beforeAll(async () => {
    app = await makeApp({ seed, publicReads: true });
  });

  it.each(READS)('%s %s needs no token, with no header or an empty x-api-key', async (method, path, body) => {
    expect((await send(app, method, path, body)).status).toBe(200);
    expect((await send(app, method, path, body, '')).status).toBe(200);
  });

  it.each(WRITES)('%s %s still needs a token, and writes nothing without one', async (method, path, body) => {
    const anonymous = await send(app, method, path, body);
    expect(anonymous.status).toBe(401);
    const empty = await send(app, method, path, body, '');
    expect(empty.status).toBe(401);
    expect(empty.body.message).toContain('writes need a token even with public reads');
    const products = await send(app, 'GET', '/products?select=shellLifeDays');
    expect(products.body.data.list).toEqual([{ productGroupId: 'p1' }]);
    const types = await send(app, 'GET', '/product-types');
    expect(types.body.data).toEqual([{ productTypeId: 'shoes' }]);
  });

  it('still checks a token that is sent: strict mode refuses an unknown key on a read', async () => {
    const strict = await makeApp({ seed, publicReads: true, apiKeys: ['good'] });
    expect((await send(strict, 'GET', '/products', undefined, 'wrong')).status).toBe(401);
    expect((await send(strict, 'GET', '/products', undefined, 'good')).status).toBe(200);
    expect((await send(strict, 'GET', '/products')).status).toBe(200);
  });
});

describe('region prefix', () => {
  it('matches the region without regard to case: UAE and uae are one scope', async () => {
    const app = await makeApp();
    const prefix = (region: string) => `/regions/${region}/products/v1/tenants/acme/dev`;
    const pushed = await request(app)
      .post(`${prefix('UAE')}/products-push`)
      .set('x-api-key', 't')
      .send({ data: [{ productGroupId: 'gulf-1' }] });
    expect(pushed.status).toBe(200);
    for (const region of ['uae', 'Uae', 'UAE']) {
      const res = await request(app)
        .get(`${prefix(region)}/products/gulf-1`)
        .set('x-api-key', 't');
      expect(res.status).toBe(200);
    }
    const elsewhere = await request(app)
      .get(`${prefix('EU')}/products/gulf-1`)
      .set('x-api-key', 't');
    expect(elsewhere.status).toBe(404);
    const unknown = await request(app)
      .get(`${prefix('Mars')}/products`)
      .set('x-api-key', 't');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('uae');
  });
});
