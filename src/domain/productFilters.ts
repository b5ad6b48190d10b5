// GET /products-filters, which the published client calls: the values a filter UI offers, per key.
// docs/behaviour.md, "What the published client calls beyond the specification".
import { compareScalars, isScalar, readerOf, type Scalar, type ScopeFields } from './fieldPath.js';
import { own } from './own.js';
import { compareIds } from './productTypes.js';
import type { CatalogProduct, FilterByGroup, PriceRange } from './types.js';

/** Price paths answer a range per space rather than values. */
const PRICE_FIELDS: Readonly<Record<string, 'listPrice' | 'suggestedRetailPrice'>> = {
  'productpricelist/listprice': 'listPrice',
  'productpricelist/suggestedretailprice': 'suggestedRetailPrice',
};
const NO_LANGUAGE = 'default';

/**
 * For each filter key, its values over the products of the given types (all products when none).
 * `scope` gives what every product has from the scope read: `tenantId` (readerOf).
 */
export function productFilters(
  products: readonly CatalogProduct[],
  productTypes: readonly string[],
  filterKeys: readonly string[],
  scope?: ScopeFields,
): FilterByGroup {
  const wanted = new Set(productTypes);
  const scoped =
    wanted.size === 0 ? products : products.filter((p) => (p.productType ?? []).some((t) => wanted.has(t)));
  const entries: [string, FilterByGroup[string]][] = [];
  for (const key of new Set(filterKeys)) {
    const groups = valuesOfKey(scoped, key, scope);
    if (Object.keys(groups).length > 0) entries.push([key, groups]);
  }
  // Made by fromEntries: an assignment to a key "__proto__" would set the prototype instead.
  return Object.fromEntries(entries);
}

function valuesOfKey(
  products: readonly CatalogProduct[],
  key: string,
  scope: ScopeFields | undefined,
): FilterByGroup[string] {
  const price = own(PRICE_FIELDS, key.toLowerCase());
  if (price) return priceRanges(products, price);
  const features = featureValues(products, key);
  if (Object.keys(features).length > 0) return features;
  const values: Scalar[] = [];
  // A path as a filter reads it, bare array keys, case and tenantId included (fieldPath.ts).
  const { read } = readerOf(key.split('/'), scope);
  const collect = (value: unknown) => (isScalar(value) && values.push(value), false);
  for (const product of products) read(product, collect);
  return values.length > 0 ? { [NO_LANGUAGE]: distinctSorted(values) } : {};
}

/** Distinct values, sorted (numbers numerically), as strings: the published client's type is string[]. */
function distinctSorted(values: Scalar[]): string[] {
  return [...new Set([...new Set(values)].sort(compareScalars).map(String))];
}

/** productFeature values of one productFeatureType, by language (`default` for none). */
function featureValues(products: readonly CatalogProduct[], type: string): Record<string, string[]> {
  const byLanguage = new Map<string, Scalar[]>();
  for (const product of products) {
    for (const feature of product.productFeature ?? []) {
      if (feature.productFeatureType !== type) continue;
      const language = feature.isoLanguageId ?? NO_LANGUAGE;
      const values = byLanguage.get(language) ?? [];
      values.push(feature.productFeatureValue);
      byLanguage.set(language, values);
    }
  }
  return Object.fromEntries(
    [...byLanguage.keys()].sort(compareIds).map((l) => [l, distinctSorted(byLanguage.get(l) ?? [])]),
  );
}

/** The lowest and highest price per space, with the currency of that space's prices. */
function priceRanges(
  products: readonly CatalogProduct[],
  field: 'listPrice' | 'suggestedRetailPrice',
): Record<string, PriceRange> {
  const bySpace = new Map<string, PriceRange>();
  for (const product of products) {
    for (const price of product.productPriceList ?? []) {
      const value = price[field];
      if (typeof value !== 'number') continue;
      const range = bySpace.get(price.spaceId);
      if (!range) {
        bySpace.set(price.spaceId, { min: value, max: value, isoCurrencyCode: price.isoCurrencyCode ?? '' });
        continue;
      }
      bySpace.set(price.spaceId, {
        min: Math.min(range.min, value),
        max: Math.max(range.max, value),
        isoCurrencyCode: range.isoCurrencyCode || (price.isoCurrencyCode ?? ''),
      });
    }
  }
  return Object.fromEntries(
    [...bySpace.keys()].sort(compareIds).map((s) => [s, bySpace.get(s) as PriceRange]),
  );
}
