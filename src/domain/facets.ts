// Facets and attribute filters of the list response, computed over all matches (not one page).
import { badRequest } from './errors.js';
import {
  compareScalars,
  isScalar,
  parseFieldPath,
  someValueAt,
  type FieldPath,
  type Scalar,
} from './fieldPath.js';
import { compareIds } from './productTypes.js';
import type { CatalogProduct, FacetResult } from './types.js';

export interface SummaryRequest {
  /** Facet names (field paths) as the client wrote them. */
  facets: { name: string; path: FieldPath }[];
  /** undefined: no attribute filters; null: every productFeatureType; else only these types. */
  attributeTypes: ReadonlySet<string> | null | undefined;
}

export interface Summary {
  facets: Record<string, FacetResult[]>;
  attributeFilters: Record<string, string[]>;
}

const splitList = (raw: string | undefined): string[] =>
  [...new Set((raw ?? '').split(',').map((s) => s.trim()))].filter((s) => s.length > 0);

/** Reads facets, includeAttributeFilters and attributeFilters; a facet that is no field path is a 400. */
/** Facet paths in one request: each is counted over every match. */
export const MAX_FACETS = 20;

export function parseSummaryRequest(
  facets: string | undefined,
  includeAttributeFilters: boolean | undefined,
  attributeFilters: string | undefined,
): SummaryRequest {
  const names = splitList(facets);
  if (names.length > MAX_FACETS) {
    throw badRequest(`facets names ${names.length} paths; the limit is ${MAX_FACETS}`);
  }
  const parsed = names.map((name) => {
    const path = parseFieldPath(name);
    if (!path) throw badRequest(`facets: "${name}" is not a field path such as "brand/brandName"`);
    return { name, path };
  });
  const types = splitList(attributeFilters);
  return {
    facets: parsed,
    attributeTypes: includeAttributeFilters !== true ? undefined : types.length > 0 ? new Set(types) : null,
  };
}

/** One pass over the matches: per facet, how many products have each value; per feature type, its values. */
export function summarize(matches: readonly CatalogProduct[], request: SummaryRequest): Summary {
  // value -> [count, index of the last product counted], so a product counts once per value.
  const counts = request.facets.map(() => new Map<Scalar, [number, number]>());
  const features = new Map<string, Set<string>>();
  const { attributeTypes } = request;
  matches.forEach((product, index) => {
    request.facets.forEach(({ path }, f) => {
      const seen = counts[f] as Map<Scalar, [number, number]>;
      someValueAt(product, path, (value) => {
        if (!isScalar(value)) return false;
        const entry = seen.get(value);
        if (!entry) seen.set(value, [1, index]);
        else if (entry[1] !== index) {
          entry[0]++;
          entry[1] = index;
        }
        return false;
      });
    });
    if (attributeTypes === undefined) return;
    for (const feature of product.productFeature ?? []) {
      const type = feature.productFeatureType;
      if (typeof type !== 'string' || typeof feature.productFeatureValue !== 'string') continue;
      if (attributeTypes !== null && !attributeTypes.has(type)) continue;
      let values = features.get(type);
      if (!values) features.set(type, (values = new Set()));
      values.add(feature.productFeatureValue);
    }
  });

  // Null-prototype objects: a facet or feature type named "__proto__" is just a key.
  const facets = Object.create(null) as Record<string, FacetResult[]>;
  request.facets.forEach(({ name }, f) => {
    facets[name] = [...(counts[f] as Map<Scalar, [number, number]>)]
      .map(([value, [count]]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || compareScalars(a.value, b.value));
  });
  const attributeFilters = Object.create(null) as Record<string, string[]>;
  for (const type of [...features.keys()].sort(compareIds)) {
    attributeFilters[type] = [...(features.get(type) as Set<string>)].sort(compareIds);
  }
  return { facets, attributeFilters };
}
