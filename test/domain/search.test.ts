import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/domain/search.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const lamp: CatalogProduct = {
  productGroupId: 'LAMP-1',
  productName: [{ isoLanguageId: 'en-GB', productName: 'Desk Lamp' }],
  productDescription: [{ isoLanguageId: 'en-GB', productDescription: 'A brass desk light' }],
  productShortDescription: [{ isoLanguageId: 'en-GB', productShortDescription: 'Adjustable arm' }],
  productTags: [{ isoLanguageId: 'en-GB', productTags: ['office', 'lighting'] }],
  brand: [{ isoLanguageId: 'en-GB', brandName: 'Lumen' }],
  productInternalName: [{ isoLanguageId: 'en-GB', productInternalName: 'secret-code' }],
  variants: [
    {
      productId: 'LAMP-1-BLK',
      europeanArticleNumber: ['4006381333931'],
      universalProductCode: ['036000291452'],
    },
  ],
};

const rank = (search: string, field?: string) => parseSearch(search, field)?.(lamp);

describe('search', () => {
  it('finds a word in each searched field, case-insensitively, and not in other fields', () => {
    for (const word of [
      'lamp',
      'BRASS',
      'adjustable',
      'office',
      'lumen',
      'lamp-1',
      'blk',
      '4006381333931',
      '0360002',
    ]) {
      expect(rank(word), word).toBeGreaterThan(0);
    }
    expect(rank('secret')).toBe(0);
    expect(rank('en-gb')).toBe(0);
  });

  it('needs every word, each anywhere, and no word may span two values', () => {
    expect(rank('lumen office desk')).toBeGreaterThan(0);
    expect(rank('lumen chair')).toBe(0);
    // "lamp" ends the name and "a" starts the description: still no match for the joined text.
    expect(rank('lampa')).toBe(0);
  });

  it('scores 2 per word in a productName and 1 per word found only elsewhere', () => {
    expect(rank('desk')).toBe(2);
    expect(rank('brass')).toBe(1);
    expect(rank('desk brass lumen')).toBe(4);
  });

  it('is undefined for a blank search, and searchField limits it to one field', () => {
    expect(parseSearch('   ')).toBeUndefined();
    expect(rank('lumen', 'brand/brandName')).toBe(1);
    expect(rank('lamp', 'brand/brandName')).toBe(0);
    expect(rank('blk', 'variants/productId')).toBe(1);
    expect(() => parseSearch('x', 'productFeature')).toThrow(
      /searchField "productFeature" is not searchable/,
    );
  });

  it('takes at most 32 words, duplicates counted: more is a 400 that names the limit', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'lamp').join(' ');
    expect(parseSearch(words(32))?.words).toHaveLength(32);
    expect(() => parseSearch(words(33))).toThrow('search has 33 words; the limit is 32');
    expect(() => parseSearch(`  ${words(40)}  `, 'productName')).toThrow('search has 40 words');
  });

  it('takes words of at most 256 characters, the longest productGroupId: searches are cached by their words', () => {
    const id = 'p'.repeat(256);
    expect(parseSearch(`lamp ${id}`)?.words).toEqual(['lamp', id]);
    expect(() => parseSearch(`lamp ${id}x`)).toThrow(
      'search has a word of 257 characters; the limit is 256 per word',
    );
    expect(() => parseSearch('x'.repeat(1_000_000), undefined, 'term')).toThrow(
      'term has a word of 1000000 characters; the limit is 256 per word',
    );
  });

  it('reads a new record, not the cached text of a previous one', () => {
    const renamed: CatalogProduct = {
      ...lamp,
      productName: [{ isoLanguageId: 'en-GB', productName: 'Floor Light' }],
    };
    const search = parseSearch('floor') as (p: CatalogProduct) => number;
    expect(search(lamp)).toBe(0);
    expect(search(renamed)).toBe(2);
  });

  it('answers products sharing a long text value each by its whole text, within one search', () => {
    // Generated catalogs share values such as descriptions between products; a word's presence in a
    // shared text is remembered per search, which must not leak one product's other fields to another.
    const description = [
      { isoLanguageId: 'en-GB', productDescription: 'A sturdy lamp of brushed steel for reading at night' },
    ];
    const plain: CatalogProduct = { productGroupId: 'P-1', productDescription: description };
    const tagged: CatalogProduct = {
      productGroupId: 'P-2',
      productDescription: description,
      productTags: [{ isoLanguageId: 'en-GB', productTags: ['walnut'] }],
    };
    const both = parseSearch('steel walnut');
    expect([both?.(plain), both?.(tagged)]).toEqual([0, 2]);
    const steel = parseSearch('STEEL', 'productDescription');
    expect([steel?.(plain), steel?.(tagged)]).toEqual([1, 1]);
    const inTags = parseSearch('walnut', 'productTags');
    expect([inTags?.(tagged), inTags?.(plain)]).toEqual([1, 0]);
  });

  it('matches no word across two values or two fields', () => {
    expect(rank('lampa')).toBe(0); // "Desk Lamp" then "A brass desk light"
    expect(rank('armoffice')).toBe(0); // "Adjustable arm", then the tag "office"
    expect(rank('officelighting')).toBe(0); // two tags of one product
    expect(rank('celig')).toBe(0);
    expect(rank('p-1-blk')).toBeGreaterThan(0);
  });

  it('reads a blank searchField as none: every field is searched', () => {
    expect(rank('desk', '  ')).toBe(2);
    expect(rank('lumen', '')).toBe(1);
  });

  it('answers each searchField from its own paths, whichever search read a shared value first', () => {
    // Both searches read the one variants array: the whole-product search keeps its barcodes, the
    // variants/productId search must not see them.
    const variants = [{ productId: 'CHAIR-9', europeanArticleNumber: ['5012345678900'] }];
    const chair: CatalogProduct = { productGroupId: 'CHAIR', variants };
    expect(parseSearch('5012345678900')?.(chair)).toBe(1);
    expect(parseSearch('5012345678900', 'variants/productId')?.(chair)).toBe(0);
    expect(parseSearch('chair-9', 'variants/productId')?.(chair)).toBe(1);
    // And the other way round, on a value no search has read yet.
    const stool: CatalogProduct = { productGroupId: 'STOOL', variants: variants.map((v) => ({ ...v })) };
    expect(parseSearch('chair-9', 'variants/productId')?.(stool)).toBe(1);
    expect(parseSearch('5012345678900')?.(stool)).toBe(1);
    expect(parseSearch('5012345678900', 'variants/europeanArticleNumber')?.(stool)).toBe(1);
  });
});
