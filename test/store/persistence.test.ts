import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appendFile,
  mkdtemp,
  open,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import type { CatalogProduct } from '../../src/domain/types.js';
import { workbenchOf, type MockOptions } from '../../src/app.js';
import { existsSync } from 'node:fs';
import { startServer } from '../../src/server.js';
import { BASE, client, makeApp, TOKEN } from '../helpers.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra }) as CatalogProduct;
const seed = { products: [product('s1'), product('s2')], productTypes: [] };

/** Puts products through the store, as a route does. */
const put = (store: Store, products: CatalogProduct[], k = key) =>
  store.write(k, () => ({ change: { products }, result: undefined }));

describe('--data FILE (docs/behaviour.md, "Data, seeds and admin")', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-data-'));
    file = join(dir, 'catalog.json');
  });
  // Every store and app a test opens is closed after it: an open journal left to the collector is
  // closed with a warning.
  const opened: { close(): Promise<void> }[] = [];
  const openStore = async (options: Parameters<typeof Store.open>[0]) => {
    const store = await Store.open(options);
    opened.push(store);
    return store;
  };
  const openApp = async (options: MockOptions) => {
    const app = await makeApp(options);
    opened.push(workbenchOf(app));
    return app;
  };
  /** A restart: whatever the test opened is closed (one server per file), then the app opens anew. */
  const restartApp = async (options: MockOptions) => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    return openApp(options);
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((o) => o.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('has a write on disk when the 2xx answer arrives, and a new server reads it back', async () => {
    const c = client(await openApp({ data: file }));
    const res = await c.post(`${BASE}/product-types`, { data: [{ productTypeId: 'shoes', isRoot: true }] });
    expect(res.status).toBe(200);
    expect(await readFile(`${file}.journal-0`, 'utf8')).toContain('"productTypeId":"shoes"');

    const restarted = client(await restartApp({ data: file }));
    expect((await restarted.get(`${BASE}/product-types/shoes`)).body.data).toEqual({
      productTypeId: 'shoes',
      isRoot: true,
    });
  });

  it('keeps every one of many concurrent writes, and leaves no temporary file', async () => {
    const c = client(await openApp({ data: file }));
    const writes = Array.from({ length: 20 }, (_, i) =>
      c.post(`${BASE}/product-types`, { data: [{ productTypeId: `t${i}` }] }),
    );
    expect((await Promise.all(writes)).every((r) => r.status === 200)).toBe(true);
    // and the lock of the server that has the file open
    expect((await readdir(dir)).sort()).toEqual(['catalog.json.journal-0', 'catalog.json.lock']);
    const restarted = client(await restartApp({ data: file }));
    expect((await restarted.get(`${BASE}/product-types`)).body.data).toHaveLength(20);
  });

  it('journals only what a merge push changed, and a restart rebuilds the same record', async () => {
    const price = (i: number, listPrice = i) => ({
      productId: `v${i}`,
      spaceId: 's',
      listPrice,
      isoCurrencyCode: 'EUR',
    });
    const big = product('big', {
      productName: [{ isoLanguageId: 'en', productName: 'x'.repeat(5000) }],
      productPriceList: Array.from({ length: 50 }, (_, i) => price(i)),
    });
    const bigSeed = { products: [big], productTypes: [] };
    const c = client(await openApp({ data: file, seed: bigSeed }));
    const push = { data: [{ productGroupId: 'big', productPriceList: [price(7, 99), price(60)] }] };
    expect((await c.post(`${BASE}/products-push`, push)).status).toBe(200);
    const before = (await c.get(`${BASE}/products/big`)).body.data as CatalogProduct;
    expect(before.productPriceList).toHaveLength(51);
    expect((await stat(`${file}.journal-0`)).size).toBeLessThan(1000);
    const restarted = client(await restartApp({ data: file, seed: bigSeed }));
    expect((await restarted.get(`${BASE}/products/big`)).body.data).toEqual(before);
  });

  it('plans each of many concurrent merges of one product on the ones before it, before and after a restart', async () => {
    const c = client(await openApp({ data: file }));
    const price = (i: number) => ({ productId: `v${i}`, spaceId: 's', listPrice: i, isoCurrencyCode: 'EUR' });
    const pushes = Array.from({ length: 30 }, (_, i) =>
      c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'p', productPriceList: [price(i)] }] }),
    );
    const answers = await Promise.all(pushes);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const statuses = answers.map((r) => (r.body as { data: { status: number }[] }).data[0]?.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    const prices = (r: { body: { data: CatalogProduct } }) =>
      (r.body.data.productPriceList ?? []).map((p) => p.productId).sort();
    const expected = Array.from({ length: 30 }, (_, i) => `v${i}`).sort();
    expect(prices(await c.get(`${BASE}/products/p`))).toEqual(expected);
    const restarted = client(await restartApp({ data: file }));
    expect(prices(await restarted.get(`${BASE}/products/p`))).toEqual(expected);
  });

  it('reset brings every scope back to the seed, also after a restart', async () => {
    const c = client(await openApp({ data: file }));
    await c.post(`${BASE}/product-types`, { data: [{ productTypeId: 'gone' }] });
    expect((await c.raw.post('/__admin/reset')).status).toBe(200);
    expect((await client(await restartApp({ data: file })).get(`${BASE}/product-types`)).body.data).toEqual(
      [],
    );
  });

  it('stores nothing for a read that names a new scope', async () => {
    const c = client(await openApp({ data: file, seed }));
    const before = (await stat(`${file}.journal-0`)).size;
    for (const tenant of ['t1', 't2', 't3']) {
      expect((await c.get(`/${tenant}/dev/products`)).body.data.list).toHaveLength(2);
    }
    expect((await stat(`${file}.journal-0`)).size).toBe(before);
    // and the lock of the server that has the file open
    expect((await readdir(dir)).sort()).toEqual(['catalog.json.journal-0', 'catalog.json.lock']);
  });

  it('refuses a path whose directory does not exist, naming it', async () => {
    const missing = join(dir, 'nope', 'catalog.json');
    await expect(openStore({ file: missing })).rejects.toThrow(
      `the directory ${join(dir, 'nope')} does not exist`,
    );
  });

  it('refuses a path under a file, saying it is a file, not that it does not exist', async () => {
    await writeFile(join(dir, 'plain'), '');
    await expect(openStore({ file: join(dir, 'plain', 'catalog.json') })).rejects.toThrow(
      `--data ${join(dir, 'plain', 'catalog.json')}: ${join(dir, 'plain')} is a file, not a directory`,
    );
  });

  it.skipIf(process.getuid?.() === 0)(
    'refuses a directory it cannot write (not checkable as root)',
    async () => {
      const { chmod } = await import('node:fs/promises');
      await chmod(dir, 0o555);
      try {
        await expect(openStore({ file })).rejects.toThrow(`the directory ${dir} is not writable`);
      } finally {
        await chmod(dir, 0o755);
      }
    },
  );

  it.skipIf(process.getuid?.() === 0)(
    'refuses a --data file it cannot write, saying what to do (not checkable as root)',
    async () => {
      const { chmod } = await import('node:fs/promises');
      await writeFile(file, '');
      await chmod(file, 0o444);
      try {
        await expect(openStore({ file, seed })).rejects.toThrow(
          `--data ${file} cannot be read and written by this user (it may belong to another); give this user read and write access`,
        );
      } finally {
        await chmod(file, 0o644);
      }
    },
  );

  it.skipIf(process.getuid?.() === 0)(
    'refuses a journal it cannot write (left by another user), naming it, and changes nothing (not checkable as root)',
    async () => {
      const { chmod } = await import('node:fs/promises');
      const store = await openStore({ file, seed });
      await put(store, [product('p1')]);
      await Promise.all(opened.splice(0).map((o) => o.close()));
      const journal = `${file}.journal-0`;
      const before = await readFile(journal, 'utf8');
      await chmod(journal, 0o444);
      try {
        await expect(openStore({ file, seed })).rejects.toThrow(
          `--data ${file}: its journal ${journal} cannot be read and written by this user`,
        );
        expect(await readFile(journal, 'utf8')).toBe(before);
        // refused before the lock is taken: nothing is left for the next start to take over
        expect(existsSync(`${file}.lock`)).toBe(false);
      } finally {
        await chmod(journal, 0o644);
      }
    },
  );

  it.skipIf(process.getuid?.() === 0)(
    'refuses a temporary snapshot it cannot write (left by another user), which would fail every compaction (not checkable as root)',
    async () => {
      const { chmod } = await import('node:fs/promises');
      const tmp = `${file}.tmp`;
      await writeFile(tmp, '');
      await chmod(tmp, 0o444);
      try {
        await expect(openStore({ file, seed, compactBytes: 1 })).rejects.toThrow(
          `--data ${file}: its temporary snapshot ${tmp} cannot be read and written by this user`,
        );
      } finally {
        await chmod(tmp, 0o644);
      }
    },
  );

  it('answers 507 for a write the full disk refuses, and applies nothing, in memory or on disk', async () => {
    const c = client(await openApp({ data: file, seed }));
    const probe = await open(join(dir, 'probe'), 'w');
    const handle = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
    await probe.close();
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const spy = vi.spyOn(handle, 'write').mockRejectedValue(full);
    let res;
    try {
      res = await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'new' }] });
    } finally {
      spy.mockRestore();
    }
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ status: 507, message: expect.stringContaining('not applied') });
    expect((await c.get(`${BASE}/products/new`)).status).toBe(404);
    // The next write goes through and is the only one a restart finds.
    expect((await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'next' }] })).status).toBe(200);
    const restarted = client(await restartApp({ data: file, seed }));
    expect((await restarted.get(`${BASE}/products/new`)).status).toBe(404);
    expect((await restarted.get(`${BASE}/products/next`)).status).toBe(200);
  });

  it('answers 503 for a write the disk refuses otherwise, and applies nothing', async () => {
    const c = client(await openApp({ data: file, seed }));
    const probe = await open(join(dir, 'probe'), 'w');
    const handle = Object.getPrototypeOf(probe) as { datasync: () => Promise<void> };
    await probe.close();
    const failed = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const spy = vi.spyOn(handle, 'datasync').mockRejectedValue(failed);
    let res;
    try {
      res = await c.post(`${BASE}/products-push`, { data: [{ productGroupId: 'new' }] });
    } finally {
      spy.mockRestore();
    }
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 503, message: expect.stringContaining('EIO') });
    expect((await c.get(`${BASE}/products/new`)).status).toBe(404);
    // The line written before the failed flush was cut off: a restart does not find it either.
    expect((await client(await restartApp({ data: file, seed })).get(`${BASE}/products/new`)).status).toBe(
      404,
    );
  });

  it('drops a last journal line cut short by a crash, and goes on writing after it', async () => {
    const store = await openStore({ file, seed });
    await put(store, [product('a')]);
    await store.close();
    await appendFile(`${file}.journal-0`, '{"scope":"eu/acme/dev","products":[{"productGroupId":"torn"');
    const reopened = await openStore({ file, seed });
    expect(reopened.scope(key).product('torn')).toBeUndefined();
    await put(reopened, [product('b')]);
    await reopened.close();
    const third = await openStore({ file, seed });
    expect(
      third
        .scope(key)
        .products()
        .map((p) => p.productGroupId),
    ).toEqual(['a', 'b', 's1', 's2']);
  });

  it('starts journal and snapshot anew when a reset brings a new seed, so a restart on it keeps later writes', async () => {
    const store = await openStore({ file, seed });
    await put(store, [product('a')]);
    const edited = { products: [product('s1'), product('s3')], productTypes: [] };
    store.replaceSeed(edited);
    await store.reset();
    await put(store, [product('b')]);
    await store.close();
    const ids = (s: Store) =>
      s
        .scope(key)
        .products()
        .map((p) => p.productGroupId);
    const reopened = await openStore({ file, seed: edited });
    expect(ids(reopened)).toEqual(['b', 's1', 's3']);
    await reopened.close();
    // The old seed no longer matches what the file holds changes to.
    await expect(openStore({ file, seed })).rejects.toThrow(/another seed/);
  });

  it('refuses a journal damaged in its middle rather than guess', async () => {
    const store = await openStore({ file, seed });
    await put(store, [product('a')]);
    await store.close();
    const journal = `${file}.journal-0`;
    const lines = (await readFile(journal, 'utf8')).split('\n');
    await writeFile(journal, [lines[0], '{"scope":', lines[1], ''].join('\n'));
    await expect(openStore({ file, seed })).rejects.toThrow(
      `${journal} has a damaged line in its middle (line 2)`,
    );
  });

  it('compacts the journal into a snapshot of what differs from the seed; a restart reads both', async () => {
    const store = await openStore({ file, seed, compactBytes: 1000 });
    for (let i = 0; i < 30; i++) await put(store, [product(`p${i}`, { note: 'x'.repeat(50) })]);
    await store.write(key, () => ({ change: { deletedProducts: ['s1'] }, result: undefined }));
    await put(store, [product('other')], { ...key, tenantId: 'other' });
    await store.close();
    const files = await readdir(dir);
    expect(files).toContain('catalog.json');
    expect(files.filter((f) => f.includes('journal')).length).toBeLessThanOrEqual(2);
    const snapshot = (await readFile(file, 'utf8')).trim().split('\n');
    // one record per line; the seed's s2 is not repeated in the file
    expect(snapshot.some((l) => l.includes('"productGroupId":"s2"'))).toBe(false);
    const reopened = await openStore({ file, seed });
    const ids = reopened
      .scope(key)
      .products()
      .map((p) => p.productGroupId);
    expect(ids).toHaveLength(31);
    expect(ids).not.toContain('s1');
    expect(reopened.scope({ ...key, tenantId: 'other' }).product('other')).toBeDefined();
  });

  it('holds 100,000 products and more: no part of the file is one string of the whole store', async () => {
    const store = await openStore({ file, compactBytes: 1 });
    const many = Array.from({ length: 100_000 }, (_, i) => product(`p${String(i).padStart(6, '0')}`));
    await put(store, many);
    await put(store, [product('last')]); // due for compaction: a snapshot is written
    await vi.waitFor(async () => expect((await stat(file).catch(() => undefined))?.size).toBeGreaterThan(0));
    await store.close();
    const longest = (await readFile(file, 'utf8')).split('\n').reduce((n, l) => Math.max(n, l.length), 0);
    expect(longest).toBeLessThan(200);
    const reopened = await openStore({ file });
    expect(reopened.scope(key).products()).toHaveLength(100_001);
  });

  it('says a dataset given to --data is not its file, rather than damaged, and leaves it as it is', async () => {
    const { runSeedCommand } = await import('../../src/cli/seed/seedCommand.js');
    const quiet = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
    await runSeedCommand({ seed: '3', out: file, stderr: quiet });
    const dataset = await readFile(file, 'utf8');
    await expect(openStore({ file, seed })).rejects.toThrow(
      `--data ${file} is not a data file this server wrote, and is left as it is. A dataset to start from is given with --seed FILE`,
    );
    // One JSON document on one line, as other tools write one, and a file that is no JSON at all.
    for (const text of [JSON.stringify(JSON.parse(dataset)), 'products\n', '42\n']) {
      await writeFile(file, text);
      await expect(openStore({ file, seed }), text.slice(0, 20)).rejects.toThrow(/is not a data file/);
      expect(await readFile(file, 'utf8')).toBe(text);
    }
    await writeFile(file, dataset);
    await expect(openStore({ file, seed })).rejects.toThrow(/is not a data file/);
    expect(await readFile(file, 'utf8')).toBe(dataset);
  });

  it('refuses other JSON with a "scopes" key as not its file, and leaves it and its directory as they were', async () => {
    const others = [
      { scopes: 5 },
      { scopes: {} },
      { version: 1, scopes: [] },
      { version: 1, scopes: { 'eu/acme/dev': 5 } },
      { version: 1, scopes: { acme: { products: {} } } },
      { version: 1, scopes: { 'eu/acme/dev': { products: { p1: 'shoe' } } } },
      { version: 1, scopes: { 'eu/acme/dev': { products: {}, orders: {} } } },
    ];
    for (const other of others) {
      const text = JSON.stringify(other) + '\n';
      await writeFile(file, text);
      await expect(openStore({ file, seed }), text).rejects.toThrow(
        `--data ${file} is not a data file this server wrote, and is left as it is`,
      );
      expect(await readFile(file, 'utf8')).toBe(text);
      expect(await readdir(dir)).toEqual(['catalog.json']);
    }
  });

  it('reads a file of the earlier one-JSON format and rewrites it as a snapshot', async () => {
    const v1 = {
      version: 1,
      scopes: { 'eu/acme/dev': { products: { old: product('old') }, productTypes: {} } },
    };
    await writeFile(file, JSON.stringify(v1));
    const store = await openStore({ file, seed });
    expect(
      store
        .scope(key)
        .products()
        .map((p) => p.productGroupId),
    ).toEqual(['old']);
    expect((await readFile(file, 'utf8')).split('\n')[0]).toContain('"format":"product-catalog-mock"');
    await store.close();
    expect((await openStore({ file, seed })).scope(key).product('old')).toBeDefined();
  });

  it('refuses to apply stored changes to another seed', async () => {
    const store = await openStore({ file, seed });
    await put(store, [product('a')]);
    await store.close();
    await expect(openStore({ file, seed: { products: [], productTypes: [] } })).rejects.toThrow(
      /another seed than this one/,
    );
  });

  it('names the seed the stored changes were written against, in the journal and in the snapshot', async () => {
    const store = await openStore({ file, seed, seedName: 'demo' });
    await put(store, [product('a')]);
    await store.close();
    const other = { products: [], productTypes: [] };
    const refusal =
      /holds changes to --seed "demo", not "grocery": start with --seed "demo", or name another --data file/;
    await expect(openStore({ file, seed: other, seedName: 'grocery' })).rejects.toThrow(refusal);
    // the same once compacted: the name is in the snapshot's header too
    const compacted = await openStore({ file, seed, seedName: 'demo', compactBytes: 1 });
    await put(compacted, [product('b')]);
    await put(compacted, [product('c')]); // due for compaction: a snapshot is written
    await vi.waitFor(async () => expect((await stat(file).catch(() => undefined))?.size).toBeGreaterThan(0));
    await compacted.close();
    expect((await readFile(file, 'utf8')).split('\n')[0]).toContain('"seedName":"demo"');
    await expect(openStore({ file, seed: other, seedName: 'grocery' })).rejects.toThrow(refusal);
    // the same name with other records: the seed changed under it
    await expect(openStore({ file, seed: other, seedName: 'demo' })).rejects.toThrow(
      /holds changes to --seed "demo" as it was when they were written, and what it holds has changed since/,
    );
    // and under the seed it names, the file reads back
    const reopened = await openStore({ file, seed, seedName: 'demo' });
    expect(reopened.scope(key).product('b')).toBeDefined();
  });

  it.skipIf(!existsSync('/proc/self/fd'))(
    "a started server's close() closes its --data file once the writes are stored",
    async () => {
      // What this process has open under the test's directory.
      const openFiles = async () => {
        const fds = await readdir('/proc/self/fd');
        const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
        return targets.filter((target) => target.startsWith(dir));
      };
      const server = await startServer({ port: 0, data: file, seed });
      let closed = false;
      try {
        const res = await fetch(`${server.url}${BASE}/product-types`, {
          method: 'POST',
          headers: { ...TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ data: [{ productTypeId: 'shoes' }] }),
        });
        expect(res.status).toBe(200);
        expect(await openFiles()).toEqual([`${file}.journal-0`]);
        await server.close();
        closed = true;
        expect(await openFiles()).toEqual([]);
      } finally {
        // A failed check above leaves no server listening.
        if (!closed) await server.close();
      }
    },
  );

  it('says "another seed", not "damaged", when the stored changes edit products that seed held', async () => {
    const store = await openStore({ file, seed });
    await put(store, [product('s1', { note: 'edited' })]); // journaled as a patch of the seed's s1
    await store.close();
    expect(await readFile(`${file}.journal-0`, 'utf8')).toContain('"patches":[{"productGroupId":"s1"');
    await expect(openStore({ file, seed: { products: [], productTypes: [] } })).rejects.toThrow(
      /another seed than this one/,
    );
    // under its own seed the same file reads back
    const reopened = await openStore({ file, seed });
    expect(reopened.scope(key).product('s1')).toMatchObject({ note: 'edited' });
    // once reset, the file holds no changes, and any seed may take it over
    await reopened.reset();
    await reopened.close();
    const other = { products: [product('o1')], productTypes: [] };
    const taken = await openStore({ file, seed: other });
    expect(taken.scope(key).products()).toEqual(other.products);
    await taken.close();
  });
});

describe('scopes share the seed until their first write (copy on write)', () => {
  it('gives every unwritten scope the one seed scope, and a written scope its own', async () => {
    const store = await Store.open({ seed });
    const a = store.scope({ ...key, tenantId: 'a' });
    expect(store.scope({ ...key, tenantId: 'b' })).toBe(a);
    await put(store, [product('mine')], { ...key, tenantId: 'a' });
    expect(store.scope({ ...key, tenantId: 'a' }).product('mine')).toBeDefined();
    expect(store.scope({ ...key, tenantId: 'b' }).product('mine')).toBeUndefined();
    expect(store.scope({ ...key, tenantId: 'a' }).product('s1')).toBe(seed.products[0]);
  });
});
