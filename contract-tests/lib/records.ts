// Small builders for the records the suites write; shapes follow openapi.yaml.
const LANG = 'en-GB';

export const name = (productName: string) => ({ isoLanguageId: LANG, productName });

export const price = (productId: string, spaceId: string, listPrice: number, isoCurrencyCode = 'EUR') => ({
  productId,
  spaceId,
  listPrice,
  priceListType: 'Standard',
  isoCurrencyCode,
  isoLanguageId: LANG,
});

export const quantity = (productId: string, spaceId: string, productItemQuantity: number) => ({
  productId,
  spaceId,
  productItemQuantity,
});

export const status = (spaceId: string, productStatus = 'Active') => ({
  productStatus,
  spaceId,
  isoLanguageId: LANG,
});

export const feature = (productId: string, productFeatureType: string, productFeatureValue: string) => ({
  productId,
  productFeatureType,
  productFeatureValue,
  isoLanguageId: LANG,
});

export const label = (spaceId: string, productLabel: string) => ({
  isoLanguageId: LANG,
  spaceId,
  productLabel,
});

/** A JSON filter as the query string carries it. */
export const filterParam = (filter: object): string => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** Only this file's products: a live deployment holds others. */
export const startsWith = (prefix: string) => ({ startsWith: ['productGroupId', prefix] });

export const ids = (list: { productGroupId: string }[]): string[] => list.map((p) => p.productGroupId);
