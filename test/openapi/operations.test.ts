import { describe, expect, it } from 'vitest';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { createPipeline } from '../../src/pipeline/pipeline.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { BASE, TOKEN, client, makeApp } from '../helpers.js';

const table = new OperationTable(await loadApiDocument());
const resolve = (method: string, path: string) => {
  const r = table.resolve(method, path);
  return r?.operation ? { id: r.operation.operationId, raw: r.rawParams } : r;
};

describe('OperationTable: which documented operation a method and path reach', () => {
  it('prefers literal segments, but only among paths that have the method', () => {
    expect(resolve('POST', '/t/e/products/push')).toEqual({ id: 'overwriteProducts', raw: ['t', 'e'] });
    expect(resolve('GET', '/t/e/products/push')).toEqual({ id: 'getProduct', raw: ['t', 'e', 'push'] });
    expect(resolve('GET', '/t/e/products/p%201')).toEqual({ id: 'getProduct', raw: ['t', 'e', 'p%201'] });
  });

  it('matches as express does: any case, an optional trailing slash, HEAD as GET', () => {
    expect(resolve('get', '/t/e/PRODUCTS/')).toMatchObject({ id: 'listProducts' });
    expect(resolve('HEAD', '/t/e/variants/v1')).toMatchObject({ id: 'getVariant' });
  });

  it('answers the methods every matching path allows when none has the one asked for', () => {
    expect(resolve('PUT', '/t/e/products/push')).toEqual({ allow: ['POST', 'GET', 'HEAD'] });
    expect(resolve('PUT', '/t/e/product-types')).toEqual({ allow: ['GET', 'HEAD', 'POST', 'DELETE'] });
  });

  it('answers undefined for a path the document does not have', () => {
    expect(resolve('GET', '/t/e/nothing')).toBeUndefined();
    expect(resolve('GET', '/t/e/products/a/b')).toBeUndefined();
  });

  it('drops a base prefix from the templates when asked', async () => {
    const relative = new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}');
    expect(relative.resolve('GET', '/products-barcode/123')?.operation?.operationId).toBe(
      'getProductByBarcode',
    );
    expect(relative.operations).toHaveLength(table.operations.length);
  });
});

describe('the pipeline: every documented operation has exactly one handler', () => {
  it('refuses to start with a handler missing or one the document does not know', async () => {
    const doc = await loadApiDocument();
    const answer = () => ({ status: 204, headers: {} });
    const all = Object.fromEntries(table.operations.map((op) => [op.operationId, answer]));
    const pipeline = (handlers: typeof all) =>
      createPipeline({
        operations: new OperationTable(doc),
        handlers,
        authorize: () => undefined,
        regions: ['eu'],
        defaultRegion: 'eu',
      });
    expect(() => pipeline(all)).not.toThrow();
    const withoutOne = Object.fromEntries(Object.entries(all).filter(([id]) => id !== 'getVariant'));
    expect(() => pipeline(withoutOne)).toThrow(/without a handler: getVariant/);
    expect(() => pipeline({ ...all, archiveProducts: answer })).toThrow(/not documented: archiveProducts/);
  });
});

describe('request validation from openapi.yaml', () => {
  it('reads a product whose id is a literal segment of another path', async () => {
    const c = client(await makeApp());
    await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'push' }] }).expect(200);
    const res = await c.get(`${BASE}/products/push`);
    expect(res.status).toBe(200);
    expect(res.body.data.productGroupId).toBe('push');
  });

  /** The notes the request journal keeps of the last request (docs/behaviour.md, "Parameters"). */
  const lastNotes = async (c: ReturnType<typeof client>): Promise<string[] | undefined> =>
    ((await c.raw.get('/__admin/requests?limit=1')).body.data[0] as { notes?: string[] }).notes;

  it('ignores an unknown query parameter, the request log naming it and the documented ones', async () => {
    const c = client(await makeApp());
    const res = await c.get(`${BASE}/products?limit=2&colour=red`);
    expect(res.status).toBe(200);
    const [note] = (await lastNotes(c)) ?? [];
    expect(note).toMatch(
      /^query\.colour is not a query parameter of listProducts \(documented: search, .*limit.*\); ignored$/,
    );
  });

  it('ignores a property of the POST /products body that is no parameter, the request log naming it', async () => {
    const c = client(await makeApp());
    const data = ['a', 'b', 'c', 'd', 'e'].map((productGroupId) => ({ productGroupId }));
    await c.post(`${BASE}/products-push`, { data }).expect(200);
    const res = await c.post(`${BASE}/products`, { limt: 2, limit: 3 });
    expect(res.status).toBe(200);
    // the documented limit is read, the misspelt one is not
    expect(res.body.data.list).toHaveLength(3);
    const [note] = (await lastNotes(c)) ?? [];
    expect(note).toMatch(
      /^body\.limt is not a property of queryProducts's body \(documented: search, .*limit.*\); ignored$/,
    );
  });

  it('says where a parameter goes that POST /products takes in its body, and names a nameless one', async () => {
    const c = client(await makeApp());
    const inQuery = await c.post(`${BASE}/products?limit=2&colour=red`, {});
    expect(inQuery.status).toBe(200);
    expect(await lastNotes(c)).toEqual([
      'query.limit is not a query parameter of queryProducts: send limit as a property of the JSON body; ignored',
      'query.colour is not a query parameter of queryProducts (documented: none); ignored',
    ]);
    expect((await c.get(`${BASE}/products?=x`)).status).toBe(200);
    expect((await lastNotes(c))?.[0]).toMatch(
      /^query has a parameter without a name \(\?=value\); listProducts takes: search, searchField, limit, /,
    );
  });

  it('says that an & inside a value was sent as it is, when the rest of the value arrives as a name', async () => {
    const c = client(await makeApp());
    // A URL built by joining strings: `?search=${brand}` for the demo brand "Hollis & Finch".
    const res = await c.get(`${BASE}/products?search=Hollis%20&%20Finch`);
    expect(res.status).toBe(200);
    expect((await lastNotes(c))?.[0]).toMatch(
      /^query has a parameter named " Finch", which looks like the rest of a value: an & inside a value must be sent as %26 .*; listProducts takes: search, .*; ignored$/,
    );
    // A name as a library writes it is one: an array in axios's form is not taken for a value.
    expect((await c.get(`${BASE}/product-types?ids[]=a`)).status).toBe(200);
    expect(await lastNotes(c)).toEqual([
      'query.ids[] is not a query parameter of listProductTypes (documented: ids); ignored',
    ]);
  });

  it('documents the words every flag of the API reads as true (x-true-words)', () => {
    const flags = table.operations
      .filter((op) => !op.template.startsWith('/__admin'))
      .flatMap((op) =>
        op.parameters
          .filter((p) => p.in === 'query' && (p.schema as { type?: string } | undefined)?.type === 'boolean')
          .map((p) => [`${op.operationId} ${p.name}`, (p as { 'x-true-words'?: unknown })['x-true-words']]),
      );
    expect(flags.map(([name]) => name)).toEqual(
      expect.arrayContaining(['listProducts includeAttributeFilters', 'updateVariants upsertSpaceIds']),
    );
    for (const [name, words] of flags) expect(words, String(name)).toEqual(['true', '1', 'yes', 'on']);
  });

  it('coerces query values to their documented types and fills in defaults', async () => {
    const c = client(await makeApp());
    const products = Array.from({ length: 60 }, (_, i) => ({
      productGroupId: `p${String(i).padStart(2, '0')}`,
    }));
    await c.post(`${BASE}/products-push`, { data: products }).expect(200);
    // limit defaults to 50: the first page holds 50 of the 60 products.
    expect((await c.get(`${BASE}/products`)).body.data.list).toHaveLength(50);
    expect((await c.get(`${BASE}/products?limit=7&page=2`)).body.data.list[0].productGroupId).toBe('p07');
    const flagged = await c.get(`${BASE}/products?limit=1&includeAttributeFilters=true`);
    expect(flagged.status).toBe(200);
    expect(await lastNotes(c)).toBeUndefined();
    // A flag written otherwise is read as one, and the request log says how.
    const read = {
      yes: true,
      TRUE: true,
      '1': true,
      ' On ': true,
      '': false,
      '0': false,
      no: false,
      maybe: false,
    };
    for (const [written, flag] of Object.entries(read)) {
      const res = await c.get(
        `${BASE}/products?limit=1&includeAttributeFilters=${encodeURIComponent(written)}`,
      );
      expect(res.status).toBe(200);
      expect(await lastNotes(c)).toEqual([
        `query.includeAttributeFilters=${JSON.stringify(written)} read as ${flag}`,
      ]);
    }
    const upsert = await c.patch(`${BASE}/variants?upsertSpaceIds=True`, { data: [{ productId: 'v' }] });
    expect(upsert.status).toBe(200);
    expect(await lastNotes(c)).toEqual(['query.upsertSpaceIds="True" read as true']);
  });

  it('rejects a path segment that is not valid percent-encoding, naming the parameter', async () => {
    const res = await client(await makeApp()).get(`${BASE}/products-barcode/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'params.barcode', message: 'is not valid percent-encoding: "%E0%A4%A"' },
    ]);
  });

  it('decodes path parameters before the handler sees them', async () => {
    const c = client(await makeApp());
    await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'a b/c' }] }).expect(200);
    const res = await c.get(`${BASE}/products/${encodeURIComponent('a b/c')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.productGroupId).toBe('a b/c');
  });

  it('reads a body only for operations that take one', async () => {
    const c = client(await makeApp());
    const read = await c.raw.get(`${BASE}/products?limit=1`).set(TOKEN).type('json').send('{not json');
    expect(read.status).toBe(200);
    const push = await c.raw.post(`${BASE}/products-push`).set(TOKEN).type('json').send('{not json');
    expect(push.status).toBe(400);
    expect(push.body.message).toMatch(/Malformed JSON/);
  });

  it('answers a path the document lacks with 404 whatever the token, and checks the token before the body', async () => {
    const app = await makeApp();
    expect((await client(app).raw.get(`${BASE}/nothing`)).status).toBe(404);
    expect((await client(app).raw.get('/docs/nothing.css')).status).toBe(404);
    const unauthenticated = await client(app)
      .raw.post(`${BASE}/products-push`)
      .type('json')
      .send('{not json');
    expect(unauthenticated.status).toBe(401);
  });

  it('lists every problem of a request, not just the first', async () => {
    const res = await client(await makeApp()).get(`${BASE}/products?limit=0&page=x`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['query.limit', 'query.page']);
  });

  it('takes an empty query value as sent: an empty select means whole records', async () => {
    const c = client(await makeApp());
    await c
      .post(`${BASE}/products-push`, { data: [{ productGroupId: 'p1', productType: ['x'] }] })
      .expect(200);
    const res = await c.get(`${BASE}/products?select=&search=`);
    expect(res.status).toBe(200);
    expect(res.body.data.list[0]).toMatchObject({ productGroupId: 'p1', productType: ['x'] });
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await client(await makeApp())
      .raw.head(`${BASE}/products?limit=1`)
      .set(TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.text).toBeUndefined();
  });

  it('reports the first problem of a body with its readable path, and the allowed values of an enum', async () => {
    const c = client(await makeApp());
    const res = await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'x', spaceIds: ['s'] }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'body.data[0].spaceIds', message: 'may not be sent' }]);
    const status = await c.post(`${BASE}/products-push`, {
      data: [{ productGroupId: 'x', productStatus: [{ spaceId: 's', productStatus: 'Gone' }] }],
    });
    expect(status.status).toBe(400);
    expect(status.body.message).toBe(
      'body.data[0].productStatus[0].productStatus must be one of: ' +
        'Active, Inactive, Discontinued, Dormant, Frozen, Replaced, Obsolete, Abandoned, Blocked (got "Gone")',
    );
    expect((await c.get(`${BASE}/products`)).body.data.count).toBe(0);
  });
});
