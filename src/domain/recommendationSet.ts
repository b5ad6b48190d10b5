// GET /product-recommendations-by-productId, which the published client calls: three lists.
// docs/behaviour.md, "What the published client calls beyond the specification".
import { recommendations } from './recommendations.js';
import type { CatalogProduct, ProductRecommendationSet } from './types.js';

export type RecommendationInclusion = 'default' | 'all' | 'similarItems' | 'completeTheLook';

const sharesType = (a: CatalogProduct, b: CatalogProduct): boolean =>
  (a.productType ?? []).some((t) => (b.productType ?? []).includes(t));

const brandsOf = (p: CatalogProduct): Set<string> => new Set((p.brand ?? []).map((b) => b.brandName));

/**
 * `catalog` must come ordered by productGroupId (the Scope's order). default: the related products
 * (GET /product-recommendations); similarItems: other products sharing a productType;
 * completeTheLook: related products of other types, else other products of the same brand and of
 * other types. `inclusion` picks the lists filled, the others are []; `limit` bounds each.
 */
export function recommendationSet(
  product: CatalogProduct,
  catalog: readonly CatalogProduct[],
  lookup: (productGroupId: string) => CatalogProduct | undefined,
  inclusion: RecommendationInclusion,
  limit: number,
): ProductRecommendationSet {
  const wants = (list: RecommendationInclusion) => inclusion === 'all' || inclusion === list;
  const others = catalog.filter((p) => p.productGroupId !== product.productGroupId);
  return {
    default: wants('default') ? recommendations(product, lookup).slice(0, limit) : [],
    similarItems: wants('similarItems') ? firstOf(others, (p) => sharesType(p, product), limit) : [],
    completeTheLook: wants('completeTheLook') ? completeTheLook(product, others, lookup, limit) : [],
  };
}

function completeTheLook(
  product: CatalogProduct,
  others: readonly CatalogProduct[],
  lookup: (productGroupId: string) => CatalogProduct | undefined,
  limit: number,
): CatalogProduct[] {
  const related = recommendations(product, lookup).filter((p) => !sharesType(p, product));
  if (related.length > 0) return related.slice(0, limit);
  const brands = brandsOf(product);
  return firstOf(
    others,
    (p) => !sharesType(p, product) && [...brandsOf(p)].some((b) => brands.has(b)),
    limit,
  );
}

/** The first `limit` products that pass, without testing the rest. */
function firstOf(
  products: readonly CatalogProduct[],
  test: (p: CatalogProduct) => boolean,
  limit: number,
): CatalogProduct[] {
  const out: CatalogProduct[] = [];
  for (const p of products) {
    if (out.length >= limit) break;
    if (test(p)) out.push(p);
  }
  return out;
}
