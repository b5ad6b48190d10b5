/** A field path such as "productPriceList/listPrice", split once into its segments. */
export type FieldPath = readonly string[];

/** Splits a path on `/`; undefined when it is empty or has an empty segment. */
export function parseFieldPath(raw: string): FieldPath | undefined {
  const segments = raw.trim().split('/');
  return segments.every((s) => s.length > 0) ? segments : undefined;
}

/**
 * Whether any value at the path passes the test. Arrays are crossed at every level, including the
 * last (productType, spaceIds), so a path names every element's value; absent and null are no value.
 * Two rules let the published client's filterable keys work as they do in /products-filters
 * (docs/behaviour.md, "Filter"): a segment names a field exactly or else without regard to case
 * (`brand/BrandName`), and a path that ends on objects names their field of the same name
 * (`productStatus` is `productStatus/productStatus`).
 */
export function someValueAt(record: unknown, path: FieldPath, test: (value: unknown) => boolean): boolean {
  return someFrom(record, path, 0, test);
}

/** What every product has from the scope a request reads, not from its record. */
export interface ScopeFields {
  readonly tenantId: string;
}

/** Reads the values at one path of a product: whether any passes the test (see someValueAt). */
export type ValueReader = (product: unknown, test: (value: unknown) => boolean) => boolean;

/**
 * How a filter, a facet or /products-filters reads a path. `tenantId` (one segment, in any case, as
 * a segment is matched) reads the tenant of the scope: every product of a scope is the tenant's named
 * in the request's path, and a record has no such field (records are shared between scopes through
 * the seed). Any other path reads the record. `scoped` says the answer holds for that tenant only:
 * a cache shared between scopes (a seed's snapshot is) must key it by the tenant (scopeKey).
 * docs/behaviour.md, "Filter".
 */
export function readerOf(
  path: FieldPath,
  scope: ScopeFields | undefined,
): { read: ValueReader; scoped: boolean } {
  if (path.length !== 1 || path[0]?.toLowerCase() !== 'tenantid') {
    return { read: (product, test) => someFrom(product, path, 0, test), scoped: false };
  }
  const tenant = scope?.tenantId;
  return { read: tenant === undefined ? () => false : (_product, test) => test(tenant), scoped: true };
}

/** What tells apart the cached answers of a scoped read (readerOf) for two tenants. */
export const scopeKey = (scope: ScopeFields | undefined): string =>
  `\ntenantId ${JSON.stringify(scope?.tenantId ?? null)}`;

function someFrom(value: unknown, path: FieldPath, at: number, test: (value: unknown) => boolean): boolean {
  if (Array.isArray(value)) {
    for (const element of value) if (someFrom(element, path, at, test)) return true;
    return false;
  }
  if (value === undefined || value === null) return false;
  if (at === path.length) {
    if (typeof value !== 'object' || at === 0) return test(value);
    // Ends on an object: one step into its field named like the last segment, and no further; an
    // object without one is the value itself (so `{"eq":["brand",null]}` still asks for no brand).
    const key = fieldOf(value, path[at - 1] as string);
    return key === undefined ? test(value) : someValueIn((value as Record<string, unknown>)[key], test);
  }
  if (typeof value !== 'object') return false;
  const key = fieldOf(value, path[at] as string);
  return key !== undefined && someFrom((value as Record<string, unknown>)[key], path, at + 1, test);
}

/** The value, or any element of it, that is not an object passes the test. */
function someValueIn(value: unknown, test: (value: unknown) => boolean): boolean {
  if (Array.isArray(value)) return value.some((element) => someValueIn(element, test));
  return value !== undefined && value !== null && typeof value !== 'object' && test(value);
}

/**
 * The own field of an object that a segment names: exactly, or else the one equal without regard to
 * case. Own fields only: a path never reaches the prototype ("constructor", "__proto__").
 */
function fieldOf(value: object, segment: string): string | undefined {
  if (Object.hasOwn(value, segment)) return segment;
  // Compared by length first: a miss is the common case (a field most products lack). Walked with
  // for...in, not Object.keys: a filter of many operators asks this for every product, and an array
  // of keys per call kept the collector busy (docs/behaviour.md, "Parameters").
  let lower: string | undefined;
  for (const key in value) {
    if (key.length !== segment.length || !Object.hasOwn(value, key)) continue;
    lower ??= segment.toLowerCase();
    if (key.toLowerCase() === lower) return key;
  }
  return undefined;
}

/**
 * Every value at the path, in document order (see someValueAt), appended to `out`. Walked without a
 * callback: a catalog's first search collects its texts this way for every product
 * (docs/performance.md, "Search texts per shared value").
 */
export function valuesAt(record: unknown, path: FieldPath, out: unknown[] = []): unknown[] {
  collectFrom(record, path, 0, out);
  return out;
}

function collectFrom(value: unknown, path: FieldPath, at: number, out: unknown[]): void {
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) collectFrom(element, path, at, out);
  } else if (value === undefined || value === null) {
    return;
  } else if (at === path.length) {
    out.push(value);
  } else if (typeof value === 'object') {
    const key = path[at] as string;
    if (Object.hasOwn(value, key)) collectFrom((value as Record<string, unknown>)[key], path, at + 1, out);
  }
}

export type Scalar = string | number | boolean;

export const isScalar = (value: unknown): value is Scalar =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

const TYPE_RANK = { boolean: 0, number: 1, string: 2 } as const;

/** Total order on scalars: numbers numerically, strings by code unit, false < true; by type across types. */
export function compareScalars(a: Scalar, b: Scalar): number {
  if (typeof a !== typeof b) {
    return TYPE_RANK[typeof a as keyof typeof TYPE_RANK] - TYPE_RANK[typeof b as keyof typeof TYPE_RANK];
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
