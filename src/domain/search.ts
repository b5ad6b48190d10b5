// Keyword search over the fields of docs/behaviour.md, "Search".
import { badRequest } from './errors.js';
import { valuesAt, type FieldPath } from './fieldPath.js';
import type { CatalogProduct } from './types.js';

/** The searched fields, by the name searchField takes, and where their text is. */
export const SEARCH_FIELDS: Readonly<Record<string, FieldPath>> = {
  productName: ['productName', 'productName'],
  productDescription: ['productDescription', 'productDescription'],
  productShortDescription: ['productShortDescription', 'productShortDescription'],
  productTags: ['productTags', 'productTags'],
  'brand/brandName': ['brand', 'brandName'],
  productGroupId: ['productGroupId'],
  'variants/productId': ['variants', 'productId'],
  'variants/globalTradeItemNumber': ['variants', 'globalTradeItemNumber'],
  'variants/europeanArticleNumber': ['variants', 'europeanArticleNumber'],
  'variants/universalProductCode': ['variants', 'universalProductCode'],
};

/** Relevance of a product for a search: 0 when it does not match. */
export interface SearchRanker {
  (product: CatalogProduct): number;
  /** The searched field ('' for all) and the lowercase words, for the search index. */
  readonly field: string;
  readonly words: readonly string[];
}

const ALL = '';
// Lowercase text per record and field, cached by identity: stored records are immutable values.
const textCache = new Map<string, WeakMap<CatalogProduct, string>>();

/** The lowercase text a search looks for its words in: values of the field ('' for all), newline-joined. */
export function searchText(product: CatalogProduct, field: string): string {
  let cache = textCache.get(field);
  if (!cache) textCache.set(field, (cache = new WeakMap()));
  let text = cache.get(product);
  if (text === undefined) {
    const paths = field === ALL ? Object.values(SEARCH_FIELDS) : [SEARCH_FIELDS[field] as FieldPath];
    // A newline between values: a word (never containing whitespace) cannot match across two values.
    text = paths
      .flatMap((path) => valuesAt(product, path))
      .filter((v) => typeof v === 'string')
      .join('\n')
      .toLowerCase();
    cache.set(product, text);
  }
  return text;
}

/**
 * Drops the cached texts of a field, in every scope. Called once a search index answers which
 * products hold a word: only the candidates' texts are read after that, and the text of every
 * product would otherwise stay for as long as the products do. The price: after a write, the first
 * search of the changed catalog lowercases every product's text again, and the texts stay until
 * that catalog's index is built. Measurements: docs/performance.md, "Search index".
 */
export function forgetSearchTexts(field: string): void {
  textCache.delete(field);
}

/**
 * Parses search and searchField into a ranker; undefined when the search is blank.
 * Every word must occur (case-insensitive substring). Relevance: each word scores 2 when it occurs in
 * a productName, 1 otherwise; with searchField every match scores the same.
 */
export function parseSearch(search: string | undefined, searchField?: string): SearchRanker | undefined {
  const field = searchField?.trim() || undefined;
  if (field !== undefined && !Object.hasOwn(SEARCH_FIELDS, field)) {
    throw badRequest(
      `searchField "${field}" is not searchable; searchable fields: ${Object.keys(SEARCH_FIELDS).join(', ')}`,
    );
  }
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  if (field !== undefined) {
    const rank = (p: CatalogProduct) => (words.every((w) => searchText(p, field).includes(w)) ? 1 : 0);
    return Object.assign(rank, { field, words });
  }
  const rank = (p: CatalogProduct) => {
    const all = searchText(p, ALL);
    if (!words.every((w) => all.includes(w))) return 0;
    const names = searchText(p, 'productName');
    return words.reduce((score, w) => score + (names.includes(w) ? 2 : 1), 0);
  };
  return Object.assign(rank, { field: ALL, words });
}
