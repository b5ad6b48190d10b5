import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { client, makeApp } from '../helpers.js';

type Client = ReturnType<typeof client>;

let app: Express;

let c: Client;

let tenant = 0;
/** A scope of its own for each caller: it starts empty. */
const fresh = () => `/scope${++tenant}/dev`;

beforeAll(async () => {
  app = await makeApp();
  c = client(app);
});

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
