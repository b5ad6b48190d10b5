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
 */
export function someValueAt(record: unknown, path: FieldPath, test: (value: unknown) => boolean): boolean {
  return someFrom(record, path, 0, test);
}

function someFrom(value: unknown, path: FieldPath, at: number, test: (value: unknown) => boolean): boolean {
  if (Array.isArray(value)) {
    for (const element of value) if (someFrom(element, path, at, test)) return true;
    return false;
  }
  if (value === undefined || value === null) return false;
  if (at === path.length) return test(value);
  if (typeof value !== 'object') return false;
  const key = path[at] as string;
  // Own fields only: a path never reaches the prototype ("constructor", "__proto__").
  if (!Object.hasOwn(value, key)) return false;
  return someFrom((value as Record<string, unknown>)[key], path, at + 1, test);
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
