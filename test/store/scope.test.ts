// A scope's order and lookup tables follow its writes, whatever was read before them.
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string, extra: object = {}) => ({ productGroupId: id, ...extra }) as CatalogProduct;
const ids = (products: readonly CatalogProduct[]) => products.map((p) => p.productGroupId);

const put = (store: Store, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));
const remove = (store: Store, deletedProducts: string[]) =>
  store.write(key, () => ({ change: { deletedProducts }, result: undefined }));

describe('a scope', () => {
  it('lists a seed given out of order by productGroupId', async () => {
    const store = await Store.open({ seed: { products: [product('b'), product('a')], productTypes: [] } });
    expect(ids(store.scope(key).products())).toEqual(['a', 'b']);
  });

  it('lists a product added after the list was read', async () => {
    const store = await Store.open();
    await put(store, [product('p2')]);
    expect(ids(store.scope(key).products())).toEqual(['p2']);
    await put(store, [product('p1')]);
    expect(ids(store.scope(key).products())).toEqual(['p1', 'p2']);
  });

  it('finds no product by a variant it held before it was deleted and pushed again without it', async () => {
    const store = await Store.open();
    await put(store, [product('p1', { variants: [{ productId: 'v1' }] })]);
    expect(ids(store.scope(key).productsByVariant('v1'))).toEqual(['p1']);
    await remove(store, ['p1']);
    await put(store, [product('p1', { variants: [{ productId: 'v2' }] })]);
    expect(store.scope(key).productsByVariant('v1')).toEqual([]);
    expect(ids(store.scope(key).productsByVariant('v2'))).toEqual(['p1']);
  });
});
