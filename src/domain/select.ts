import { badRequest } from './errors.js';
import type { CatalogProduct } from './types.js';

/** Names in one select: far more than a product has fields, and each is looked up in every answer. */
export const MAX_SELECT_NAMES = 100;

/** The fields named by `select` ("a,b,c"); undefined (whole records) when none is named. */
export function parseSelect(raw: string | undefined): string[] | undefined {
  const fields = (raw ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f.length > 0);
  if (fields.length > MAX_SELECT_NAMES) {
    throw badRequest(`select names ${fields.length} fields; the limit is ${MAX_SELECT_NAMES}`);
  }
  return fields.length > 0 ? fields : undefined;
}

/** A new shallow object with productGroupId and the selected fields the product has; unknown names are absent. */
export function applySelect(product: CatalogProduct, fields: readonly string[] | undefined): CatalogProduct {
  if (!fields) return product;
  const out: CatalogProduct = { productGroupId: product.productGroupId };
  for (const field of fields) {
    if (Object.hasOwn(product, field) && product[field] !== undefined) out[field] = product[field];
  }
  return out;
}
