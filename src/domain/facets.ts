// Facets and attribute filters of the list response, computed over all matches (not one page).
import { badRequest } from './errors.js';
import {
  compareScalars,
  isScalar,
  parseFieldPath,
  readerOf,
  scopeKey,
  type Scalar,
  type ScopeFields,
  type ValueReader,
} from './fieldPath.js';
import { splitList } from './lists.js';
import { compareIds } from './productTypes.js';
import type { CatalogProduct, FacetResult } from './types.js';
import { shown } from './given.js';

export interface SummaryRequest {
  /** Facet names (field paths) as the client wrote them, and how each reads a product (readerOf). */
  facets: { name: string; read: ValueReader }[];
  /** '' unless a facet reads the scope (tenantId): then what keeps its counts to one tenant (scopeKey). */
  scopeKey: string;
  /** undefined: no attribute filters; null: every productFeatureType; else only these types. */
  attributeTypes: ReadonlySet<string> | null | undefined;
}

export interface Summary {
  facets: Record<string, FacetResult[]>;
  attributeFilters: Record<string, string[]>;
}

const splitSet = (raw: string | undefined): string[] => [...new Set(splitList(raw))];

/** Reads facets, includeAttributeFilters and attributeFilters; a facet that is no field path is a 400. */
/** Facet paths in one request: each is counted over every match. */
const MAX_FACETS = 20;
/**
 * Values one facet may answer: a facet is for a field of few values (a brand, a type). Twenty facets
 * of a value per product made an 8 MB answer at 10,000 products, sorted and written in one go while
 * every other request waited for seconds (docs/behaviour.md, "Facets and attribute filters").
 */
const MAX_FACET_VALUES = 1000;

export function parseSummaryRequest(
  facets: string | undefined,
  includeAttributeFilters: boolean | undefined,
  attributeFilters: string | undefined,
  scope?: ScopeFields,
): SummaryRequest {
  const names = splitSet(facets);
  if (names.length > MAX_FACETS) {
    throw badRequest(`facets names ${names.length} paths; the limit is ${MAX_FACETS}`);
  }
  let scoped = false;
  const parsed = names.map((name) => {
    const path = parseFieldPath(name);
    if (!path) throw badRequest(`facets: ${shown(name)} is not a field path such as "brand/brandName"`);
    const reader = readerOf(path, scope);
    scoped ||= reader.scoped;
    return { name, read: reader.read };
  });
  const types = splitSet(attributeFilters);
  return {
    facets: parsed,
    scopeKey: scoped ? scopeKey(scope) : '',
    attributeTypes: includeAttributeFilters !== true ? undefined : types.length > 0 ? new Set(types) : null,
  };
}

/**
 * What a summary is made from: per facet, how many matches hold each value; per feature type, how
 * many hold each value. Kept beside a cached summary, so that the counts can follow a write
 * (adjustCounts) instead of being taken again over every match.
 */
export interface SummaryCounts {
  facets: Map<Scalar, number>[];
  features: Map<string, Map<string, number>>;
}

/** The feature values of a product a request asks for, each type and value once per call of `each`. */
function featuresOf(
  product: CatalogProduct,
  attributeTypes: ReadonlySet<string> | null,
  each: (type: string, value: string) => void,
): void {
  for (const feature of product.productFeature ?? []) {
    const type = feature.productFeatureType;
    if (typeof type !== 'string' || typeof feature.productFeatureValue !== 'string') continue;
    if (attributeTypes !== null && !attributeTypes.has(type)) continue;
    each(type, feature.productFeatureValue);
  }
}

/** A facet past MAX_FACET_VALUES: refused as soon as the count finds its value after the limit. */
const tooManyValues = (name: string) =>
  badRequest(
    `facets: ${shown(name)} has more than ${MAX_FACET_VALUES} values among the matches; the limit is ${MAX_FACET_VALUES} values per facet (facet a field of few values, such as brand/brandName, or narrow the filter)`,
  );

/** One pass over the matches: per facet and per feature type, how many products hold each value. */
export function countSummary(matches: readonly CatalogProduct[], request: SummaryRequest): SummaryCounts {
  const counter = summaryCounter(request);
  matches.forEach((product) => counter.add(product));
  return counter.counts();
}

/**
 * The pass of countSummary, one product at a time, so that a caller may pause between products
 * (docs/behaviour.md, "Parameters": a long pass yields to other requests).
 */
export function summaryCounter(request: SummaryRequest): {
  add(product: CatalogProduct): void;
  counts(): SummaryCounts;
} {
  // value -> [count, index of the last product counted], so a product counts once per value.
  const counts = request.facets.map(() => new Map<Scalar, [number, number]>());
  const features = new Map<string, Map<string, [number, number]>>();
  const { attributeTypes } = request;
  const bump = <K>(seen: Map<K, [number, number]>, value: K, index: number) => {
    const entry = seen.get(value);
    if (!entry) seen.set(value, [1, index]);
    else if (entry[1] !== index) {
      entry[0]++;
      entry[1] = index;
    }
  };
  let index = 0;
  const add = (product: CatalogProduct) => {
    index++;
    request.facets.forEach(({ name, read }, f) => {
      const seen = counts[f] as Map<Scalar, [number, number]>;
      read(product, (value) => {
        if (isScalar(value)) bump(seen, value, index);
        return false;
      });
      if (seen.size > MAX_FACET_VALUES) throw tooManyValues(name);
    });
    if (attributeTypes === undefined) return;
    featuresOf(product, attributeTypes, (type, value) => {
      let values = features.get(type);
      if (!values) features.set(type, (values = new Map()));
      bump(values, value, index);
    });
  };
  const plain = <K>(seen: Map<K, [number, number]>) => new Map([...seen].map(([k, [count]]) => [k, count]));
  return {
    add,
    counts: () => ({
      facets: counts.map(plain),
      features: new Map([...features].map(([type, values]) => [type, plain(values)])),
    }),
  };
}

/**
 * The counts of a list of matches after a write: `removed` products taken out of it and `added` ones
 * put in (the caller knows which of them match). A new object: the given counts stay those of the
 * list before the write.
 */
export function adjustCounts(
  counts: SummaryCounts,
  removed: readonly CatalogProduct[],
  added: readonly CatalogProduct[],
  request: SummaryRequest,
): SummaryCounts {
  const facets = counts.facets.map((values) => new Map(values));
  const features = new Map([...counts.features].map(([type, values]) => [type, new Map(values)]));
  const bump = <K>(values: Map<K, number>, value: K, by: number) => {
    const count = (values.get(value) ?? 0) + by;
    if (count > 0) values.set(value, count);
    else values.delete(value);
  };
  const { attributeTypes } = request;
  const count = (product: CatalogProduct, by: number) => {
    request.facets.forEach(({ read }, f) => {
      const held = new Set<Scalar>();
      read(product, (value) => {
        if (isScalar(value)) held.add(value);
        return false;
      });
      for (const value of held) bump(facets[f] as Map<Scalar, number>, value, by);
    });
    if (attributeTypes === undefined) return;
    const held = new Map<string, Set<string>>();
    featuresOf(product, attributeTypes, (type, value) => {
      let values = held.get(type);
      if (!values) held.set(type, (values = new Set()));
      values.add(value);
    });
    for (const [type, values] of held) {
      let counted = features.get(type);
      if (!counted) features.set(type, (counted = new Map()));
      for (const value of values) bump(counted, value, by);
      if (counted.size === 0) features.delete(type);
    }
  };
  for (const product of removed) count(product, -1);
  for (const product of added) count(product, 1);
  return { facets, features };
}

/** The summary the counts make: each facet's values by count (most first), then value. */
export function summaryFrom(counts: SummaryCounts, request: SummaryRequest): Summary {
  // Null-prototype objects: a facet or feature type named "__proto__" is just a key.
  const facets = Object.create(null) as Record<string, FacetResult[]>;
  request.facets.forEach(({ name }, f) => {
    if ((counts.facets[f] as Map<Scalar, number>).size > MAX_FACET_VALUES) throw tooManyValues(name);
  });
  request.facets.forEach(({ name }, f) => {
    facets[name] = [...(counts.facets[f] as Map<Scalar, number>)]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || compareScalars(a.value, b.value));
  });
  const attributeFilters = Object.create(null) as Record<string, string[]>;
  for (const type of [...counts.features.keys()].sort(compareIds)) {
    attributeFilters[type] = [...(counts.features.get(type) as Map<string, number>).keys()].sort(compareIds);
  }
  return { facets, attributeFilters };
}

/** Per facet, how many products have each value; per feature type, its values. */
export function summarize(matches: readonly CatalogProduct[], request: SummaryRequest): Summary {
  return summaryFrom(countSummary(matches, request), request);
}
