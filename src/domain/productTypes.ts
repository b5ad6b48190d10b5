import type { OperationResponse, ProductType, ProductTypeDeleteResult } from './types.js';
import { contentTag } from './contentTag.js';
import { holdsEveryWord } from './search.js';

/** Those of `ids` that exist, in the order asked; without ids, all of them ordered by productTypeId. */
export function selectProductTypes(
  lookup: (id: string) => ProductType | undefined,
  all: () => Iterable<ProductType>,
  ids?: string[],
): ProductType[] {
  if (ids === undefined) {
    return [...all()].sort((a, b) => compareIds(a.productTypeId, b.productTypeId));
  }
  const seen = new Set<string>();
  const found: ProductType[] = [];
  for (const id of ids) {
    const type = lookup(id);
    if (type && !seen.has(id)) {
      seen.add(id);
      found.push(type);
    }
  }
  return found;
}

/** The bulk-operation answer of an upsert: 201 for a new document, 200 for a replaced one. */
function upsertResponse(doc: ProductType, existed: boolean): OperationResponse {
  return {
    statusCode: existed ? 200 : 201,
    requestCharge: 1,
    eTag: `"${contentTag(JSON.stringify(doc))}"`,
    resourceBody: doc,
  };
}

/** Answers of a batch upsert, applied in order: a second document with one id in a batch replaces the first. */
export function upsertResponses(
  docs: readonly ProductType[],
  exists: (id: string) => boolean,
): OperationResponse[] {
  const seen = new Set<string>();
  return docs.map((doc) => {
    const existed = seen.has(doc.productTypeId) || exists(doc.productTypeId);
    seen.add(doc.productTypeId);
    return upsertResponse(doc, existed);
  });
}

export function deleteResult(id: string, existed: boolean): ProductTypeDeleteResult {
  return { id, status: existed ? 204 : 404 };
}

/**
 * Whether a product type matches a search for these lowercase words: each occurs in its
 * productTypeId or a title label, ignoring case, as a product's words occur in its searched fields
 * (docs/behaviour.md, "GET /search").
 */
export function productTypeMatches(type: ProductType, words: readonly string[]): boolean {
  const texts = [type.productTypeId, ...(type.title ?? []).map((t) => t.label)].map((t) => t.toLowerCase());
  return holdsEveryWord(texts, words);
}

/** Plain code-unit order: stable across locales and machines. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
