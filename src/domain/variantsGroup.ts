import type { CatalogProduct, Variant } from './types.js';

/** The group a product's variants belong to; variantsByGroupId (the spec's name) counts as the same field. */
export function variantsGroupOf(product: CatalogProduct): string | undefined {
  const id = product.variantsGroupId ?? product.variantsByGroupId;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

/**
 * The product with the variants of the other products of its group appended (in the order given,
 * which callers keep by productGroupId); a variant whose productId it already has is not repeated.
 * Builds a new object: stored records are never changed.
 */
export function withGroupVariants(product: CatalogProduct, group: readonly CatalogProduct[]): CatalogProduct {
  const variants: Variant[] = [...(product.variants ?? [])];
  const seen = new Set(variants.map((v) => v.productId));
  for (const other of group) {
    if (other.productGroupId === product.productGroupId) continue;
    for (const variant of other.variants ?? []) {
      if (seen.has(variant.productId)) continue;
      seen.add(variant.productId);
      variants.push(variant);
    }
  }
  return { ...product, variants };
}
