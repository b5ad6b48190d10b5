/** Deeper than any real record nests (a product is about 4 levels deep). */
export const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Finds the first place in a parsed JSON value that is too deep or has a prototype-reaching key. */
export function findUnsafe(value: unknown, path = 'body', depth = 0): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return `${path} nests deeper than ${MAX_DEPTH} levels`;
  for (const key of Object.keys(value)) {
    const childPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (!Array.isArray(value) && FORBIDDEN_KEYS.has(key)) return `${childPath} is a key that is not accepted`;
    const problem = findUnsafe((value as Record<string, unknown>)[key], childPath, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
