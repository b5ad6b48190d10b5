// One list query (GET and POST /products) over an array of products.
import { parseFilter, type ProductPredicate } from './filter.js';
import { parseSummaryRequest, summarize, type SummaryRequest } from './facets.js';
import { parseSearch, type SearchRanker } from './search.js';
import { applySelect, parseSelect } from './select.js';
import { parseSort, sortProducts, type SortKey } from './sort.js';
import type { CatalogProduct, ProductListResult, ProductQuery } from './types.js';

export const DEFAULT_LIMIT = 50;

/** The parameters of a list query, as GET's query string or POST's body carries them. */
export type ListParameters = Partial<ProductQuery>;

/** A list query checked and parsed once, ready to run. */
export interface ListQuery {
  filter?: ProductPredicate;
  search?: SearchRanker;
  sort: SortKey[];
  select?: string[];
  summary: SummaryRequest;
  limit: number;
  page: number;
}

/** Parses every parameter; throws a 400 naming the first one at fault. Ranges are the validator's job. */
export function parseListQuery(params: ListParameters, sortable: ReadonlySet<string>): ListQuery {
  return {
    filter: params.filter === undefined ? undefined : parseFilter(params.filter),
    search: parseSearch(params.search, params.searchField),
    sort: parseSort(params.sort, sortable),
    select: parseSelect(params.select),
    summary: parseSummaryRequest(params.facets, params.includeAttributeFilters, params.attributeFilters),
    limit: params.limit ?? DEFAULT_LIMIT,
    page: params.page ?? 1,
  };
}

/**
 * Match (filter and search), count, facets over all matches, order, page, select.
 * Order: the sort keys, then search relevance, then productGroupId; `products` must come ordered by
 * productGroupId (the Scope's order) so that a query with neither sort nor search needs no sorting.
 */
export function runListQuery(products: readonly CatalogProduct[], query: ListQuery): ProductListResult {
  const { filter, search } = query;
  const scores = new Map<CatalogProduct, number>();
  const matches =
    !filter && !search
      ? products
      : products.filter((p) => {
          if (filter && !filter(p)) return false;
          if (!search) return true;
          const score = search(p);
          if (score > 0) scores.set(p, score);
          return score > 0;
        });
  const { facets, attributeFilters } = summarize(matches, query.summary);
  const ordered =
    query.sort.length > 0 || search
      ? sortProducts(matches, query.sort, search ? (p) => scores.get(p) ?? 0 : undefined)
      : matches;
  const start = (query.page - 1) * query.limit;
  const list = ordered.slice(start, start + query.limit).map((p) => applySelect(p, query.select));
  return { list, count: matches.length, facets, attributeFilters };
}
