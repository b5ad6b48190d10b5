import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { ProductIndex } from '../../src/store/productIndex.js';
import { barcodesOf } from '../../src/domain/barcode.js';

const product = (productGroupId: string, codes: [string, string][]): CatalogProduct =>
  ({
    productGroupId,
    variants: codes.map(([productId, ean]) => ({ productId, europeanArticleNumber: [ean] })),
  }) as CatalogProduct;
const byEan = () =>
  new ProductIndex((p) =>
    (p.variants ?? []).flatMap((v) =>
      barcodesOf(v.europeanArticleNumber).map((ean) => [ean, v.productId] as const),
    ),
  );
const hits = (index: ProductIndex, key: string, all: CatalogProduct[] = []) => {
  const found = index.lookup(key, () => all);
  return found && Object.fromEntries(found);
};

describe('ProductIndex', () => {
  it('builds from the products on first lookup; a product found through two variants keeps the first', () => {
    const a = product('A', [
      ['a1', '111'],
      ['a2', '111'],
      ['a3', '222'],
    ]);
    const index = byEan();
    expect(hits(index, '111', [a])).toEqual({ A: 'a1' });
    expect(hits(index, '222')).toEqual({ A: 'a3' });
    expect(hits(index, '999')).toBeUndefined();
  });

  it('keeps every product of a shared key, and the others when one goes', () => {
    const index = byEan();
    hits(index, 'x');
    const a = product('A', [['a1', '111']]);
    const b = product('B', [['b1', '111']]);
    const c = product('C', [['c1', '111']]);
    index.add(a);
    index.add(b);
    index.add(c);
    expect(hits(index, '111')).toEqual({ A: 'a1', B: 'b1', C: 'c1' });
    index.remove(b);
    expect(hits(index, '111')).toEqual({ A: 'a1', C: 'c1' });
    index.remove(a);
    index.remove(c);
    expect(hits(index, '111')).toBeUndefined();
  });

  it('removing a product leaves a key another product holds alone untouched', () => {
    const index = byEan();
    hits(index, 'x');
    index.add(product('A', [['a1', '111']]));
    index.remove(product('B', [['b1', '111']]));
    expect(hits(index, '111')).toEqual({ A: 'a1' });
    index.remove(product('A', [['a1', '111']]));
    expect(hits(index, '111')).toBeUndefined();
    index.add(product('B', [['b1', '111']]));
    expect(hits(index, '111')).toEqual({ B: 'b1' });
  });

  it('ignores writes before the first lookup, then builds from the products as they are', () => {
    const index = byEan();
    index.add(product('Stale', [['s1', '111']]));
    expect(hits(index, '111', [product('A', [['a1', '111']])])).toEqual({ A: 'a1' });
  });

  it('follows a replaced product to its new keys, and keeps its keys when they stay the same', () => {
    const index = byEan();
    const before = product('A', [
      ['a1', '111'],
      ['a2', '222'],
    ]);
    hits(index, 'x', [before]);
    const samePrices = { ...before, productPriceList: [] } as CatalogProduct;
    index.replace(before, samePrices);
    expect(hits(index, '111')).toEqual({ A: 'a1' });
    expect(hits(index, '222')).toEqual({ A: 'a2' });
    index.replace(samePrices, product('A', [['a1', '333']]));
    expect(hits(index, '111')).toBeUndefined();
    expect(hits(index, '222')).toBeUndefined();
    expect(hits(index, '333')).toEqual({ A: 'a1' });
    // The same keys through another variant: the productId the key leads to changes.
    index.replace(product('A', [['a1', '333']]), product('A', [['a9', '333']]));
    expect(hits(index, '333')).toEqual({ A: 'a9' });
  });
});
