// One list query (GET and POST /products) over an array of products.
import { bothFilters, noFilter, parseFilterWithKey, type ParsedFilter } from '../domain/filter.js';
import {
  parseSummaryRequest,
  summaryCounter,
  type SummaryCounts,
  type SummaryRequest,
} from '../domain/facets.js';
import { parseSearch, type SearchRanker } from '../domain/search.js';
import { searchCandidates } from './searchIndex.js';
import { applySelect, parseSelect } from '../domain/select.js';
import { parseSort, sortProducts, sortSpec, type SortKey } from '../domain/sort.js';
import { sortedSnapshot } from './sortedSnapshot.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';
import { summaryOf, summaryServed } from './summaryCache.js';
import { carryOver } from './carryOver.js';
import type { CatalogProduct, ProductListResult, ProductQuery } from '../domain/types.js';
import type { ScopeFields } from '../domain/fieldPath.js';

const DEFAULT_LIMIT = 50;

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
 * from it are cached by its identity (see snapshotCache). In one go: runListQueryInTurns is the
 * same answer with its long passes taken in turns.
 */
export function runListQuery(
  products: Snapshot,
  query: ListQuery,
  /** The counts of the summary, taken already (runListQueryInTurns). */
  counted?: SummaryCounts,
): ProductListResult {
  const ordered = orderedMatches(products, query);
  // Facets are order-independent, so they are taken over the ordered matches, and kept per
  // snapshot and filter whatever the sort.
  const { facets, attributeFilters } = summaryOf(
    products,
    query.filter,
    ordered,
    query.summary,
    query.search === undefined,
    counted,
  );
  const start = (query.page - 1) * query.limit;
  const list = ordered.slice(start, start + query.limit).map((p) => applySelect(p, query.select));
  return { list, count: ordered.length, facets, attributeFilters };
}

const orderedMatches = (products: Snapshot, query: ListQuery): readonly CatalogProduct[] =>
  query.search ? searchInOrder(products, query, query.search) : filterInOrder(products, query);

/**
 * Longest a pass of a list query over a catalog works before it lets other requests in: a filter of
 * 256 operators, or 20 facets, over 10,000 products took seconds, and held every other request as
 * long (docs/behaviour.md, "Parameters").
 */
const TURN_MS = 10;

/** A turn of the event loop for everyone else: setImmediate under node, a timer in a browser. */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

/** `each` over the items, pausing for a turn of the event loop every TURN_MS. */
async function inTurns<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  let started = performance.now();
  for (let i = 0; i < items.length; i++) {
    each(items[i] as T);
    if ((i & 15) === 15 && performance.now() - started >= TURN_MS) {
      await nextTurn();
      started = performance.now();
    }
  }
}

/**
 * runListQuery's answer, with the passes it would make over the whole catalog (the filter's, the
 * facets' count) taken in turns of TURN_MS, so other requests are answered meanwhile. A pass a cache
 * serves is not taken. The answer is that of the snapshot given, whatever is written meanwhile.
 */
export async function runListQueryInTurns(products: Snapshot, query: ListQuery): Promise<ProductListResult> {
  let matched = query;
  const { filter } = query;
  if (filter && !ordersServed(products, query)) {
    const passed = new Map<CatalogProduct, boolean>();
    await inTurns(products, (p) => void passed.set(p, filter.predicate(p)));
    // The same filter (its key), answered from what the pass found for every product of the
    // snapshot, and asked of any other: counts carried over from a snapshot a few writes back ask it
    // of the versions a write removed, which this snapshot no longer holds.
    matched = {
      ...query,
      filter: { key: filter.key, predicate: (p) => passed.get(p) ?? filter.predicate(p) },
    };
  }
  const cacheable = matched.search === undefined;
  if (summaryServed(products, matched.filter, matched.summary, cacheable)) {
    return runListQuery(products, matched);
  }
  const counter = summaryCounter(matched.summary);
  await inTurns(orderedMatches(products, matched), counter.add);
  return runListQuery(products, matched, counter.counts());
}

/** Whether the matches in order are cached, or carried over from a snapshot a few writes back. */
function ordersServed(products: Snapshot, query: ListQuery): boolean {
  return query.search
    ? searched.serves(products, searchKey(query, query.search))
    : query.filter === undefined || filtered.serves(products, filteredKey(query.sort, query.filter));
}

const filteredKey = (sort: SortKey[], filter: ParsedFilter) => `${sortSpec(sort)}\n${filter.key}`;
const searchKey = (query: ListQuery, search: SearchRanker) =>
  `${search.field}\n${search.words.join(' ')}\n${sortSpec(query.sort)}\n${query.filter?.key ?? ''}`;

/** Filtered orders kept per snapshot: the few filters a client repeats, a few bytes per match each. */
const filtered = snapshotCache<readonly CatalogProduct[]>(16, true);

/** Without search: the snapshot in the sort's order (cached), filtered (cached); no sorting per request. */
function filterInOrder(products: Snapshot, { filter, sort }: ListQuery): readonly CatalogProduct[] {
  const base = sort.length > 0 ? sortedSnapshot(products, sort) : products;
  if (!filter) return base;
  return filtered(products, filteredKey(sort, filter), (previous) =>
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
  return searched(products, searchKey(query, search), (previous) => {
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
