import { describe, expect, it } from 'vitest';
import { CatalogError } from '../../src/domain/errors.js';
import { statusOf } from '../../src/pipeline/answers.js';
import { checkFileCapacity, estimatedJsonChars, persistError } from '../../src/store/store.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const products = Array.from(
  { length: 1000 },
  (_, i) =>
    ({ productGroupId: `p${String(i).padStart(4, '0')}`, note: 'x'.repeat(88) }) as unknown as CatalogProduct,
);
const json = products.reduce((n, p) => n + JSON.stringify(p).length, 0);

describe('what a --data file can hold', () => {
  it('estimates the JSON size of the products from a sample', () => {
    expect(estimatedJsonChars(products)).toBe(json);
    expect(estimatedJsonChars([])).toBe(0);
  });

  it('refuses at start-up a seed that fills most of a file, saying how many products fit', () => {
    const seed = { products, productTypes: [] };
    expect(() => checkFileCapacity('store.json', seed, json * 2)).not.toThrow();
    expect(() => checkFileCapacity('store.json', seed, json)).toThrow(
      /--data store.json keeps the whole store in one JSON file .* at most about 800 products/,
    );
  });

  it('turns a write the file cannot hold into a 507 that says the change is only in memory', () => {
    const mapped = persistError(new RangeError('Invalid string length'), 'store.json');
    expect(mapped).toBeInstanceOf(CatalogError);
    expect(mapped).toMatchObject({
      kind: 'storage-full',
      message: expect.stringContaining('applied in memory'),
    });
    expect(statusOf((mapped as CatalogError).kind)).toBe(507);
    const other = new Error('EACCES: permission denied');
    expect(persistError(other, 'store.json')).toBe(other);
  });
});
