import type { CatalogProduct } from './types.js';

/** The products named in relatedProductGroups that exist, in that order, each once. */
export function recommendations(
  product: CatalogProduct,
  lookup: (productGroupId: string) => CatalogProduct | undefined,
): CatalogProduct[] {
  const ids = new Set((product.relatedProductGroups ?? []).map((r) => r.relatedProductGroupId));
  return [...ids].map(lookup).filter((p): p is CatalogProduct => p !== undefined);
}
