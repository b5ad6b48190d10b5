// Facets and attribute filters of a catalog snapshot's unsearched matches, counted once per snapshot.
import {
  adjustCounts,
  countSummary,
  summarize,
  summaryFrom,
  type Summary,
  type SummaryCounts,
  type SummaryRequest,
} from '../domain/facets.js';
import type { ParsedFilter } from '../domain/filter.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';
import type { CatalogProduct } from '../domain/types.js';

const NOTHING: Summary = Object.freeze({
  facets: Object.freeze(Object.create(null) as Summary['facets']),
  attributeFilters: Object.freeze(Object.create(null) as Summary['attributeFilters']),
});

/**
 * The request as a key: facet names in the client's order, then the attribute types asked for. As
 * JSON: a name may hold any character but a comma, a newline too, and no separator of ours could
 * tell `facets=a%0A-` from `facets=a` with `attributeFilters=-%0A-`.
 */
function summaryKey({ facets, attributeTypes, scopeKey }: SummaryRequest): string {
  const types = attributeTypes === undefined ? '-' : attributeTypes === null ? '*' : [...attributeTypes];
  // A facet on tenantId counts one tenant's value: the snapshot may be shared with other tenants.
  return JSON.stringify([facets.map((f) => f.name), types]) + scopeKey;
}

/** A summary kept, with the counts it was made from: a write's next snapshot adjusts them. */
interface Kept {
  counts: SummaryCounts;
  summary: Summary;
}

const summaryCacheKey = (filter: Pick<ParsedFilter, 'key'> | undefined, request: SummaryRequest) =>
  `${filter?.key ?? ''}\n${summaryKey(request)}`;

/** Whether the request asks for facets or attribute filters at all. */
const asksSummary = (request: SummaryRequest): boolean =>
  request.facets.length > 0 || request.attributeTypes !== undefined;

/**
 * Whether summaryOf would answer without counting every match: nothing asked, or a summary of the
 * same filter kept (or carried over from a snapshot a few writes back).
 */
export const summaryServed = (
  snapshot: Snapshot,
  filter: Pick<ParsedFilter, 'key'> | undefined,
  request: SummaryRequest,
  cacheable: boolean,
): boolean =>
  !asksSummary(request) || (cacheable && summaries.serves(snapshot, summaryCacheKey(filter, request)));

/**
 * The few facet requests a client repeats, per snapshot: counting them reads every match, which over a
 * whole catalog of 100,000 products took longer than anything else a list query does
 * (docs/performance.md, "Facet counts per snapshot"). Answers share the cached summary: nobody changes it.
 * After a write, the previous snapshot's counts are adjusted by the products the write removed and
 * added (docs/performance.md, "Snapshots after a write").
 */
const summaries = snapshotCache<Kept>(16, true);

/**
 * The summary of `matches`, which are the products of `snapshot` passing `filter` (none: all), in any
 * order: facets do not depend on it. A search's matches are not cached (searches vary too much to be
 * repeated); pass cacheable false for them.
 */
export function summaryOf(
  snapshot: Snapshot,
  filter: Pick<ParsedFilter, 'key' | 'predicate'> | undefined,
  matches: readonly CatalogProduct[],
  request: SummaryRequest,
  cacheable: boolean,
  /** The counts of `matches`, when the caller took them already (countSummary, one slice at a time). */
  counted?: SummaryCounts,
): Summary {
  if (!asksSummary(request)) return NOTHING;
  if (!cacheable) return counted ? summaryFrom(counted, request) : summarize(matches, request);
  const key = summaryCacheKey(filter, request);
  return summaries(snapshot, key, (previous) => {
    let counts: SummaryCounts;
    if (previous) {
      const { removed, added } = previous.lineage;
      const admits = filter ? filter.predicate : () => true;
      counts = adjustCounts(previous.value.counts, removed.filter(admits), added.filter(admits), request);
    } else {
      counts = counted ?? countSummary(matches, request);
    }
    return { counts, summary: summaryFrom(counts, request) };
  }).summary;
}
