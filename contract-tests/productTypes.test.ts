import { describe, expect, it } from 'vitest';
import { contractKit } from '../src/contract/suite/kit.js';

const { api, ids, settled, writing } = await contractKit('types');

const typeIds = (reply: { data: { productTypeId: string }[] }) => reply.data.map((t) => t.productTypeId);
/** Where typeIds() reads its ids: a difference in them is named so, not `$`. */
const IDS = '$.data (ids)';

describe('product types: reads', () => {
  it('GET /product-types answers an array of product types', async () => {
    const reply = await api.get('/product-types');
    reply.expectStatus(200).expect(Array.isArray(reply.data)).toBe(true);
  });

  it('[mock choice] GET /product-types/{id} of an unknown id is a 404 with a message', async () => {
    (await api.get(`/product-types/${ids.unknown('type')}`)).expectError(404);
  });
});

// The spec shows neither the body of an upsert nor its operation response records: { data } is the
// published client's, and so are the fields of a response record (docs/behaviour.md, "Product types").
writing('product types: writes', () => {
  const shoes = {
    productTypeId: ids.productType('shoes'),
    parentId: ids.productType('apparel'),
    isRoot: false,
    title: [{ isoLanguageId: 'en-GB', label: 'Shoes' }],
  };
  const apparel = {
    productTypeId: ids.productType('apparel'),
    isRoot: true,
    title: [{ isoLanguageId: 'en-GB', label: 'Apparel' }],
  };
  const bags = { productTypeId: ids.productType('bags'), parentId: apparel.productTypeId, isRoot: false };

  it('[published] POST /product-types upserts: one operation response per document, 201 when created, and GET returns it', async () => {
    const reply = await api.post('/product-types', { data: [shoes, apparel] });
    reply.expectStatus(200);
    reply
      .expect(
        reply.data.map((r: { statusCode: number }) => r.statusCode),
        '$.data (statusCodes)',
      )
      .toEqual([201, 201]);
    await settled(async () => {
      const got = await api.get(`/product-types/${shoes.productTypeId}`);
      got.expectStatus(200).expect(got.data, '$.data').toEqual(shoes);
    });
  });

  it('[mock choice] POST /product-types replaces a stored document whole (statusCode 200)', async () => {
    await api.post('/product-types', { data: [bags] });
    const replacement = { productTypeId: bags.productTypeId, isRoot: true };
    const reply = await api.post('/product-types', { data: [replacement] });
    reply.expectStatus(200).expect(reply.data[0].statusCode, '$.data[0].statusCode').toBe(200);
    await settled(async () => {
      const got = await api.get(`/product-types/${bags.productTypeId}`);
      got.expectStatus(200).expect(got.data, '$.data').toEqual(replacement);
    });
  });

  it('GET /product-types?ids= answers the ones asked for that exist ([mock choice] in the order asked, `;` too)', async () => {
    await api.post('/product-types', { data: [shoes, apparel] });
    await settled(async () => {
      const comma = await api.get(
        `/product-types?ids=${shoes.productTypeId},${ids.unknown('t')},${apparel.productTypeId}`,
      );
      comma
        .expectStatus(200)
        .expect(typeIds(comma), IDS)
        .toEqual([shoes.productTypeId, apparel.productTypeId]);
      const semicolon = await api.get(`/product-types?ids=${apparel.productTypeId};${shoes.productTypeId}`);
      semicolon.expect(typeIds(semicolon), IDS).toEqual([apparel.productTypeId, shoes.productTypeId]);
    });
  });

  it('[mock choice] GET /product-types without ids lists all, ordered by productTypeId', async () => {
    await api.post('/product-types', { data: [shoes, apparel] });
    await settled(async () => {
      const all = await api.get('/product-types');
      const listed = typeIds(all);
      all.expect(listed, IDS).toEqual(expect.arrayContaining([shoes.productTypeId, apparel.productTypeId]));
      all.expect(listed, IDS).toEqual([...listed].sort());
    });
  });

  it('DELETE /product-types answers { id, status } per id ([mock choice] 204 deleted, 404 unknown) and the type is gone', async () => {
    const doomed = { productTypeId: ids.productType('doomed') };
    await api.post('/product-types', { data: [doomed] });
    const unknown = ids.unknown('doomed');
    const reply = await api.delete('/product-types', { data: [doomed.productTypeId, unknown] });
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual([
        { id: doomed.productTypeId, status: 204 },
        { id: unknown, status: 404 },
      ]);
    await settled(async () => (await api.get(`/product-types/${doomed.productTypeId}`)).expectError(404));
  });

  it('[published] POST /product-types takes 100 documents in one batch', async () => {
    const data = Array.from({ length: 100 }, (_, i) => ({ productTypeId: ids.productType(`batch-${i}`) }));
    const reply = await api.post('/product-types', { data });
    reply.expectStatus(200).expect(reply.data).toHaveLength(100);
  });

  it('[mock choice] POST /product-types with 101 documents is a 400 whose message says 100, and writes nothing', async () => {
    const data = Array.from({ length: 101 }, (_, i) => ({ productTypeId: ids.productType(`over-${i}`) }));
    const reply = await api.post('/product-types', { data });
    reply.expectError(400, '100');
    (await api.get(`/product-types/${data[0]?.productTypeId}`)).expectError(404);
  });

  it('[mock choice] POST /product-types with a document lacking productTypeId is a 400 naming the field, and writes nothing', async () => {
    const good = { productTypeId: ids.productType('invalid-batch') };
    const reply = await api.post('/product-types', { data: [good, { isRoot: true }] });
    reply.expectError(400, 'productTypeId');
    (await api.get(`/product-types/${good.productTypeId}`)).expectError(404);
  });
});
