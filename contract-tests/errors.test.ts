import { describe, it } from 'vitest';
import { contractKit } from '../src/contract/suite/kit.js';
import { filterParam } from '../src/contract/suite/records.js';

const { api, ids, writing, target } = await contractKit('errors');

// The spec requires a token on every request and shows no error status or body
// (docs/behaviour.md, "Errors"): a refusal is spec, its 401 and message the mock's choice
// (docs/behaviour.md, "Authentication").
describe('authentication', () => {
  it('GET /products without a token is refused', async () => {
    (await api.call({ method: 'GET', path: '/products', auth: false })).expectRefused();
  });

  it('[mock choice] GET /products without a token is a 401 with a message', async () => {
    (await api.call({ method: 'GET', path: '/products', auth: false })).expectError(401);
  });

  it('[mock choice] GET /product-types with an empty x-api-key is a 401 with a message', async () => {
    (await api.call({ method: 'GET', path: '/product-types', headers: { 'x-api-key': '' } })).expectError(
      401,
    );
  });

  it('[mock choice] POST /products-push without a token is a 401 (the body is not even read)', async () => {
    (await api.call({ method: 'POST', path: '/products-push', raw: '{"data": [', auth: false })).expectError(
      401,
    );
  });

  it('[mock choice] the token is accepted in Authorization as "Bearer <token>"', async () => {
    const reply = await api.call({
      method: 'GET',
      path: '/product-types',
      auth: false,
      headers: { authorization: `Bearer ${target.apiKey}` },
    });
    reply.expectStatus(200);
  });
});

// Error statuses and bodies: docs/behaviour.md, "Errors" (the spec shows none).
describe('malformed input that cannot be written', () => {
  it('[mock choice] POST /products-push with malformed JSON is a 400 with a message', async () => {
    (
      await api.call({ method: 'POST', path: '/products-push', raw: '{"data": [{"productGroupId": ' })
    ).expectError(400);
  });

  it('[mock choice] POST /products with malformed JSON is a 400 with a message', async () => {
    (await api.call({ method: 'POST', path: '/products', raw: '{"limit": 2,' })).expectError(400);
  });

  it('[mock choice] GET /products with a filter that is not JSON is a 400 that names the filter', async () => {
    const reply = await api.get(`/products?filter=${encodeURIComponent('{"gt": [')}`);
    reply.expectError(400, /filter/i);
  });

  it('[mock choice] GET /products with a malformed additionalRawFilter is a 400 that names it', async () => {
    const reply = await api.get(`/products?additionalRawFilter=${encodeURIComponent('{"eq": [')}`);
    reply.expectError(400, 'additionalRawFilter');
  });

  it('[mock choice] GET /product-ean-by-epc/{epc} with a code that is not an SGTIN is a 400 that says so', async () => {
    (await api.get('/product-ean-by-epc/3178E61C883950F59A000000')).expectError(400, /SGTIN/);
  });

  it('[mock choice] GET /products-by-epc/{code} with a code that is not an EPC is a 400', async () => {
    (await api.get('/products-by-epc/not-an-epc')).expectError(400);
  });

  it('[mock choice] GET /products with an unknown filter operator is a 400 that names it', async () => {
    const reply = await api.get(`/products?${filterParam({ near: ['productGroupId', 'x'] })}`);
    reply.expectError(400, 'near');
  });

  it('[mock choice] GET /products sorted by a field that cannot be sorted is a 400', async () => {
    (await api.get(`/products?sort=${encodeURIComponent('variants desc')}`)).expectError(400);
  });

  it('[mock choice] GET /products with limit 0 is a 400', async () => {
    (await api.get('/products?limit=0')).expectError(400);
  });

  it('[mock choice] GET /search without a term is a 400', async () => {
    (await api.get('/search')).expectError(400);
  });

  it('[mock choice] POST /products-push with a body that is not JSON is a 415', async () => {
    (
      await api.call({
        method: 'POST',
        path: '/products-push',
        raw: 'productGroupId=x',
        headers: { 'content-type': 'text/plain' },
      })
    ).expectError(415);
  });
});

// The spec shows no behaviour for missing products: docs/behaviour.md, "Errors".
describe('[mock choice] unknown ids are a 404 with a message', () => {
  const unknown = ids.unknown('missing');
  it.each([
    ['GET /products/{productGroupId}', `/products/${unknown}`],
    ['GET /product-types/{productTypeId}', `/product-types/${unknown}`],
    ['GET /variants/{productId}', `/variants/${unknown}`],
    ['GET /products-barcode/{barcode}', '/products-barcode/00000000000000000000000000'],
    ['GET /product-recommendations/{productGroupId}', `/product-recommendations/${unknown}`],
    [
      'GET /product-recommendations-by-productId/{productGroupId}',
      `/product-recommendations-by-productId/${unknown}`,
    ],
  ])('%s', async (_name, path) => {
    (await api.get(path)).expectError(404);
  });
});

// The spec names the rules (productGroupId required, spaceIds not accepted, 100 a batch) but shows no
// answer to a request that breaks one: the 400, its message and "nothing written" are the mock's
// choice (docs/behaviour.md, "Errors" and "POST /products-push (merge push)").
writing('[mock choice] invalid writes are a 400 with a message and write nothing', () => {
  const expectNoProduct = async (productGroupId: string) =>
    (await api.get(`/products/${productGroupId}`)).expectError(404);

  it('POST /products-push with a record lacking productGroupId names the field', async () => {
    const good = ids.product('valid-neighbour');
    const reply = await api.post('/products-push', { data: [{ productGroupId: good }, { productName: [] }] });
    reply.expectError(400, 'productGroupId');
    await expectNoProduct(good);
  });

  it('POST /products-push with a field of the wrong type names the field', async () => {
    const id = ids.product('wrong-type');
    const reply = await api.post('/products-push', { data: [{ productGroupId: id, productName: 'Shoe' }] });
    reply.expectError(400, 'productName');
    await expectNoProduct(id);
  });

  it('POST /products-push with spaceIds (computed, not accepted) names spaceIds', async () => {
    const id = ids.product('sent-spaceids');
    const reply = await api.post('/products-push', { data: [{ productGroupId: id, spaceIds: ['s1'] }] });
    reply.expectError(400, 'spaceIds');
    await expectNoProduct(id);
  });

  it('[mock choice] POST /products-push with null for a replace field (send [] to clear)', async () => {
    const id = ids.product('null-field');
    (await api.post('/products-push', { data: [{ productGroupId: id, productName: null }] })).expectError(
      400,
    );
    await expectNoProduct(id);
  });

  it('[mock choice] POST /products-push with a merge element lacking a key part (productPriceList without spaceId)', async () => {
    const id = ids.product('no-key');
    const data = [{ productGroupId: id, productPriceList: [{ productId: 'v1', listPrice: 1 }] }];
    (await api.post('/products-push', { data })).expectError(400);
    await expectNoProduct(id);
  });

  const overLimit = (name: string, extra: object = {}) =>
    Array.from({ length: 101 }, (_, i) => ({ productGroupId: ids.product(`${name}-${i}`), ...extra }));

  it('POST /products-push with 101 records says 100', async () => {
    const data = overLimit('push-101');
    const reply = await api.post('/products-push', { data });
    reply.expectError(400, '100');
    await expectNoProduct(data[0]!.productGroupId);
  });

  it('[mock choice] POST /products/push with 101 records says 100', async () => {
    const data = overLimit('overwrite-101');
    const reply = await api.post('/products/push', { data });
    reply.expectError(400, '100');
    await expectNoProduct(data[0]!.productGroupId);
  });

  it('PATCH /products with 101 records says 100', async () => {
    const reply = await api.patch('/products', { data: overLimit('patch-101', { shellLifeDays: 1 }) });
    reply.expectError(400, '100');
  });

  it('PATCH /products with a record lacking productGroupId names the field', async () => {
    const reply = await api.patch('/products', { data: [{ shellLifeDays: 3 }] });
    reply.expectError(400, 'productGroupId');
  });

  it('[mock choice] PATCH /variants with a price of another variant is a 400', async () => {
    const id = ids.product('variant-mismatch');
    (
      await api.post('/products-push', {
        data: [{ productGroupId: id, variants: [{ productId: `${id}-v1` }] }],
      })
    ).expectStatus(200);
    const item = {
      productId: `${id}-v1`,
      productPriceList: [{ productId: `${id}-v2`, spaceId: 's1', listPrice: 1 }],
    };
    (await api.patch('/variants', { data: [item] })).expectError(400);
  });
});
