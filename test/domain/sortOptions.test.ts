import { describe, expect, it } from 'vitest';
import { sortOptions } from '../../src/domain/sortOptions.js';

const sortable = ['productGroupId', 'shellLifeDays', 'productName'];

describe('product-sort-options', () => {
  it('lists every sortable field in both directions, per language, with labels in the same order', () => {
    expect(sortOptions(sortable, ['en-GB', 'sv-SE'])).toEqual({
      sortOptionsEnum: {
        'en-GB': [
          'productGroupId asc',
          'productGroupId desc',
          'shellLifeDays asc',
          'shellLifeDays desc',
          'productName asc',
          'productName desc',
        ],
        'sv-SE': [
          'productGroupId asc',
          'productGroupId desc',
          'shellLifeDays asc',
          'shellLifeDays desc',
          'productName asc',
          'productName desc',
        ],
      },
      sortOptions: {
        'en-GB': [
          'Product ID A-Z',
          'Product ID Z-A',
          'Shelf life low to high',
          'Shelf life high to low',
          'Name A-Z',
          'Name Z-A',
        ],
        'sv-SE': [
          'Produkt-ID A-Ö',
          'Produkt-ID Ö-A',
          'Hållbarhet lägst först',
          'Hållbarhet högst först',
          'Namn A-Ö',
          'Namn Ö-A',
        ],
      },
    });
  });

  it('labels in English for a language it has no words for, and names an unknown field as it is', () => {
    const options = sortOptions(['productName', 'customRank'], ['ja-JP']);
    expect(options.sortOptions['ja-JP']).toEqual([
      'Name A-Z',
      'Name Z-A',
      'customRank A-Z',
      'customRank Z-A',
    ]);
  });

  it('gives a language named like a prototype member English labels, under its own name', () => {
    const languages = ['constructor', '__proto__', 'toString-GB'];
    const options = sortOptions(['shellLifeDays'], languages);
    // the English words of a number field: its label, then low to high and high to low
    const english = ['Shelf life low to high', 'Shelf life high to low'];
    expect(Object.keys(options.sortOptions)).toEqual(languages);
    expect(Object.keys(options.sortOptionsEnum)).toEqual(languages);
    for (const language of languages) {
      expect(Object.hasOwn(options.sortOptions, language)).toBe(true);
      expect(options.sortOptions[language]).toEqual(english);
    }
    expect(JSON.parse(JSON.stringify(options)).sortOptions.__proto__).toEqual(english);
  });
});
