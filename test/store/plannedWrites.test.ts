// Writes to a --data store planned while others wait for the disk (docs/behaviour.md, "Storage and
// --data"): each is planned on the state the writes before it leave, answered once those are
// stored, and refused with them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra }) as CatalogProduct;
const seed = { products: [product('s1'), product('s2')], productTypes: [] };

const put = (store: Store, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));
/** A write that changes nothing and answers what it read. */
const read = <T>(store: Store, look: (view: Parameters<Parameters<Store['write']>[1]>[0]) => T) =>
  store.write(key, (view) => ({ change: {}, result: look(view) }));

/** The prototype of node's file handles, whose methods a test replaces for one call. */
async function fileHandle(dir: string) {
  const probe = await open(join(dir, 'probe'), 'w');
  await probe.close();
  return Object.getPrototypeOf(probe) as {
    write: () => Promise<unknown>;
    datasync: () => Promise<void>;
    truncate: () => Promise<void>;
  };
}

/** Turns of the event loop: enough for every write not waiting for the disk to be answered. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

let dir: string;
let file: string;
const opened: Store[] = [];
const openStore = async () => {
  const store = await Store.open({ file, seed });
  opened.push(store);
  return store;
};
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-planned-'));
  file = join(dir, 'catalog.json');
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('a write planned on writes still waiting for the disk', () => {
  it('sees a product another write deletes as gone', async () => {
    const store = await openStore();
    const deleted = store.write(key, () => ({ change: { deletedProducts: ['s1'] }, result: undefined }));
    expect(await read(store, (view) => view.product('s1'))).toBeUndefined();
    await deleted;
  });

  it('finds a variant in the product as the write before it leaves it, once', async () => {
    const store = await openStore();
    await put(store, [product('p1', { variants: [{ productId: 'v1', color: 'red' }] })]);
    const recoloured = product('p1', { variants: [{ productId: 'v1', color: 'blue' }] });
    const write = put(store, [recoloured]);
    expect(await read(store, (view) => view.productsByVariant('v1'))).toEqual([recoloured]);
    await write;
  });

  it('is answered only once the writes it was planned on are stored', async () => {
    const store = await openStore();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(await fileHandle(dir), 'datasync').mockImplementationOnce(() => held);
    const created = put(store, [product('new')]);
    let answered = false;
    const seen = read(store, (view) => view.product('new')).then((found) => {
      answered = true;
      return found;
    });
    await settle();
    expect(answered).toBe(false);
    release();
    await created;
    expect(await seen).toEqual(product('new'));
  });
});

describe('a write the disk refuses', () => {
  it('leaves nothing for the next write to be planned on, which a restart reads back', async () => {
    const store = await openStore();
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    vi.spyOn(await fileHandle(dir), 'write').mockRejectedValueOnce(full);
    await expect(put(store, [product('new')])).rejects.toMatchObject({ kind: 'storage-full' });
    // Planned as a creation: the refused write is not there to be merged into.
    expect(await read(store, (view) => view.product('new'))).toBeUndefined();
    await put(store, [product('new', { note: 'second' })]);
    await store.close();
    const reopened = await openStore();
    expect(reopened.scope(key).product('new')).toEqual(product('new', { note: 'second' }));
  });

  it('is a 507 when a disk quota or the file size limit refuses it, as when the disk is full', async () => {
    const store = await openStore();
    const write = vi.spyOn(await fileHandle(dir), 'write');
    for (const code of ['EDQUOT', 'EFBIG']) {
      write.mockRejectedValueOnce(Object.assign(new Error(`${code}: write`), { code }));
      await expect(put(store, [product('new')])).rejects.toMatchObject({
        kind: 'storage-full',
        message: expect.stringContaining('free space and send it again'),
      });
    }
  });

  it('refuses every later write when the journal could not be cut back after it', async () => {
    const store = await openStore();
    const handle = await fileHandle(dir);
    vi.spyOn(handle, 'datasync').mockRejectedValueOnce(
      Object.assign(new Error('EIO: fdatasync'), { code: 'EIO' }),
    );
    vi.spyOn(handle, 'truncate').mockRejectedValueOnce(
      Object.assign(new Error('EIO: ftruncate'), { code: 'EIO' }),
    );
    await expect(put(store, [product('a')])).rejects.toMatchObject({ kind: 'storage-unavailable' });
    // The journal may end in a part of that line: a line written after it would be damaged.
    await expect(put(store, [product('b')])).rejects.toMatchObject({
      kind: 'storage-unavailable',
      message: expect.stringContaining('EIO: ftruncate'),
    });
  });

  it('refuses a write that changes nothing but was planned on it', async () => {
    const store = await openStore();
    const handle = await fileHandle(dir);
    // The first write's flush is failed once it has begun.
    const flushing = new Promise<(err: Error) => void>((begun) => {
      vi.spyOn(handle, 'datasync').mockImplementationOnce(
        () => new Promise<void>((_resolve, reject) => begun(reject)),
      );
    });
    const deleted = store.write(key, () => ({ change: { deletedProducts: ['s1'] }, result: undefined }));
    // A second delete of s1 finds it gone already: it changes nothing, and would answer "not found".
    const again = read(store, (view) => view.product('s1'));
    // s1 is still there: an answer built on its deletion would be false.
    const refused = { kind: 'storage-unavailable' };
    const answers = [
      expect(deleted).rejects.toMatchObject(refused),
      expect(again).rejects.toMatchObject(refused),
    ];
    (await flushing)(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await Promise.all(answers);
    expect(store.scope(key).product('s1')).toEqual(product('s1'));
  });
});

describe('a reset', () => {
  it('is seen by a write that arrives while it runs', async () => {
    const store = await openStore();
    await put(store, [product('a')]);
    const reset = store.reset();
    const seen = read(store, (view) => view.product('a'));
    await reset;
    expect(await seen).toBeUndefined();
  });

  it('is stored before the store closes, when the close comes while it runs', async () => {
    const store = await openStore();
    await put(store, [product('a')]);
    const reset = store.reset();
    const closed = store.close();
    await reset;
    await closed;
    expect((await openStore()).scope(key).product('a')).toBeUndefined();
  });
});
