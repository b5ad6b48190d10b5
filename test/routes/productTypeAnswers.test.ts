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
