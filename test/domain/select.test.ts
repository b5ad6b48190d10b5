import { describe, expect, it } from 'vitest';
import { applySelect, parseSelect } from '../../src/domain/select.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const product: CatalogProduct = { productGroupId: 'p', shellLifeDays: 3, productType: ['t'], extra: 'kept' };

describe('select', () => {
  it('keeps productGroupId and the named fields the product has, as a new object', () => {
    const selected = applySelect(product, parseSelect(' productType ,nope,extra'));
    expect(selected).toEqual({ productGroupId: 'p', productType: ['t'], extra: 'kept' });
    expect(selected).not.toBe(product);
    expect(product).toEqual({ productGroupId: 'p', shellLifeDays: 3, productType: ['t'], extra: 'kept' });
  });

  it('answers the whole record when nothing is named', () => {
    expect(parseSelect(undefined)).toBeUndefined();
    expect(parseSelect(' , ')).toBeUndefined();
    expect(applySelect(product, undefined)).toBe(product);
  });

  it('does not copy inherited properties', () => {
    expect(applySelect(product, ['toString', 'constructor'])).toEqual({ productGroupId: 'p' });
  });
});
