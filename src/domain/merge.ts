import type { MergeKey } from './productFields.js';

/** An element of a merge field: an object whose key parts are read by name. */
export type Element = { readonly [part: string]: unknown };

/**
 * The key of an element: its key parts in order, an absent part being its own value (null).
 * Parts listed in groupDefault stand for productGroupId when absent, so stored and sent elements
 * that omit them key alike.
 */
export function keyOf(element: Element, key: MergeKey, productGroupId: string): string {
  return JSON.stringify(
    key.parts.map((part) => {
      const value = element[part];
      if (value === undefined && key.groupDefault.includes(part)) return productGroupId;
      return value ?? null;
    }),
  );
}

/** The element with its defaulted key parts filled in (a new object only when one was missing). */
export function withKeyDefaults<T extends Element>(element: T, key: MergeKey, productGroupId: string): T {
  const missing = key.groupDefault.filter((part) => element[part] === undefined);
  if (missing.length === 0) return element;
  return { ...element, ...Object.fromEntries(missing.map((part) => [part, productGroupId])) };
}

/**
 * The merge rule of docs/behaviour.md, "POST /products-push (merge push)": let K be the keys
 * occurring in `sent`; stored elements whose key is in K are dropped, the others keep their order,
 * then every sent element is appended in the order sent. So one key sent with two elements keeps both.
 */
export function mergeByKey<T>(stored: readonly T[], sent: readonly T[], keyFn: (element: T) => string): T[] {
  const sentKeys = new Set(sent.map(keyFn));
  return [...stored.filter((element) => !sentKeys.has(keyFn(element))), ...sent];
}
