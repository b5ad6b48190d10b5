// Ceilings on what requests may make the server keep: records written (--max-stored-mb) and fault
// rules (--max-fault-rules), each refused with a 507 that names its option, changing nothing
// (docs/behaviour.md, "Storage and --data" and "Simulated failures and latency"); journal entries
// per scope (--journal-per-scope), past which a scope forgets its own oldest (docs/security.md).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workbenchOf } from '../../src/app.js';
import { BASE, client, makeApp } from '../helpers.js';
import { memoryGuard, type MockOptions } from '../../src/mock.js';
import { Store } from '../../src/store/store.js';
import type { CatalogProduct } from '../../src/domain/types.js';

/** A product of about `kb` KB of JSON. */
const big = (id: string, kb: number) => ({
  productGroupId: id,
  productDescription: [{ isoLanguageId: 'en-US', productDescription: 'x'.repeat(kb * 1024) }],
});

describe('--max-stored-mb', () => {
  const opened: { close(): Promise<void> }[] = [];
  const dirs: string[] = [];
  const openApp = async (options: MockOptions) => {
    const app = await makeApp(options);
    opened.push(workbenchOf(app));
    return client(app);
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  for (const mode of ['in memory', 'with --data'] as const) {
    it(`refuses, ${mode}, a push past it with a 507 naming it, applies nothing, and takes writes again once records are deleted or reset`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pcm-bounds-'));
      dirs.push(dir);
      const c = await openApp({
        maxStoredMb: 1,
        ...(mode === 'with --data' && { data: join(dir, 'catalog.json') }),
      });
      // The attack at scale: pushes of large records, one after another, each to another tenant.
      let refused: { status: number; body: { message: string } } | undefined;
      let pushed = 0;
      for (let i = 0; i < 20 && !refused; i++) {
        const res = await c.post(`/tenant${i}/dev/products-push`, { data: [big(`p${i}`, 200)] });
        if (res.status === 200) pushed++;
        else refused = res;
      }
      expect(pushed).toBe(5);
      expect(refused?.status).toBe(507);
      expect(refused?.body.message).toMatch(
        /^The store is full: this write would bring the records the writes keep to 1\.2 MB, past --max-stored-mb \(1\.0 MB, all tenants together\); nothing was applied\. Delete records, reset \(POST \/__admin\/reset\), or start the mock with a larger --max-stored-mb$/,
      );
      expect((await c.get(`/tenant${pushed}/dev/products/p${pushed}`)).status).toBe(404);
      // A smaller record in place of a larger one keeps less: it passes, as a delete does.
      expect((await c.post('/tenant0/dev/products-push', { data: [big('p0', 10)] })).status).toBe(200);
      expect((await c.delete('/tenant1/dev/products', { data: ['p1'] })).status).toBe(200);
      expect((await c.post(`/tenant${pushed}/dev/products-push`, { data: [big('again', 200)] })).status).toBe(
        200,
      );
      expect((await c.post(`/tenant${pushed}/dev/products-push`, { data: [big('more', 300)] })).status).toBe(
        507,
      );
      await c.raw.post('/__admin/reset');
      expect((await c.post(`${BASE}/products-push`, { data: [big('after-reset', 200)] })).status).toBe(200);
    });
  }
});

describe('--max-scope-mb', () => {
  const opened: { close(): Promise<void> }[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  for (const mode of ['in memory', 'with --data'] as const) {
    it(`refuses, ${mode}, a push past one scope's share with a 507 naming it, while other scopes still write, until the scope is reset`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pcm-scope-bounds-'));
      dirs.push(dir);
      const app = await makeApp({
        maxScopeMb: 0.5,
        ...(mode === 'with --data' && { data: join(dir, 'catalog.json') }),
      });
      opened.push(workbenchOf(app));
      const c = client(app);
      // One tenant pushing large records, one after another, filled the store for every tenant.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await c.post('/greedy/dev/products-push', { data: [big(`p${i}`, 200)] })).status);
      }
      expect(statuses).toEqual([200, 200, 507, 507]);
      const refused = await c.post('/greedy/dev/products-push', { data: [big('p9', 200)] });
      expect(refused.body.message).toBe(
        'The scope eu/greedy/dev is full: this write would bring the records the writes keep in it to 0.59 MB, past --max-scope-mb (0.5 MB in one scope); nothing was applied. Delete records of this scope, reset it (POST /__admin/scopes/eu/greedy/dev/reset), or start the mock with a larger --max-scope-mb',
      );
      expect((await c.get('/greedy/dev/products/p2')).status).toBe(404);
      expect((await c.post('/other/dev/products-push', { data: [big('o1', 200)] })).status).toBe(200);
      expect((await c.post('/greedy/test/products-push', { data: [big('t1', 200)] })).status).toBe(200);
      // A reset of the scope alone gives its share back.
      expect((await c.raw.post('/__admin/scopes/eu/greedy/dev/reset')).status).toBe(200);
      expect((await c.post('/greedy/dev/products-push', { data: [big('again', 400)] })).status).toBe(200);
    });
  }

  it('is a quarter of --max-stored-mb by default, and a positive number', async () => {
    const app = await makeApp({ maxStoredMb: 1 });
    opened.push(workbenchOf(app));
    const c = client(app);
    expect((await c.post('/acme/dev/products-push', { data: [big('a', 200)] })).status).toBe(200);
    const refused = await c.post('/acme/dev/products-push', { data: [big('b', 200)] });
    expect([refused.status, refused.body.message]).toEqual([
      507,
      expect.stringContaining('past --max-scope-mb (0.25 MB in one scope)'),
    ]);
    for (const bad of [0, -1, Number.NaN]) {
      await expect(makeApp({ maxScopeMb: bad })).rejects.toThrow(
        `maxScopeMb must be a positive number of MB, not ${bad}`,
      );
    }
  });
});

describe('--max-fault-rules', () => {
  it('refuses a rule past it with a 507 naming it, and takes one again once a rule is removed', async () => {
    const app = await makeApp({ maxFaultRules: 3 });
    try {
      const c = client(app);
      const rule = { operationId: 'getProduct', status: 503 };
      for (let i = 0; i < 3; i++) expect((await c.raw.post('/__admin/faults').send(rule)).status).toBe(201);
      // 20,000 rules were taken, and every request was matched against each of them.
      const refused = await c.raw.post('/__admin/faults').send(rule);
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(
        'There are 3 fault rules already, as many as --max-fault-rules (3) allows: remove one (DELETE /__admin/faults/{faultId}) or all (DELETE /__admin/faults), or start the mock with a larger --max-fault-rules',
      );
      expect((await c.raw.get('/__admin/faults')).body.data).toHaveLength(3);
      expect((await c.raw.delete('/__admin/faults/fault-1')).status).toBe(200);
      expect((await c.raw.post('/__admin/faults').send(rule)).status).toBe(201);
    } finally {
      await workbenchOf(app).close();
    }
  });

  it('keeps 100 rules by default', async () => {
    const app = await makeApp();
    try {
      const c = client(app);
      const rule = { operationId: 'getProduct', status: 503 };
      for (let i = 0; i < 100; i++) expect((await c.raw.post('/__admin/faults').send(rule)).status).toBe(201);
      expect((await c.raw.post('/__admin/faults').send(rule)).status).toBe(507);
    } finally {
      await workbenchOf(app).close();
    }
  });
});

describe('--journal-per-scope', () => {
  it("keeps a quiet scope's entries while another scope sends a loop of bad requests", async () => {
    const app = await makeApp({ journalPerScope: 20 });
    try {
      const c = client(app);
      for (let i = 0; i < 5; i++)
        expect((await c.get(`/quiet/dev/products?limit=${i + 1}`)).status).toBe(200);
      // 1,000 of them pushed every other entry out of the one ring.
      for (let i = 0; i < 1000; i++) await c.get(`/noisy/dev/products?limit=${'x'.repeat(i % 7)}`);
      const quiet = await c.raw.get('/__admin/requests?tenantId=quiet');
      expect(quiet.body.data.map((e: { query: { limit: string } }) => e.query.limit)).toEqual([
        '5',
        '4',
        '3',
        '2',
        '1',
      ]);
      const noisy = await c.raw.get('/__admin/requests?tenantId=noisy');
      expect(noisy.body.data).toHaveLength(20);
      expect(noisy.body.data[0].query.limit).toBe('x'.repeat(999 % 7));
    } finally {
      await workbenchOf(app).close();
    }
  });

  it('keeps 250 entries of a scope by default', async () => {
    const app = await makeApp();
    try {
      const c = client(app);
      for (let i = 0; i < 260; i++) await c.get(`/acme/dev/products/P${i}`);
      await c.get('/other/dev/products/P1');
      const kept = (await c.raw.get('/__admin/requests')).body.data as { path: string }[];
      // The 251st forgot the scope's 25 oldest at once (a tenth of its share): P25 to P259 are
      // kept, 235 of them, beside the other scope's one.
      expect(kept).toHaveLength(236);
      expect(kept.at(-1)?.path).toBe('/acme/dev/products/P25');
    } finally {
      await workbenchOf(app).close();
    }
  });

  it('is a whole number from 1 to 1000, named as the caller gave it', async () => {
    for (const bad of [0, 1001, 2.5, Number.NaN]) {
      await expect(makeApp({ journalPerScope: bad })).rejects.toThrow(
        `journalPerScope must be a whole number of entries from 1 to 1000 (the journal's size), not ${bad}`,
      );
    }
  });
});

describe('the heap writes may fill', () => {
  it('is 70% of what the seed left, and past it a write that keeps more is refused with a 507 that says why', async () => {
    // An array of empty objects takes twenty times its JSON in the heap: 38 pushes of 5 MB of them
    // grew the server to 4 GB, and the next one ended it.
    const MB = 2 ** 20;
    let used = 100 * MB;
    const guard = memoryGuard(() => ({ used_heap_size: used, heap_size_limit: 1100 * MB }));
    used = 800 * MB;
    expect(guard()).toBeUndefined();
    used = 801 * MB;
    expect(guard()).toBe(
      "the server's heap holds 801 MB of the 1100 MB it may use, past the 800 MB writes may fill (70% of what the seed left); records take more memory than their JSON",
    );

    let full = false;
    const store = await Store.open({ memoryFull: () => (full ? 'the heap is full' : undefined) });
    const key = { region: 'eu', tenantId: 'acme', environment: 'dev' };
    const put = (products: CatalogProduct[]) =>
      store.write(key, () => ({ change: { products }, result: undefined }));
    await put([big('a', 1) as CatalogProduct, big('b', 1) as CatalogProduct]);
    full = true;
    await expect(put([big('c', 1) as CatalogProduct])).rejects.toThrow(
      'The store is full: the heap is full; nothing was applied. Delete records or reset (POST /__admin/reset), or start the server with more heap (NODE_OPTIONS=--max-old-space-size=MB)',
    );
    expect(store.scope(key).product('c')).toBeUndefined();
    // What keeps less passes: a delete, a smaller record.
    await store.write(key, () => ({ change: { deletedProducts: ['a'] }, result: undefined }));
    await put([{ productGroupId: 'b' }]);
    expect(store.scope(key).product('a')).toBeUndefined();
    await store.close();
  });
});
