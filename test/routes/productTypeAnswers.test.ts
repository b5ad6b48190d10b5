import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

const typeIds = (res: request.Response): string[] =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);

describe('product type deletes and upsert answers', () => {
  it('deletes the ids of ?data= separated by commas too', async () => {
    const base = fresh();
    await c.post(`${base}/product-types`, {
      data: [{ productTypeId: 'a' }, { productTypeId: 'b' }, { productTypeId: 'c' }],
    });
    const res = await c.delete(`${base}/product-types?data=c,nope,a`);
    expect(res.body.data).toEqual([
      { id: 'c', status: 204 },
      { id: 'nope', status: 404 },
      { id: 'a', status: 204 },
    ]);
    expect(typeIds(await c.get(`${base}/product-types`))).toEqual(['b']);
  });

  it('deletes the ids of ?data= given once per id, as an array query parameter is sent by default', async () => {
    const base = fresh();
    await c.post(`${base}/product-types`, {
      data: [
        { productTypeId: 'a' },
        { productTypeId: 'b' },
        { productTypeId: 'c' },
        { productTypeId: 'd,e' },
      ],
    });
    const res = await c.delete(`${base}/product-types?data=c&data=nope&data=a`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 'c', status: 204 },
      { id: 'nope', status: 404 },
      { id: 'a', status: 204 },
    ]);
    // each value is a list as ?data= alone is: an id of the catalog holding a comma stays whole
    const listed = await c.delete(`${base}/product-types?data=${encodeURIComponent('d,e')}&data=b`);
    expect(listed.body.data).toEqual([
      { id: 'd,e', status: 204 },
      { id: 'b', status: 204 },
    ]);
    expect(typeIds(await c.get(`${base}/product-types`))).toEqual([]);
    // an empty value among them names no id, as ?data= alone names none
    await c.post(`${base}/product-types`, { data: [{ productTypeId: 'a' }] });
    const empty = await c.delete(`${base}/product-types?data=a&data=`);
    expect(empty.body.data).toEqual([{ id: 'a', status: 204 }]);
    expect(typeIds(await c.get(`${base}/product-types`))).toEqual([]);
  });

  it('answers each upsert as an operation response: statusCode, a numeric requestCharge, an eTag and the body', async () => {
    const base = fresh();
    const doc = { productTypeId: 'a', isRoot: true };
    const res = await c.post(`${base}/product-types`, { data: [doc] });
    expect(res.body.data).toEqual([
      { statusCode: 201, requestCharge: expect.any(Number), eTag: expect.any(String), resourceBody: doc },
    ]);
    const again = await c.post(`${base}/product-types`, { data: [{ productTypeId: 'a' }] });
    // A changed document gets another eTag.
    expect(again.body.data[0].eTag).not.toBe(res.body.data[0].eTag);
  });
});
