import { splitList } from './lists.js';
import type { CatalogProduct } from './types.js';

/** The fields named by `select` ("a,b,c"); undefined (whole records) when none is named. */
export function parseSelect(raw: string | undefined): string[] | undefined {
  const fields = splitList(raw);
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
