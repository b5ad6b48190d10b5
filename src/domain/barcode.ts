import type { CatalogProduct } from './types.js';

/** The variant fields a barcode lookup searches. */
export const BARCODE_FIELDS = [
  'globalTradeItemNumber',
  'europeanArticleNumber',
  'universalProductCode',
] as const;

/** Leading zeros are not significant: "0999999999993" and "999999999993" are one barcode. */
export function normalizeBarcode(code: string): string {
  const trimmed = code.trim().replace(/^0+/, '');
  return trimmed === '' ? '0' : trimmed;
}

/**
 * The codes of one barcode field: one code as a string (the specification's type) or several as a
 * list. A string is one code, never a list of its characters.
 */
export function barcodesOf(codes: string | readonly string[] | undefined): readonly string[] {
  if (codes === undefined) return [];
  return typeof codes === 'string' ? [codes] : codes;
}

/** Every (normalized barcode, variant productId) pair of a product. */
export function* productBarcodes(product: CatalogProduct): Generator<[string, string]> {
  for (const variant of product.variants ?? []) {
    for (const field of BARCODE_FIELDS) {
      for (const code of barcodesOf(variant[field])) {
        yield [normalizeBarcode(code), variant.productId];
      }
    }
  }
}
