import { describe, expect, it } from 'vitest';
import { productFilters } from '../../src/domain/productFilters.js';
import { parseIdList } from '../../src/domain/lists.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const price = (
  spaceId: string,
  listPrice: number,
  isoCurrencyCode?: string,
  suggestedRetailPrice?: number,
) => ({
  productId: 'v',
  spaceId,
  listPrice,
  ...(isoCurrencyCode && { isoCurrencyCode }),
  ...(suggestedRetailPrice !== undefined && { suggestedRetailPrice }),
});
const feature = (productFeatureType: string, productFeatureValue: string, isoLanguageId?: string) => ({
  productId: 'v',
  productFeatureType,
  productFeatureValue,
  ...(isoLanguageId && { isoLanguageId }),
});

const products: CatalogProduct[] = [
  {
    productGroupId: 'a',
    productType: ['shoes'],
    shellLifeDays: 10,
    brand: [{ isoLanguageId: 'en-GB', brandName: 'Zeta' }],
    productName: [{ isoLanguageId: 'en-GB', productName: 'Boot' }],
    productTags: [{ productTags: ['warm', 'leather'] }],
    productPriceList: [price('s1', 120, 'EUR', 150), price('s2', 99, 'SEK')],
    productFeature: [
      feature('color', 'red', 'en-GB'),
      feature('color', 'röd', 'sv-SE'),
      feature('size', '42'),
    ],
  },
  {
    productGroupId: 'b',
    productType: ['shoes', 'sale'],
    shellLifeDays: 9,
    brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
    productName: [{ isoLanguageId: 'en-GB', productName: 'Anorak' }],
    productPriceList: [price('s1', 80, 'EUR')],
    productFeature: [feature('color', 'blue', 'en-GB'), feature('color', 'red', 'en-GB')],
  },
  {
    productGroupId: 'c',
    productType: ['bags'],
    shellLifeDays: 100,
    brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
    productPriceList: [price('s1', 5, 'EUR')],
    productFeature: [feature('color', 'green', 'en-GB')],
  },
];

describe('products-filters', () => {
  it('gives feature values by language (default for none), distinct and sorted', () => {
    expect(productFilters(products, ['shoes'], ['color', 'size'])).toEqual({
      color: { 'en-GB': ['blue', 'red'], 'sv-SE': ['röd'] },
      size: { default: ['42'] },
    });
  });

  it('gives a price range per space with that space currency, over the products of the types asked', () => {
    expect(productFilters(products, ['shoes'], ['productPriceList/listPrice'])).toEqual({
      'productPriceList/listPrice': {
        s1: { min: 80, max: 120, isoCurrencyCode: 'EUR' },
        s2: { min: 99, max: 99, isoCurrencyCode: 'SEK' },
      },
    });
    expect(productFilters(products, [], ['productPriceList/suggestedRetailPrice'])).toEqual({
      'productPriceList/suggestedRetailPrice': { s1: { min: 150, max: 150, isoCurrencyCode: 'EUR' } },
    });
  });

  it("takes a range's lowest and highest in any order, and the currency a price of that space names", () => {
    const rising: CatalogProduct[] = [
      { productGroupId: 'x', productPriceList: [price('s3', 10)] },
      { productGroupId: 'y', productPriceList: [price('s3', 30, 'USD')] },
      { productGroupId: 'z', productPriceList: [price('s3', 20)] },
    ];
    expect(productFilters(rising, [], ['productPriceList/listPrice'])).toEqual({
      'productPriceList/listPrice': { s3: { min: 10, max: 30, isoCurrencyCode: 'USD' } },
    });
  });

  it('gives other field paths under default, numbers in numeric order, as strings', () => {
    expect(productFilters(products, [], ['shellLifeDays', 'productType'])).toEqual({
      shellLifeDays: { default: ['9', '10', '100'] },
      productType: { default: ['bags', 'sale', 'shoes'] },
    });
  });

  it("reads the client's bare keys and its brand/BrandName spelling", () => {
    expect(productFilters(products, ['shoes'], ['productName', 'productTags', 'brand/BrandName'])).toEqual({
      productName: { default: ['Anorak', 'Boot'] },
      productTags: { default: ['leather', 'warm'] },
      'brand/BrandName': { default: ['Acme', 'Zeta'] },
    });
  });

  it('leaves out a key that matches nothing, and answers all products when no type is given', () => {
    expect(productFilters(products, [], ['nothing', 'brand/brandName'])).toEqual({
      'brand/brandName': { default: ['Acme', 'Zeta'] },
    });
    expect(productFilters(products, ['unknown-type'], ['color'])).toEqual({});
  });

  it('splits lists at ";" when there is one (a type may hold a comma), else at ","', () => {
    expect(parseIdList('a;b, c ;')).toEqual(['a', 'b, c']);
    expect(parseIdList('a, b')).toEqual(['a', 'b']);
    expect(parseIdList(undefined)).toEqual([]);
  });

  it('takes a list without ";" whole when the whole is a known id (one id with a comma, sent alone)', () => {
    const known = (id: string) => id === 'Hats, Caps & Beanies';
    expect(parseIdList(' Hats, Caps & Beanies ', known)).toEqual(['Hats, Caps & Beanies']);
    expect(parseIdList('Hats, Caps & Beanies;boots', known)).toEqual(['Hats, Caps & Beanies', 'boots']);
    expect(parseIdList('hats, boots', known)).toEqual(['hats', 'boots']);
  });

  it('answers keys named like prototype members from the catalog only', () => {
    const odd: CatalogProduct[] = [
      { productGroupId: 'x', productFeature: [feature('constructor', 'yes'), feature('__proto__', 'p')] },
    ];
    const filters = productFilters(odd, [], ['constructor', '__proto__', 'toString']);
    expect(Object.keys(filters)).toEqual(['constructor', '__proto__']);
    expect(filters['constructor']).toEqual({ default: ['yes'] });
    expect(Object.hasOwn(filters, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(filters)).__proto__).toEqual({ default: ['p'] });
  });
});
