// One list query (GET and POST /products) over an array of products.
import { bothFilters, noFilter, parseFilterWithKey, type ParsedFilter } from '../domain/filter.js';
import { parseSummaryRequest, type SummaryRequest } from '../domain/facets.js';
import { parseSearch, type SearchRanker } from '../domain/search.js';
import { searchCandidates } from './searchIndex.js';
import { applySelect, parseSelect } from '../domain/select.js';
import { parseSort, sortProducts, sortSpec, type SortKey } from '../domain/sort.js';
import { sortedSnapshot } from './sortedSnapshot.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';
import { summaryOf } from './summaryCache.js';
import { carryOver } from './carryOver.js';
import type { CatalogProduct, ProductListResult, ProductQuery } from '../domain/types.js';
import type { ScopeFields } from '../domain/fieldPath.js';

export const DEFAULT_LIMIT = 50;

/** The parameters of a list query, as GET's query string or POST's body carries them. */
export type ListParameters = Partial<ProductQuery>;

/** A list query checked and parsed once, ready to run. */
export interface ListQuery {
  filter?: ParsedFilter;
  search?: SearchRanker;
  sort: SortKey[];
  select?: string[];
  summary: SummaryRequest;
  limit: number;
  page: number;
}

/** Parses every parameter; throws a 400 naming the first one at fault. Ranges are the validator's job. */
export function parseListQuery(
  params: ListParameters,
  sortable: ReadonlySet<string>,
  /** What every product of the scope read has from the request's path: its tenantId. */
  scope: ScopeFields,
  /** The parameter `params.search` came in (GET /search calls it term). */
  searchParameter = 'search',
): ListQuery {
  return {
    filter: parseFilters(params, scope),
    search: parseSearch(params.search, params.searchField, searchParameter),
    sort: parseSort(params.sort, sortable),
    select: parseSelect(params.select),
    summary: parseSummaryRequest(
      params.facets,
      params.includeAttributeFilters,
      params.attributeFilters,
      scope,
    ),
    limit: params.limit ?? DEFAULT_LIMIT,
    page: params.page ?? 1,
  };
}

/**
 * filter, and additionalRawFilter (a second filter the published client sends, ANDed with the
 * first: docs/behaviour.md, "What the published client calls beyond the specification").
 */
function parseFilters(params: ListParameters, scope: ScopeFields): ParsedFilter | undefined {
  const first = noFilter(params.filter) ? undefined : parseFilterWithKey(params.filter, 'filter', scope);
  const extra = params.additionalRawFilter;
  const second = noFilter(extra) ? undefined : parseFilterWithKey(extra, 'additionalRawFilter', scope);
  return first && second ? bothFilters(first, second) : (first ?? second);
}

/**
 * Match (filter and search), count, facets over all matches, order, page, select.
 * Order: the sort keys, then search relevance, then productGroupId. `products` must come ordered by
 * productGroupId (the Scope's order) and must not change once queried: orders and indexes derived
 * from it are cached by its identity (see snapshotCache).
 */
export function runListQuery(products: Snapshot, query: ListQuery): ProductListResult {
  const ordered = query.search
    ? searchInOrder(products, query, query.search)
    : filterInOrder(products, query);
  // Facets are order-independent, so they are taken over the ordered matches, and kept per
  // snapshot and filter whatever the sort.
  const { facets, attributeFilters } = summaryOf(
    products,
    query.filter,
    ordered,
    query.summary,
    query.search === undefined,
  );
  const start = (query.page - 1) * query.limit;
  const list = ordered.slice(start, start + query.limit).map((p) => applySelect(p, query.select));
  return { list, count: ordered.length, facets, attributeFilters };
}

/** Filtered orders kept per snapshot: the few filters a client repeats, a few bytes per match each. */
const filtered = snapshotCache<readonly CatalogProduct[]>(16, true);

/** Without search: the snapshot in the sort's order (cached), filtered (cached); no sorting per request. */
function filterInOrder(products: Snapshot, { filter, sort }: ListQuery): readonly CatalogProduct[] {
  const base = sort.length > 0 ? sortedSnapshot(products, sort) : products;
  if (!filter) return base;
  return filtered(products, `${sortSpec(sort)}\n${filter.key}`, (previous) =>
    previous
      ? carryOver(previous.value, previous.lineage, sort, filter.predicate)
      : base.filter(filter.predicate),
  );
}

/**
 * Searched orders kept per snapshot: the searches a search box or a load test repeats. Ranking and
 * sorting a common word's matches of a 100,000-product catalog took tens of milliseconds per request
 * (docs/performance.md, "Snapshot cache").
 */
const searched = snapshotCache<readonly CatalogProduct[]>(32, true);

/** With search: the products the search index names (usually few), filtered, ranked and sorted (cached). */
function searchInOrder(
  products: Snapshot,
  query: ListQuery,
  search: SearchRanker,
): readonly CatalogProduct[] {
  const key = `${search.field}\n${search.words.join(' ')}\n${sortSpec(query.sort)}\n${query.filter?.key ?? ''}`;
  return searched(products, key, (previous) => {
    if (!previous) return rankInOrder(products, query, search);
    // Every product of the list holds every word: its relevance alone orders it.
    const { filter, sort } = query;
    const admits = (p: CatalogProduct) => (!filter || filter.predicate(p)) && search(p) > 0;
    return carryOver(previous.value, previous.lineage, sort, admits, search.scoreOfHolder);
  });
}

function rankInOrder(
  products: Snapshot,
  { filter, sort }: ListQuery,
  search: SearchRanker,
): CatalogProduct[] {
  const scores = new Map<CatalogProduct, number>();
  const candidates = searchCandidates(products, search);
  // Found by the index: every candidate holds every word, only its relevance is left to compute.
  const score = candidates === products ? search : search.scoreOfHolder;
  const matches = candidates.filter((p) => {
    if (filter && !filter.predicate(p)) return false;
    const s = score(p);
    if (s > 0) scores.set(p, s);
    return s > 0;
  });
  // Candidates keep the snapshot's order, productGroupId's.
  return sortProducts(matches, sort, (p) => scores.get(p) ?? 0, true);
}
