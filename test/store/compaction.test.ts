// Compaction of a --data file: a new journal and a snapshot written in the background while
// requests are answered (docs/behaviour.md, "Storage and --data").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, open, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store, type ScopeKey } from '../../src/store/store.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string) => ({ productGroupId: id, note: 'x'.repeat(100) }) as CatalogProduct;
const put = (store: Store, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));

let dir: string;
let file: string;
const opened: Store[] = [];
const openStore = async (compactBytes?: number) => {
  const store = await Store.open({ file, compactBytes });
  opened.push(store);
  return store;
};
const journals = async () => (await readdir(dir)).filter((name) => name.includes('.journal-')).sort();

/** Holds every write of a snapshot's lines until `release`; `reached` resolves at the first. */
async function holdSnapshots() {
  const probe = await open(join(dir, 'probe'), 'w');
  await probe.close();
  await rm(join(dir, 'probe'));
  const handle = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<unknown> };
  const write = handle.write;
  let release = () => undefined as void;
  let reach = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  vi.spyOn(handle, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const snapshot = Buffer.isBuffer(args[0]) && args[0].includes('"generation":');
    if (!snapshot) return write.apply(this, args);
    reach();
    return released.then(() => write.apply(this, args));
  });
  return { reached, release };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-compaction-'));
  file = join(dir, 'catalog.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('compaction', () => {
  it('writes one snapshot at a time: writes meanwhile go on in the one new journal', async () => {
    const store = await openStore(500);
    const { reached, release } = await holdSnapshots();
    for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
    await reached;
    const during = await journals();
    for (let i = 0; i < 10; i++) await put(store, [product(`b${i}`)]);
    expect(await journals()).toEqual(during);
    release();
    await store.close();
    const reopened = await openStore();
    expect(reopened.scope(key).products()).toHaveLength(15);
  });

  it('is finished before the store lets go of its file: no temporary file is left behind', async () => {
    const store = await openStore(500);
    const { reached, release } = await holdSnapshots();
    for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
    await reached;
    const closed = store.close().then(() => 'closed');
    // Not a measure of speed: the close must still be waiting for the snapshot when this ends.
    const held = new Promise((resolve) => setTimeout(() => resolve('waiting'), 300));
    expect(await Promise.race([closed, held])).toBe('waiting');
    release();
    await closed;
    const files = await readdir(dir);
    expect(files.filter((name) => !name.includes('.journal-'))).toEqual(['catalog.json']);
    expect((await readFile(file, 'utf8')).trim().split('\n').at(-1)).toMatch(/^\{"end":\d+\}$/);
  });
});
