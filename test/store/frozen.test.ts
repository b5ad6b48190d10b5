// Records are never changed in place: under the test suite the store deep-freezes every record it takes.
import { describe, expect, it } from 'vitest';
import { FREEZE_RECORDS } from '../../src/store/frozen.js';
import { Store } from '../../src/store/store.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const product = (): CatalogProduct => ({
  productGroupId: 'p1',
  productName: [{ isoLanguageId: 'en-US', productName: 'Boot' }],
  variants: [{ productId: 'v1', productGroupId: 'p1', europeanArticleNumber: ['4006381333931'] }],
});

const scopeOf = (store: Store) => store.scope({ region: 'eu', tenantId: 't', environment: 'e' });

describe('stored records under the test suite', () => {
  it('runs with records frozen (vitest.config.ts sets PRODUCT_CATALOG_MOCK_FREEZE_RECORDS)', () => {
    expect(FREEZE_RECORDS).toBe(true);
  });

  it('freezes a written product to its leaves, so an in-place edit throws', async () => {
    const scope = scopeOf(await Store.open());
    scope.putProducts([product()]);
    const stored = scope.product('p1') as CatalogProduct;
    expect(() => {
      stored.productGroupId = 'other';
    }).toThrow(TypeError);
    expect(() => stored.variants?.push({ productId: 'v2' })).toThrow(TypeError);
    expect(() => {
      (stored.variants?.[0]?.europeanArticleNumber as string[])[0] = '0';
    }).toThrow(TypeError);
    expect(scope.product('p1')).toEqual(product());
  });

  it('freezes seed records and product types too', async () => {
    const scope = scopeOf(
      await Store.open({
        seed: { products: [product()], productTypes: [{ productTypeId: 'shoes', isRoot: true }] },
      }),
    );
    expect(Object.isFrozen(scope.product('p1')?.productName?.[0])).toBe(true);
    scope.putProductTypes([{ productTypeId: 'bags', title: [{ isoLanguageId: 'en-US', label: 'Bags' }] }]);
    expect(Object.isFrozen(scope.productType('bags')?.title?.[0])).toBe(true);
    expect(Object.isFrozen(scope.productType('shoes'))).toBe(true);
  });
});
