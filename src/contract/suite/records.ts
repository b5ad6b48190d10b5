// Small builders for the records the suites write; shapes follow openapi.yaml.
import { randomInt } from 'node:crypto';
import { gs1CheckDigit } from '../../seed/barcodes.js';

const LANG = 'en-GB';

/**
 * A random EAN-13 of GS1's restricted circulation range (prefix 2): no trade item carries one, so a
 * run's barcodes never shadow a real product's in a deployment's barcode lookup.
 */
export function testBarcode(): string {
  const body = '2' + String(randomInt(0, 10 ** 11)).padStart(11, '0');
  return body + gs1CheckDigit(body);
}

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
