import { describe, expect, it } from 'vitest';
import { appPerFile } from '../helpers.js';

const { c, fresh } = appPerFile();

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
