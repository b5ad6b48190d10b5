import { badRequest } from './errors.js';
import { splitList } from './lists.js';
import type { CatalogProduct } from './types.js';

/** Names in one select: far more than a product has fields, and each is looked up in every answer. */
const MAX_SELECT_NAMES = 100;

/** The fields named by `select` ("a,b,c"); undefined (whole records) when none is named. */
export function parseSelect(raw: string | undefined): string[] | undefined {
  const fields = splitList(raw);
  if (fields.length > MAX_SELECT_NAMES) {
    throw badRequest(`select names ${fields.length} fields; the limit is ${MAX_SELECT_NAMES}`);
  }
  // A path as filters write them (brand/brandName) would match no field and answer nothing of it,
  // silently: select takes whole fields (docs/behaviour.md, "Select").
  const nested = fields.find((field) => field.includes('/'));
  if (nested !== undefined) {
    const top = nested.slice(0, nested.indexOf('/')) || nested;
    throw badRequest(
      `select takes top-level field names, not paths: ${nested} names a part of a field; select ${top} for the whole of it`,
    );
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
