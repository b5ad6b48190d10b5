import type { CatalogProduct } from './types.js';

/**
 * The products named in relatedProductGroups that exist, in that order, each once, never the
 * product itself: a product naming itself (writes store relatedProductGroups as sent) would be
 * recommended to its own page (docs/behaviour.md, "Recommendations"). Every list of
 * recommendationSet that reads related products goes through here.
 */
export function recommendations(
  product: CatalogProduct,
  lookup: (productGroupId: string) => CatalogProduct | undefined,
): CatalogProduct[] {
  const ids = new Set((product.relatedProductGroups ?? []).map((r) => r.relatedProductGroupId));
  ids.delete(product.productGroupId);
  return [...ids].map(lookup).filter((p): p is CatalogProduct => p !== undefined);
}
