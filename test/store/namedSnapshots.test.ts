// Named snapshots of one scope (docs/behaviour.md, "Scope snapshots"): saved and restored without
// touching another scope, sharing records with the live scope, and with --data, restored durably.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import { NamedSnapshots } from '../../src/store/namedSnapshots.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const acme: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const beta: ScopeKey = { region: 'eu', tenantId: 'beta', environment: 'dev' };
const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra }) as CatalogProduct;
const seed = { products: [product('s1'), product('s2')], productTypes: [{ productTypeId: 't1' }] };

const put = (store: Store, key: ScopeKey, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));
const remove = (store: Store, key: ScopeKey, ids: string[]) =>
  store.write(key, () => ({ change: { deletedProducts: ids }, result: undefined }));
const ids = (store: Store, key: ScopeKey) =>
  store
    .scope(key)
    .products()
    .map((p) => p.productGroupId);

describe('named snapshots of a scope', () => {
  it('restores the scope as saved: written, replaced and deleted records alike', async () => {
    const store = await Store.open({ seed });
    const snapshots = new NamedSnapshots(store);
    await put(store, acme, [
      product('a1'),
      product('s1', { productName: [{ isoLanguageId: 'en', text: 'v1' }] }),
    ]);
    await remove(store, acme, ['s2']);
    const saved = store.scope(acme).product('s1');
    snapshots.save(acme, 'one');

    await put(store, acme, [
      product('a2'),
      product('s1', { productName: [{ isoLanguageId: 'en', text: 'v2' }] }),
    ]);
    await put(store, acme, [product('s2')]);
    await remove(store, acme, ['a1']);
    expect(ids(store, acme)).toEqual(['a2', 's1', 's2']);

    await snapshots.restore(acme, 'one');
    expect(ids(store, acme)).toEqual(['a1', 's1']);
    // The very record saved, not a copy of it.
    expect(store.scope(acme).product('s1')).toBe(saved);
    // A write after a restore does not change the snapshot: restoring again gives the same state.
    await put(store, acme, [product('a3')]);
    await snapshots.restore(acme, 'one');
    expect(ids(store, acme)).toEqual(['a1', 's1']);
    expect(store.scope(acme).productsByVariant('x')).toEqual([]);
  });

  it('resets and restores one scope and leaves the others as they are', async () => {
    const store = await Store.open({ seed });
    const snapshots = new NamedSnapshots(store);
    snapshots.save(acme, 'empty');
    await put(store, acme, [product('a1')]);
    await put(store, beta, [product('b1')]);

    await snapshots.restore(acme, 'empty');
    expect(ids(store, acme)).toEqual(['s1', 's2']);
    expect(ids(store, beta)).toEqual(['b1', 's1', 's2']);

    await put(store, acme, [product('a1')]);
    await store.restoreScope(beta);
    expect(ids(store, beta)).toEqual(['s1', 's2']);
    expect(ids(store, acme)).toEqual(['a1', 's1', 's2']);
  });

  it('keeps snapshots per scope, lists, deletes, and names those there are when one is missing', async () => {
    const store = await Store.open({ seed });
    const snapshots = new NamedSnapshots(store);
    snapshots.save(acme, 'one', 0);
    expect(snapshots.save(acme, 'one', 1000).replaced).toBe(true);
    snapshots.save(acme, 'two', 2000);
    expect(snapshots.list(acme)).toEqual([
      { name: 'one', savedAt: new Date(1000).toISOString() },
      { name: 'two', savedAt: new Date(2000).toISOString() },
    ]);
    expect(snapshots.list(beta)).toEqual([]);
    await expect(snapshots.restore(beta, 'one')).rejects.toThrow(
      /No snapshot "one" of scope eu\/beta\/dev; it has none/,
    );
    snapshots.delete(acme, 'one');
    await expect(snapshots.restore(acme, 'one')).rejects.toThrow(/its snapshots: "two"/);
    expect(() => snapshots.delete(acme, 'one')).toThrow(/No snapshot "one"/);
  });
});

describe('named snapshots with --data', () => {
  let dir: string;
  const opened: Store[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-snapshots-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });
  const open = async (file: string) => {
    const store = await Store.open({ seed, file });
    opened.push(store);
    return store;
  };

  it('writes a restore and a scope reset to the journal: a restart reads the restored state', async () => {
    const file = join(dir, 'catalog.json');
    let store = await open(file);
    const snapshots = new NamedSnapshots(store);
    await put(store, acme, [product('a1')]);
    await put(store, beta, [product('b1')]);
    snapshots.save(acme, 'one');
    await put(store, acme, [product('a2')]);
    await remove(store, acme, ['s1']);
    // Given before the restore, planned on the state it leaves: kept until the restore comes.
    const before = put(store, acme, [product('a3')]);
    const restored = snapshots.restore(acme, 'one');
    await Promise.all([before, restored]);
    expect(ids(store, acme)).toEqual(['a1', 's1', 's2']);
    await store.restoreScope(beta);

    await store.close();
    opened.splice(0);
    store = await open(file);
    expect(ids(store, acme)).toEqual(['a1', 's1', 's2']);
    expect(ids(store, beta)).toEqual(['s1', 's2']);
  });
});
