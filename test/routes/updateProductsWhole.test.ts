import { beforeAll, describe, expect, it } from 'vitest';
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

describe('PATCH /products replaces fields whole', () => {
  it('replaces an object field whole rather than merging into it', async () => {
    const base = fresh();
    await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', extra: { a: 1, b: 2 }, shellLifeDays: 3 }],
    });
    await c.patch(`${base}/products`, { data: [{ productGroupId: 'p1', extra: { a: 9 } }] });
    const stored = (await c.get(`${base}/products/p1`)).body.data;
    expect(stored.extra).toEqual({ a: 9 });
    expect(stored.shellLifeDays).toBe(3);
  });
});
