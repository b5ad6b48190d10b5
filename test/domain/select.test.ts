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

  it('takes 100 names and refuses 101 with a 400 that names the limit', () => {
    const names = (n: number) =>
      Array.from({ length: n }, (_, i) => (i === n - 1 ? 'extra' : `f${i}`)).join(',');
    expect(applySelect(product, parseSelect(names(100)))).toEqual({ productGroupId: 'p', extra: 'kept' });
    expect(() => parseSelect(names(101))).toThrow('select names 101 fields; the limit is 100');
  });

  it('refuses a path, naming the field to select instead', () => {
    expect(() => parseSelect('productName,brand/brandName')).toThrow(
      'select takes top-level field names, not paths: brand/brandName names a part of a field; select brand for the whole of it',
    );
    expect(() => parseSelect('/x')).toThrow(/^select takes top-level field names, not paths: \/x /);
  });

  it('does not copy inherited properties', () => {
    expect(applySelect(product, ['toString', 'constructor'])).toEqual({ productGroupId: 'p' });
  });
});
