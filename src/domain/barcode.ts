import type { CatalogProduct } from './types.js';

/** The variant fields a barcode lookup searches. */
export const BARCODE_FIELDS = [
  'globalTradeItemNumber',
  'europeanArticleNumber',
  'universalProductCode',
] as const;

/**
 * Leading zeros are not significant: "0999999999993" and "999999999993" are one barcode, and so are
 * "000" and "0". A blank code is no code at all: '' , which no lookup finds, not the code "0".
 */
export function normalizeBarcode(code: string): string {
  const trimmed = code.trim();
  if (trimmed === '') return '';
  const significant = trimmed.replace(/^0+/, '');
  return significant === '' ? '0' : significant;
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
        // A blank code (an empty column of an import) names no barcode.
        const normalized = normalizeBarcode(code);
        if (normalized !== '') yield [normalized, variant.productId];
      }
    }
  }
}
