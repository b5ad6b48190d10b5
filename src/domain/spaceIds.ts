import type { CatalogProduct } from './types.js';

/**
 * The fields whose elements carry the spaceIds a product is visible in
 * (docs/behaviour.md, "POST /products-push (merge push)").
 */
export const SPACE_SOURCE_FIELDS = ['productPriceList', 'productStatus', 'productItemQuantity'] as const;

/**
 * spaceIds after a write: the ones kept, then every spaceId found in productPriceList,
 * productStatus and productItemQuantity, in first-seen order, without duplicates.
 */
export function deriveSpaceIds(product: CatalogProduct, kept: readonly string[] = []): string[] {
  const ids = new Set(kept);
  for (const field of SPACE_SOURCE_FIELDS) {
    for (const element of product[field] ?? []) {
      if (typeof element.spaceId === 'string') ids.add(element.spaceId);
    }
  }
  return [...ids];
}
