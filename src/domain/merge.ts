import type { MergeKey } from './productFields.js';

/** An element of a merge field: an object whose key parts are read by name. */
export type Element = { readonly [part: string]: unknown };

/**
 * The key of an element: its key parts in order, an absent part being its own value (null).
 * Parts listed in groupDefault stand for productGroupId when absent, so stored and sent elements
 * that omit them key alike.
 */
export function keyOf(element: Element, key: MergeKey, productGroupId: string): string {
  const valueOf = (part: string): unknown => {
    const value = element[part];
    if (value === undefined && key.groupDefault.includes(part)) return productGroupId;
    return value ?? null;
  };
  // Parts that are all text, the usual key (a variant's productId and productGroupId): each text
  // after its length, so that no two keys read alike, without a JSON text per element (a JSON text
  // per element took half the time of a large push). Any other key as JSON, which starts with `[`.
  let text = '"';
  for (const part of key.parts) {
    const value = valueOf(part);
    if (typeof value !== 'string') return JSON.stringify(key.parts.map(valueOf));
    text += `${value.length}:${value}`;
  }
  return text;
}

/** The element with its defaulted key parts filled in (a new object only when one was missing). */
export function withKeyDefaults<T extends Element>(element: T, key: MergeKey, productGroupId: string): T {
  let filled: Record<string, unknown> | undefined;
  for (const part of key.groupDefault) {
    if (element[part] === undefined) (filled ??= { ...element })[part] = productGroupId;
  }
  return (filled ?? element) as T;
}

/**
 * The merge rule of docs/behaviour.md, "POST /products-push (merge push)": let K be the keys
 * occurring in `sent`; stored elements whose key is in K are dropped, the others keep their order,
 * then every sent element is appended in the order sent. So one key sent with two elements keeps both.
 */
export function mergeByKey<T>(stored: readonly T[], sent: readonly T[], keyFn: (element: T) => string): T[] {
  // Nothing stored (a new product): nothing to drop, and no key to compute.
  if (stored.length === 0) return [...sent];
  const sentKeys = new Set(sent.map(keyFn));
  return [...stored.filter((element) => !sentKeys.has(keyFn(element))), ...sent];
}
