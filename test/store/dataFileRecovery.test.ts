// What a start on a --data file reads back, and what it refuses rather than guess
// (docs/behaviour.md, "Storage and --data").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import type { CatalogProduct } from '../../src/domain/types.js';
import { MEDIA_BASE, rebaseMedia } from '../../src/media/demoMedia.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra }) as CatalogProduct;
const seed = { products: [product('s1')], productTypes: [{ productTypeId: 't1', isRoot: true }] };

const put = (store: Store, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));
const deleteType = (store: Store, id: string) =>
  store.write(key, () => ({ change: { deletedProductTypes: [id] }, result: undefined }));

let dir: string;
let file: string;
const opened: Store[] = [];
const openStore = async (options: Omit<Parameters<typeof Store.open>[0] & object, 'file'> = {}) => {
  const store = await Store.open({ file, seed, ...options });
  opened.push(store);
  return store;
};
/** A snapshot is written at start from a file of the earlier format; the store is then closed. */
async function writeSnapshot(products: Record<string, CatalogProduct>): Promise<string[]> {
  await writeFile(file, JSON.stringify({ version: 1, scopes: { 'eu/acme/dev': { products } } }));
  const store = await openStore();
  await store.close();
  return (await readFile(file, 'utf8')).split('\n');
}
const journals = async () => (await readdir(dir)).filter((name) => name.includes('.journal-')).sort();

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-recovery-'));
  file = join(dir, 'catalog.json');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('a start on a --data file', () => {
  it('keeps a deleted seed product type deleted, read from the journal', async () => {
    const store = await openStore();
    await deleteType(store, 't1');
    await store.close();
    expect((await openStore()).scope(key).productType('t1')).toBeUndefined();
  });

  it('keeps a deleted seed product and product type deleted, read from a snapshot', async () => {
    const store = await openStore({ compactBytes: 1 });
    await store.write(key, () => ({
      change: { deletedProducts: ['s1'], deletedProductTypes: ['t1'] },
      result: undefined,
    }));
    await vi.waitFor(async () => expect((await stat(file).catch(() => undefined))?.size).toBeGreaterThan(0));
    await store.close();
    const snapshot = await readFile(file, 'utf8');
    expect(snapshot).toContain('"deletedProduct":"s1"');
    expect(snapshot).toContain('"deletedProductType":"t1"');
    // The snapshot alone holds them: the journal it covers is gone.
    expect(await journals()).toEqual(['catalog.json.journal-1']);
    const reopened = await openStore();
    expect(reopened.scope(key).product('s1')).toBeUndefined();
    expect(reopened.scope(key).productType('t1')).toBeUndefined();
  });

  it('refuses a directory given as the file, saying so', async () => {
    await expect(Store.open({ file: dir, seed })).rejects.toThrow(
      `--data ${dir} is a directory; name a file in it`,
    );
  });

  it('refuses a journal line that is JSON but no write, naming the line and what is wrong with it', async () => {
    const store = await openStore();
    await put(store, [product('a')]);
    await store.close();
    const journal = `${file}.journal-0`;
    const [header, write] = (await readFile(journal, 'utf8')).split('\n');
    for (const [line, problem] of [
      ['null', 'it is not an object'],
      ['[1,2,3]', 'it is not an object'],
      ['{"products":[]}', 'it names no scope'],
      ['{"scope":"eu/acme/dev","patches":5}', 'its "patches" is not a list'],
      [
        '{"scope":"eu/acme/dev","products":[{"productGroupId":42}]}',
        'its "products" holds an element without a string productGroupId',
      ],
      [
        '{"scope":"eu/acme/dev","deletedProducts":[7]}',
        'its "deletedProducts" holds an id that is not a string',
      ],
    ] as const) {
      // the damaged line in the middle, a good write after it
      await writeFile(journal, [header, line, write, ''].join('\n'));
      await expect(openStore(), line).rejects.toThrow(
        `--data ${file}: ${journal} line 2 is not a write this server made (${problem}); the file is damaged`,
      );
    }
  });

  it('refuses a journal or snapshot line whose records are of the wrong types, naming the line and the field', async () => {
    // Replayed as they were, such records made later reads answer 500.
    const store = await openStore();
    await put(store, [product('a')]);
    await store.close();
    const journal = `${file}.journal-0`;
    const [header, write] = (await readFile(journal, 'utf8')).split('\n');
    for (const [line, problem] of [
      [
        '{"scope":"eu/acme/dev","products":[{"productGroupId":"b","productName":"oops"}]}',
        'its product "b": productName must be an array (got "oops")',
      ],
      [
        '{"scope":"eu/acme/dev","patches":[{"productGroupId":"a","set":{"productPriceList":[{"listPrice":"9"}]}}]}',
        'its product "a": productPriceList[0].productId is required); the file is damaged',
      ],
      [
        '{"scope":"eu/acme/dev","productTypes":[{"productTypeId":"t2","isRoot":"yes"}]}',
        'its product type "t2": isRoot must be true or false (got "yes")',
      ],
    ] as const) {
      await writeFile(journal, [header, write, line, ''].join('\n'));
      await expect(openStore(), line).rejects.toThrow(
        `--data ${file}: ${journal} line 3 is not a write this server made (${problem}`,
      );
    }
    await writeFile(journal, [header, write, ''].join('\n'));
    const [snapshotHeader, , ...rest] = await writeSnapshot({ a: product('a') });
    await writeFile(
      file,
      [
        snapshotHeader,
        '{"scope":"eu/acme/dev","product":{"productGroupId":"a","spaceIds":"s1"}}',
        ...rest,
      ].join('\n'),
    );
    await expect(openStore()).rejects.toThrow(
      `--data ${file}: line 2 is not a snapshot line this server wrote (its product "a": spaceIds must be an array (got "s1")); the file is damaged`,
    );
  });

  it('refuses a snapshot line that is not JSON, or JSON of another shape, naming the line', async () => {
    const [header, , ...rest] = await writeSnapshot({ a: product('a'), b: product('b') });
    for (const [line, problem] of [
      ['null', 'it is not an object'],
      ['{"scope":5,"product":{"productGroupId":"c"}}', 'it names no scope'],
      [
        '{"scope":"eu/acme/dev","product":{"productGroupId":5}}',
        'its "product" has no string productGroupId',
      ],
      ['{"scope":"eu/acme/dev","deletedProduct":5}', 'its "deletedProduct" is not a string'],
      [
        '{"scope":"eu/acme/dev"}',
        'it holds none of product, productType, deletedProduct, deletedProductType',
      ],
    ] as const) {
      await writeFile(file, [header, line, ...rest].join('\n'));
      await expect(openStore(), line).rejects.toThrow(
        `--data ${file}: line 2 is not a snapshot line this server wrote (${problem}); the file is damaged`,
      );
    }
    await writeFile(file, [header, '{"scope":', ...rest].join('\n'));
    await expect(openStore()).rejects.toThrow(`--data ${file}: line 2 is not JSON; the file is damaged`);
  });

  it("refuses a journal whose header is not a journal's, or of another format version", async () => {
    const store = await openStore();
    await put(store, [product('a')]);
    await store.close();
    const journal = `${file}.journal-0`;
    const [header, ...rest] = (await readFile(journal, 'utf8')).split('\n');
    const newer = { ...(JSON.parse(header!) as object), version: 9 };
    await writeFile(journal, [JSON.stringify(newer), ...rest].join('\n'));
    await expect(openStore()).rejects.toThrow(
      `--data ${file}: ${journal} has format version 9; this server reads 2`,
    );
    await writeFile(journal, ['"x"', ...rest].join('\n'));
    await expect(openStore()).rejects.toThrow(
      `--data ${file}: ${journal} does not start with a journal's header; the file is damaged`,
    );
  });

  it('refuses a journal other than the last whose last line is damaged', async () => {
    const store = await openStore();
    await put(store, [product('a')]);
    await store.close();
    const [header] = (await readFile(`${file}.journal-0`, 'utf8')).split('\n');
    await appendFile(`${file}.journal-0`, '{"scope":"eu/acme/dev","products":[{"productGroupId":"b"');
    const next = { ...(JSON.parse(header!) as object), journal: 1 };
    await writeFile(
      `${file}.journal-1`,
      `${JSON.stringify(next)}\n${JSON.stringify({ scope: 'eu/acme/dev', products: [product('c')] })}\n`,
    );
    await expect(openStore()).rejects.toThrow(`${file}.journal-0 has a damaged line (line 3)`);
  });

  it('refuses a snapshot cut short, and one of another format version', async () => {
    const lines = await writeSnapshot({ s1: product('s1'), a: product('a') });
    expect(lines.at(-2)).toMatch(/^\{"end":/);
    await writeFile(file, lines.slice(0, -2).join('\n') + '\n');
    await expect(openStore()).rejects.toThrow(`--data ${file} is cut short: it lacks its closing line`);

    await writeFile(file, lines.join('\n').replace('"version":2', '"version":3'));
    await expect(openStore()).rejects.toThrow(`--data ${file} has format version 3; this server reads 2`);
  });

  it('starts a last journal whose header a crash cut short anew, and keeps everything before it', async () => {
    // A crash while a compaction started journal 2: its header was never flushed, so no write was
    // appended to it and no snapshot names it.
    await writeSnapshot({ s1: product('s1'), p: product('p') });
    const first = await openStore();
    await put(first, [product('a')]);
    await first.close();
    expect(await journals()).toEqual(['catalog.json.journal-1']);
    const [header] = (await readFile(`${file}.journal-1`, 'utf8')).split('\n');
    const next = JSON.stringify({ ...(JSON.parse(header!) as object), journal: 2 });
    for (const cut of [next.slice(0, next.length / 2), next]) {
      await writeFile(`${file}.journal-2`, cut);
      const store = await openStore();
      expect(store.scope(key).product('p')).toEqual(product('p'));
      expect(store.scope(key).product('a')).toEqual(product('a'));
      await put(store, [product(`after-${cut.length}`)]);
      await store.close();
      expect((await readFile(`${file}.journal-2`, 'utf8')).split('\n')[0]).toBe(next);
      const again = await openStore();
      expect(again.scope(key).product(`after-${cut.length}`)).toEqual(product(`after-${cut.length}`));
      await again.close();
      await rm(`${file}.journal-2`);
    }
  });

  it('keeps the snapshot when the journal it names has a cut header, and a first journal cut so starts empty', async () => {
    // Not left by a crash (a journal's header is flushed before a snapshot names it, and before any
    // write is appended), but a disk that lost what it had flushed must not empty the store.
    await writeSnapshot({ s1: product('s1'), p: product('p') });
    const [header] = (await readFile(`${file}.journal-1`, 'utf8')).split('\n');
    await writeFile(`${file}.journal-1`, header!.slice(0, 20));
    const store = await openStore();
    expect(store.scope(key).product('p')).toEqual(product('p'));
    await store.close();

    await rm(dir, { recursive: true });
    await mkdir(dir);
    await writeFile(`${file}.journal-0`, header!.slice(0, 20));
    const fresh = await openStore();
    expect(
      fresh
        .scope(key)
        .products()
        .map((p) => p.productGroupId),
    ).toEqual(['s1']);
    await put(fresh, [product('b')]);
    await fresh.close();
    expect((await openStore()).scope(key).product('b')).toEqual(product('b'));
  });

  it('takes the same seed served on another port as the same seed', async () => {
    const withLogo = {
      products: [
        product('s1', { brand: [{ brandName: 'B', brandLogo: `${MEDIA_BASE}/brands/b/logo.png` }] }),
      ],
      productTypes: [],
    };
    const onPort = (port: number) => ({
      ...withLogo,
      products: rebaseMedia(withLogo.products, `http://127.0.0.1:${port}`),
    });
    const store = await openStore({ seed: onPort(5001) });
    await put(store, [product('a')]);
    await store.close();
    expect((await openStore({ seed: onPort(5002) })).scope(key).product('a')).toEqual(product('a'));
  });

  it('compacts only once the journal outgrows the snapshot too', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`p${i}`, product(`p${i}`, { note: 'x'.repeat(100) })]),
    );
    await writeSnapshot(many);
    const before = await journals();
    const snapshotBytes = (await stat(file)).size;
    const store = await openStore({ compactBytes: 1000 });
    for (let i = 0; i < 15; i++) await put(store, [product(`q${i}`, { note: 'y'.repeat(100) })]);
    await store.close();
    const journalBytes = (await stat(join(dir, before.at(-1)!))).size;
    // Past --compact-after, not past the snapshot: no new journal was started.
    expect(journalBytes).toBeGreaterThan(1000);
    expect(journalBytes).toBeLessThan(snapshotBytes);
    expect(await journals()).toEqual(before);
  });
});
