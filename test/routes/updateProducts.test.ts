import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { client, makeApp } from '../helpers.js';
import { workbenchOf } from '../../src/app.js';
import { loadSchemaValidator } from '../../src/openapi/schemas.js';

type Client = ReturnType<typeof client>;

// One app for the file; each test gets a tenant of its own, so starts from an empty scope.
let app: Express;
let tenant = 0;
let BASE = '';
let c: Client;
beforeAll(async () => {
  app = await makeApp();
});
beforeEach(() => {
  BASE = `/update${++tenant}/dev`;
  c = client(app);
});

const price = (productId: string, spaceId: string, listPrice: number) => ({ productId, spaceId, listPrice });
const read = async (id: string) => (await c.get(`${BASE}/products/${id}`)).body.data;
const status = async (id: string) => (await c.get(`${BASE}/products/${id}`)).status;

/** A product in spaces s1 and s2, with an element of every detach field in each. */
const inTwoSpaces = {
  productGroupId: 'p1',
  productName: [{ isoLanguageId: 'en-GB', productName: 'Boot' }],
  productPriceList: [price('v1', 's1', 1), price('v1', 's2', 2)],
  productStatus: [
    { spaceId: 's1', productStatus: 'Active' },
    { spaceId: 's2', productStatus: 'Active' },
  ],
  productItemQuantity: [
    { productId: 'v1', spaceId: 's2', productItemQuantity: 2 },
    { productId: 'v1', spaceId: 's1', productItemQuantity: 1 },
  ],
  productLabel: [{ spaceId: 's1', productLabel: 'Online Exclusive' }, { productLabel: 'New' }],
  customProperties: [
    { key: 'k', spaceId: 's1', value: 1 },
    { key: 'k', value: 0 },
  ],
};

describe('POST /products/push (docs/behaviour.md, "POST /products/push (overwrite push)")', () => {
  it('replaces the stored record whole: 201 created, 200 replaced, fields not sent are gone', async () => {
    const first = await c.post(`${BASE}/products/push`, { data: [inTwoSpaces] });
    expect(first.body).toEqual({ data: [{ productGroupId: 'p1', status: 201 }] });
    const second = await c.post(`${BASE}/products/push`, {
      data: [{ productGroupId: 'p1', productPriceList: [price('v9', 's9', 9)] }],
    });
    expect(second.body).toEqual({ data: [{ productGroupId: 'p1', status: 200 }] });
    expect(await read('p1')).toEqual({
      productGroupId: 'p1',
      productPriceList: [price('v9', 's9', 9)],
      spaceIds: ['s9'],
    });
  });

  it("stores variants and images as sent, their productGroupId defaulting to the record's", async () => {
    await c.post(`${BASE}/products/push`, {
      data: [
        { productGroupId: 'p1', variants: [{ productId: 'v1' }, { productId: 'v2', productGroupId: 'p0' }] },
      ],
    });
    expect((await read('p1')).variants).toEqual([
      { productId: 'v1', productGroupId: 'p1' },
      { productId: 'v2', productGroupId: 'p0' },
    ]);
  });

  it('derives spaceIds when absent and keeps them as sent when present', async () => {
    await c.post(`${BASE}/products/push`, { data: [inTwoSpaces] });
    expect((await read('p1')).spaceIds).toEqual(['s1', 's2']);
    await c.post(`${BASE}/products/push`, { data: [{ ...inTwoSpaces, spaceIds: ['s2'] }] });
    expect((await read('p1')).spaceIds).toEqual(['s2']);
  });

  it('rejects a 101-record batch with a message that says 100, and writes nothing', async () => {
    const data = Array.from({ length: 101 }, (_, i) => ({ productGroupId: `p${i}` }));
    const res = await c.post(`${BASE}/products/push`, { data });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('100');
    expect(await status('p0')).toBe(404);
  });
});

describe('PATCH /products (docs/behaviour.md, "PATCH /products")', () => {
  beforeEach(async () => {
    await c.post(`${BASE}/products-push`, { data: [{ ...inTwoSpaces, shellLifeDays: 5 }] });
  });

  it('replaces each sent field whole, merge fields included, and changes nothing else', async () => {
    const before = await read('p1');
    const res = await c.patch(`${BASE}/products`, {
      data: [{ productGroupId: 'p1', productPriceList: [price('v2', 's3', 7)], shellLifeDays: 6 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ productGroupId: 'p1', status: 200 }] });
    // s3 is not added to spaceIds: PATCH changes only what it is sent.
    expect(await read('p1')).toEqual({
      ...before,
      productPriceList: [price('v2', 's3', 7)],
      shellLifeDays: 6,
    });
  });

  it('can replace spaceIds, the one way besides detach and overwrite to remove a space', async () => {
    await c.patch(`${BASE}/products`, { data: [{ productGroupId: 'p1', spaceIds: ['s2'] }] });
    expect((await read('p1')).spaceIds).toEqual(['s2']);
  });

  it('answers 404 in the item for an unknown productGroupId and creates nothing', async () => {
    const res = await c.patch(`${BASE}/products`, {
      data: [
        { productGroupId: 'nope', shellLifeDays: 1 },
        { productGroupId: 'p1', shellLifeDays: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { productGroupId: 'nope', status: 404 },
      { productGroupId: 'p1', status: 200 },
    ]);
    expect(await status('nope')).toBe(404);
  });

  it('rejects an invalid record in the middle of a batch whole', async () => {
    const res = await c.patch(`${BASE}/products`, {
      data: [{ productGroupId: 'p1', shellLifeDays: 1 }, { shellLifeDays: 2 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productGroupId');
    expect((await read('p1')).shellLifeDays).toBe(5);
  });
});

describe('DELETE /products and detach (docs/behaviour.md, "DELETE /products and detach")', () => {
  beforeEach(async () => {
    await c.post(`${BASE}/products-push`, { data: [inTwoSpaces, { productGroupId: 'p2' }] });
  });

  it('deletes: 200 per deleted product, 404 per unknown id and per id named again', async () => {
    const res = await c.delete(`${BASE}/products`, { data: ['p1', 'nope', 'p1'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { productGroupId: 'p1', status: 200 },
        { productGroupId: 'nope', status: 404 },
        { productGroupId: 'p1', status: 404 },
      ],
    });
    expect(await status('p1')).toBe(404);
    expect(await status('p2')).toBe(200);
  });

  it('detaches: the space leaves spaceIds and every element carrying it, other spaces stay', async () => {
    const res = await c.delete(`${BASE}/spaces/s1/products`, { data: ['p1', 'nope'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { productGroupId: 'p1', status: 202 },
        { productGroupId: 'nope', status: 404 },
      ],
    });
    const stored = await read('p1');
    expect(stored.spaceIds).toEqual(['s2']);
    expect(stored.productPriceList).toEqual([price('v1', 's2', 2)]);
    expect(stored.productStatus).toEqual([{ spaceId: 's2', productStatus: 'Active' }]);
    expect(stored.productItemQuantity).toEqual([{ productId: 'v1', spaceId: 's2', productItemQuantity: 2 }]);
    expect(stored.productLabel).toEqual([{ productLabel: 'New' }]);
    expect(stored.customProperties).toEqual([{ key: 'k', value: 0 }]);
    expect(stored.productName).toEqual(inTwoSpaces.productName);
    expect(await status('nope')).toBe(404);
  });
});

describe('batch answers', () => {
  it('conform to the documented ProductItemResult, one per record in the order sent', async () => {
    const schemas = await loadSchemaValidator();
    const answers = [
      await c.post(`${BASE}/products-push`, { data: [inTwoSpaces, { productGroupId: 'p2' }] }),
      await c.post(`${BASE}/products/push`, { data: [{ productGroupId: 'p3' }] }),
      await c.patch(`${BASE}/products`, { data: [{ productGroupId: 'p2' }, { productGroupId: 'x' }] }),
      await c.delete(`${BASE}/spaces/s1/products`, { data: ['p1', 'x'] }),
      await c.delete(`${BASE}/products`, { data: ['p3', 'x'] }),
    ];
    expect(answers.map((r) => r.body.data.map((i: { status: number }) => i.status))).toEqual([
      [201, 201],
      [201],
      [200, 404],
      [202, 404],
      [200, 404],
    ]);
    for (const item of answers.flatMap((r) => r.body.data)) {
      expect(schemas.checkComponent('ProductItemResult', item)).toEqual([]);
    }
  });
});

describe('writes with --data', () => {
  it('a 2xx answer means the batch is on disk: a server started on the file has it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'writes-'));
    const file = join(dir, 'db.json');
    try {
      const first = await makeApp({ data: file });
      const res = await client(first).post('/acme/dev/products-push', { data: [inTwoSpaces] });
      expect(res.status).toBe(200);
      await workbenchOf(first).close(); // one server per file: a restart closes the first
      const restarted = await makeApp({ data: file });
      const stored = await client(restarted).get('/acme/dev/products/p1');
      await workbenchOf(restarted).close();
      expect(stored.body.data.productPriceList).toEqual(inTwoSpaces.productPriceList);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
