// Keyword search over the fields of docs/behaviour.md, "Search".
import { badRequest } from './errors.js';
import { valuesAt, type FieldPath } from './fieldPath.js';
import type { CatalogProduct } from './types.js';
import { shown } from './given.js';

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
  /**
   * The relevance of a product known to hold every word in the searched field (the search index
   * found it so): what the ranker answers, without looking for the words in all of its text again.
   */
  readonly scoreOfHolder: (product: CatalogProduct) => number;
}

/** The field of a search over every searched field. */
export const ALL_FIELDS = '';

/** Words one search may hold. */
const MAX_SEARCH_WORDS = 32;
/**
 * Characters one word may hold: as long as the longest productGroupId. Searches are cached by their
 * words, and 120 searches for distinct words of a million characters (a POST body holds five) kept
 * 150 MB alive (docs/behaviour.md, "Parameters").
 */
const MAX_WORD_LENGTH = 256;

/**
 * One part of a product's search text: the values at some paths under one top-level field. Parts are
 * cached by the identity of that field's value, and a generated catalog shares most of those values
 * (names, descriptions, tags, brands) between products, so a first search lowercases each shared
 * text once instead of once per product (docs/performance.md, "Search texts per shared value").
 */
interface PartSpec {
  field: string;
  paths: readonly FieldPath[];
  /** Whether one path is the field itself: a string field's own value is then searched. */
  whole: boolean;
  /** Which cache holds this part's texts; equal specs share one. */
  key: string;
}

function partsOf(paths: readonly FieldPath[]): PartSpec[] {
  const byField = new Map<string, FieldPath[]>();
  for (const path of paths) {
    const field = path[0] as string;
    byField.set(field, [...(byField.get(field) ?? []), path]);
  }
  return [...byField].map(([field, list]) => ({
    field,
    paths: list,
    whole: list.some((path) => path.length === 1),
    key: list.map((path) => path.join('/')).join('\n'),
  }));
}

const PARTS = new Map<string, readonly PartSpec[]>([
  [ALL_FIELDS, partsOf(Object.values(SEARCH_FIELDS))],
  ...Object.entries(SEARCH_FIELDS).map(([name, path]) => [name, partsOf([path])] as const),
]);

// A part's lowercase text per field value, cached by identity: stored records are immutable values.
// Kept as long as the values are: shared values take little, and a changed catalog's first search
// reuses the texts of every value the change left alone. Held as a list of no or one text, so that a
// field searched alone answers with it, shared by every product sharing the value.
const partCache = new Map<string, WeakMap<object, readonly string[]>>();
const NO_PARTS: readonly string[] = [];

const valueOf = (product: CatalogProduct, spec: PartSpec): unknown =>
  Object.hasOwn(product, spec.field) ? product[spec.field] : undefined;

/** A part's lowercase text, the values at its paths newline-joined, as a list of no or one text. */
function partOf(product: CatalogProduct, spec: PartSpec): readonly string[] {
  const value = valueOf(product, spec);
  if (typeof value === 'string') return spec.whole ? [value.toLowerCase()] : NO_PARTS;
  if (typeof value !== 'object' || value === null) return NO_PARTS;
  let cache = partCache.get(spec.key);
  if (!cache) partCache.set(spec.key, (cache = new WeakMap()));
  let parts = cache.get(value);
  if (parts === undefined) {
    const values: unknown[] = [];
    for (const path of spec.paths) valuesAt(product, path, values);
    // A newline between values: a word (never containing whitespace) cannot match across two values.
    const text = values
      .filter((v) => typeof v === 'string')
      .join('\n')
      .toLowerCase();
    cache.set(value, (parts = text === '' ? NO_PARTS : [text]));
  }
  return parts;
}

// The parts of each product's text, by field searched: one lookup per product and search.
const productParts = new Map<string, WeakMap<CatalogProduct, readonly string[]>>();

/**
 * The lowercase texts a search looks for its words in, one per searched top-level field. A word has
 * no whitespace, so it occurs in the product's text exactly when it occurs in one of the parts.
 */
export function searchParts(product: CatalogProduct, field: string): readonly string[] {
  let cache = productParts.get(field);
  if (!cache) productParts.set(field, (cache = new WeakMap()));
  let parts = cache.get(product);
  if (parts !== undefined) return parts;
  const specs = PARTS.get(field) ?? [];
  // A field searched alone whose value is an object: the value's own cached parts.
  const only = specs.length === 1 ? specs[0] : undefined;
  if (only && typeof valueOf(product, only) === 'object') return partOf(product, only);
  const texts: string[] = [];
  for (const spec of specs) texts.push(...partOf(product, spec));
  cache.set(product, (parts = texts));
  return parts;
}

/**
 * Records a product's parts for a field, as read from an index written with the same code: a seed
 * file's products are then searched without being read (docs/performance.md, "Seed files served as
 * read").
 */
export function knowParts(product: CatalogProduct, field: string, parts: readonly string[]): void {
  let cache = productParts.get(field);
  if (!cache) productParts.set(field, (cache = new WeakMap()));
  cache.set(product, parts);
}

const occursIn = (parts: readonly string[], word: string): boolean =>
  parts.some((part) => part.includes(word));

/** The lowercase words of a search: split at whitespace, as every search is (docs/behaviour.md, "Search"). */
export const searchWords = (search: string): string[] => search.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether every word occurs as a substring of one of the lowercase texts: how a search matches. */
export const holdsEveryWord = (texts: readonly string[], words: readonly string[]): boolean =>
  words.every((w) => occursIn(texts, w));

/**
 * Parses search and searchField into a ranker; undefined when the search is blank.
 * Every word must occur (case-insensitive substring). Relevance: each word scores 2 when it occurs in
 * a productName, 1 otherwise; with searchField every match scores the same.
 */
export function parseSearch(
  search: string | undefined,
  searchField?: string,
  /** The parameter the words came in, for the message of a refusal: search, or GET /search's term. */
  parameter = 'search',
): SearchRanker | undefined {
  const field = searchField?.trim() || undefined;
  if (field !== undefined && !Object.hasOwn(SEARCH_FIELDS, field)) {
    throw badRequest(
      `searchField ${shown(field)} is not searchable; searchable fields: ${Object.keys(SEARCH_FIELDS).join(', ')}`,
    );
  }
  const words = searchWords(search ?? '');
  if (words.length === 0) return undefined;
  // Every word is looked for in every product: 2.4 million words in a POST body held the server
  // for 38 s (docs/behaviour.md, "Parameters").
  if (words.length > MAX_SEARCH_WORDS) {
    throw badRequest(`${parameter} has ${words.length} words; the limit is ${MAX_SEARCH_WORDS}`);
  }
  const long = words.find((w) => w.length > MAX_WORD_LENGTH);
  if (long !== undefined) {
    throw badRequest(
      `${parameter} has a word of ${long.length} characters; the limit is ${MAX_WORD_LENGTH} per word`,
    );
  }
  const holdsAll = (parts: readonly string[]) => holdsEveryWord(parts, words);
  if (field !== undefined) {
    const rank = (p: CatalogProduct) => (holdsAll(searchParts(p, field)) ? 1 : 0);
    return Object.assign(rank, { field, words, scoreOfHolder: () => 1 });
  }
  const scoreOfHolder = (p: CatalogProduct) => {
    const name = searchParts(p, 'productName');
    return words.reduce((score, w) => score + (occursIn(name, w) ? 2 : 1), 0);
  };
  const rank = (p: CatalogProduct) => (holdsAll(searchParts(p, ALL_FIELDS)) ? scoreOfHolder(p) : 0);
  return Object.assign(rank, { field: ALL_FIELDS, words, scoreOfHolder });
}
