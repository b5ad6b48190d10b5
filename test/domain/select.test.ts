import { describe, expect, it } from 'vitest';
import { applySelect, parseSelect, selectNotes } from '../../src/domain/select.js';
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

  it('takes a path as a name that matches no field, with a note naming the field to select instead', () => {
    expect(parseSelect('productName,brand/brandName')).toEqual(['productName', 'brand/brandName']);
    expect(
      applySelect({ productGroupId: 'p', brand: [{ isoLanguageId: 'en', brandName: 'b' }] }, [
        'brand/brandName',
      ]),
    ).toEqual({
      productGroupId: 'p',
    });
    expect(selectNotes('productName,brand/brandName')).toEqual([
      'select name "brand/brandName" is a path, and select takes top-level field names: it names no field and answers nothing (select brand for the whole of it)',
    ]);
    expect(selectNotes('/x')).toEqual([
      expect.stringMatching(/^select name "\/x" is a path, .*\(select \/x for/),
    ]);
    expect(selectNotes('productName')).toEqual([]);
  });

  it('does not copy inherited properties', () => {
    expect(applySelect(product, ['toString', 'constructor'])).toEqual({ productGroupId: 'p' });
  });
});
