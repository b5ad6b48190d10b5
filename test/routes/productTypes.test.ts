import { beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { BASE, client, makeApp } from '../helpers.js';

const shoes = {
  productTypeId: 'shoes',
  parentId: 'apparel',
  isRoot: false,
  title: [{ isoLanguageId: 'en-GB', label: 'Shoes' }],
};
const apparel = {
  productTypeId: 'apparel',
  isRoot: true,
  title: [{ isoLanguageId: 'en-GB', label: 'Apparel' }],
};
const bags = { productTypeId: 'bags', parentId: 'apparel', isRoot: false };

describe('product types (docs/behaviour.md, "Product types")', () => {
  let app: Express;
  let c: ReturnType<typeof client>;
  beforeEach(async () => {
    app = await makeApp();
    c = client(app);
  });

  it('upserts whole: 201 for new, 200 for replaced, with the stored document as resourceBody', async () => {
    const first = await c.post(`${BASE}/product-types`, { data: [shoes, apparel] });
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: { statusCode: number }) => r.statusCode)).toEqual([201, 201]);
    expect(first.body.data[0].resourceBody).toEqual(shoes);
    expect(first.body.data[0].eTag).toMatch(/^".+"$/);

    const replaced = { productTypeId: 'shoes', isRoot: true };
    const second = await c.post(`${BASE}/product-types`, { data: [replaced] });
    expect(second.body.data[0].statusCode).toBe(200);
    const got = await c.get(`${BASE}/product-types/shoes`);
    expect(got.body).toEqual({ data: replaced });
  });

  it('lists all ordered by productTypeId, or those asked for in the order asked, with , or ;', async () => {
    const hats = { productTypeId: 'Hats, Caps & Beanies', isRoot: true };
    await c.post(`${BASE}/product-types`, { data: [shoes, apparel, bags, hats] });
    const idsOf = async (query: string) =>
      (await c.get(`${BASE}/product-types${query}`)).body.data.map(
        (t: { productTypeId: string }) => t.productTypeId,
      );
    expect(await idsOf('')).toEqual(['Hats, Caps & Beanies', 'apparel', 'bags', 'shoes']);
    expect(await idsOf('?ids=shoes,nope,apparel')).toEqual(['shoes', 'apparel']);
    expect(await idsOf('?ids=shoes,apparel,shoes')).toEqual(['shoes', 'apparel']);
    // An empty list asks for none (the client's getProductTypesList([])); no ids asks for all.
    expect(await idsOf('?ids=')).toEqual([]);
    expect(await idsOf('?ids=;')).toEqual([]);
    // The published client joins with ";", so that an id may hold a comma; alone, it is known whole.
    const hatsId = encodeURIComponent(hats.productTypeId);
    expect(await idsOf(`?ids=${hatsId};shoes`)).toEqual(['Hats, Caps & Beanies', 'shoes']);
    expect(await idsOf(`?ids=${hatsId}`)).toEqual(['Hats, Caps & Beanies']);
  });

  it('answers 404 with a message for an unknown id', async () => {
    const res = await c.get(`${BASE}/product-types/nope`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, message: expect.stringContaining('nope') });
  });

  it('deletes by body or by ?data=, 204 per deleted and 404 per unknown id', async () => {
    await c.post(`${BASE}/product-types`, { data: [shoes, apparel, bags] });
    const byBody = await c.delete(`${BASE}/product-types`, { data: ['shoes', 'nope', 'shoes'] });
    expect(byBody.status).toBe(200);
    expect(byBody.body.data).toEqual([
      { id: 'shoes', status: 204 },
      { id: 'nope', status: 404 },
      { id: 'shoes', status: 404 },
    ]);
    const byQuery = await c.delete(`${BASE}/product-types?data=apparel;bags`);
    expect(byQuery.body.data).toEqual([
      { id: 'apparel', status: 204 },
      { id: 'bags', status: 204 },
    ]);
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('deletes any number of ids, by ?data= as by the body (docs/behaviour.md, "Product types")', async () => {
    const data = Array.from({ length: 202 }, (_, i) => ({ productTypeId: `t${i}` }));
    for (let i = 0; i < data.length; i += 100)
      await c.post(`${BASE}/product-types`, { data: data.slice(i, i + 100) });
    const ids = data.map((t) => t.productTypeId);
    const byQuery = await c.delete(`${BASE}/product-types?data=${ids.slice(0, 101).join(';')}`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.body.data).toHaveLength(101);
    const byBody = await c.delete(`${BASE}/product-types`, { data: ids.slice(101) });
    expect(byBody.status).toBe(200);
    expect(byBody.body.data).toHaveLength(101);
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('refuses a delete naming ids in both the body and ?data=, and deletes nothing', async () => {
    // The query's ids were ignored without a word: the caller believed both lists deleted.
    await c.post(`${BASE}/product-types`, { data: [shoes, apparel] });
    const both = await c.delete(`${BASE}/product-types?data=apparel`, { data: ['shoes'] });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'query.data is for a request without a body: give data in the JSON body or in the query, not in both',
    );
    expect((await c.get(`${BASE}/product-types`)).body.data).toHaveLength(2);
  });

  it('rejects a delete without data; an empty list of ids is an empty batch', async () => {
    const res = await c.delete(`${BASE}/product-types`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/data/);
    // ?data= of separators and spaces, or a body of no ids, names none: nothing is deleted.
    await c.post(`${BASE}/product-types`, { data: [shoes] });
    for (const data of ['', ' ', ',,', ' ; ']) {
      const none = await c.delete(`${BASE}/product-types?data=${encodeURIComponent(data)}`);
      expect([none.status, none.body.data], data).toEqual([200, []]);
    }
    expect((await c.delete(`${BASE}/product-types`, { data: [] })).body.data).toEqual([]);
    const journal = await c.raw.get('/__admin/requests?limit=1');
    expect(journal.body.data[0].notes).toEqual(['an empty batch: nothing written']);
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([shoes]);
  });

  it('rejects a 101-document batch with a message that says 100, and writes nothing', async () => {
    const data = Array.from({ length: 101 }, (_, i) => ({ productTypeId: `t${i}` }));
    const res = await c.post(`${BASE}/product-types`, { data });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('100');
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([]);
  });

  it('accepts exactly 100 documents', async () => {
    const data = Array.from({ length: 100 }, (_, i) => ({ productTypeId: `t${i}` }));
    const res = await c.post(`${BASE}/product-types`, { data });
    expect(res.status).toBe(200);
    expect((await c.get(`${BASE}/product-types`)).body.data).toHaveLength(100);
  });

  it('rejects a document without productTypeId or with a wrong type, naming the field, and writes nothing', async () => {
    const missing = await c.post(`${BASE}/product-types`, { data: [shoes, { isRoot: true }] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('productTypeId');
    const wrongType = await c.post(`${BASE}/product-types`, {
      data: [{ productTypeId: 'x', isRoot: 'yes' }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('isRoot');
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([]);
  });
});

describe('product types sent twice in one batch', () => {
  it('are applied in order: 201 then 200, and the last one is stored', async () => {
    const c = client(await makeApp());
    const res = await c.post(`${BASE}/product-types`, {
      data: [
        { productTypeId: 'twice', isRoot: true },
        { productTypeId: 'twice', isRoot: false },
      ],
    });
    expect(res.body.data.map((r: { statusCode: number }) => r.statusCode)).toEqual([201, 200]);
    expect((await c.get(`${BASE}/product-types/twice`)).body.data).toEqual({
      productTypeId: 'twice',
      isRoot: false,
    });
  });

  it('stores a root that names itself as its parent, and parentId links that loop, as sent', async () => {
    const c = client(await makeApp());
    const root = { productTypeId: 'apparel', parentId: 'apparel', isRoot: true };
    const child = { productTypeId: 'shoes', parentId: 'apparel', isRoot: false };
    const pushed = await c.post(`${BASE}/product-types`, { data: [root, child] });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data.map((r: { statusCode: number }) => r.statusCode)).toEqual([201, 201]);
    expect((await c.get(`${BASE}/product-types/apparel`)).body.data).toEqual(root);
    // a loop through a stored type is stored too: the mock never walks the tree
    const looped = { ...root, parentId: 'shoes', isRoot: false };
    const loop = await c.post(`${BASE}/product-types`, { data: [looped, bags] });
    expect(loop.status).toBe(200);
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([looped, bags, child]);
    const removed = await c.delete(`${BASE}/product-types`, { data: ['apparel', 'shoes'] });
    expect(removed.body.data).toEqual([
      { id: 'apparel', status: 204 },
      { id: 'shoes', status: 204 },
    ]);
    expect((await c.get(`${BASE}/product-types`)).body.data).toEqual([bags]);
  });
});
