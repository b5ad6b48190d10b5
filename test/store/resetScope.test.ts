import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import type { CatalogProduct, ProductType } from '../../src/domain/types.js';

const coats: ProductType = { productTypeId: 'coats', isRoot: true } as ProductType;
const hats: ProductType = { productTypeId: 'hats', isRoot: true } as ProductType;
const acme = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const globex = { region: 'eu', tenantId: 'globex', environment: 'dev' };

const putType = (store: Store, key: typeof acme, type: ProductType) =>
  store.write(key, () => ({ change: { productTypes: [type] }, result: undefined }));
const ids = (store: Store, key: typeof acme) =>
  store
    .scope(key)
    .productTypes()
    .map((t) => t.productTypeId);

describe('Store.resetScope', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('brings one scope back to the seed and leaves the others, in memory', async () => {
    const store = await Store.open({ seed: { products: [] as CatalogProduct[], productTypes: [coats] } });
    await putType(store, acme, hats);
    await putType(store, globex, hats);
    expect(store.writtenScopes().map((s) => s.tenantId)).toEqual(['acme', 'globex']);
    await store.resetScope(acme);
    expect(ids(store, acme)).toEqual(['coats']);
    expect(ids(store, globex).sort()).toEqual(['coats', 'hats']);
    expect(store.writtenScopes()).toEqual([{ ...globex, products: 0, productTypes: 2 }]);
  });

  it('with a --data file, a restart reads the reset scope as the seed and the other as written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'reset-scope-'));
    const file = join(dir, 'data.json');
    const seed = { products: [] as CatalogProduct[], productTypes: [coats] };
    const store = await Store.open({ file, seed });
    await putType(store, acme, hats);
    await putType(store, globex, hats);
    await store.resetScope(acme);
    await store.close();
    const again = await Store.open({ file, seed });
    expect(ids(again, acme)).toEqual(['coats']);
    expect(ids(again, globex).sort()).toEqual(['coats', 'hats']);
    await again.close();
  });
});
