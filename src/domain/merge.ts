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

/**
 * The keys of a merge field's elements, kept part by part: a key of text parts is found through a
 * map per part, with no text built per element (a text per element, of a variant's 340-character
 * productId, took most of the time of the heaviest push allowed, and its collector; docs/performance.md,
 * "Large request bodies"). Any other key is kept as keyOf's JSON text.
 */
class KeySet {
  readonly #texts = new Map<string, unknown>();
  readonly #others = new Set<string>();

  constructor(
    readonly key: MergeKey,
    readonly productGroupId: string,
  ) {}

  /** The element's key parts when all are text (a defaulted part as productGroupId); else undefined. */
  #textParts(element: Element): string[] | undefined {
    const parts: string[] = [];
    for (const part of this.key.parts) {
      let value = element[part];
      if (value === undefined && this.key.groupDefault.includes(part)) value = this.productGroupId;
      if (typeof value !== 'string') return undefined;
      parts.push(value);
    }
    return parts;
  }

  add(element: Element): void {
    const parts = this.#textParts(element);
    if (!parts) {
      this.#others.add(keyOf(element, this.key, this.productGroupId));
      return;
    }
    let level = this.#texts;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      let next = level.get(part) as Map<string, unknown> | undefined;
      if (!next) level.set(part, (next = new Map()));
      level = next;
    }
    level.set(parts[parts.length - 1] as string, true);
  }

  has(element: Element): boolean {
    const parts = this.#textParts(element);
    if (!parts) return this.#others.has(keyOf(element, this.key, this.productGroupId));
    let level: unknown = this.#texts;
    for (const part of parts) {
      if (!(level instanceof Map)) return false;
      level = level.get(part);
    }
    return level === true;
  }
}

/**
 * mergeByKey with keyOf's keys (the same answer), each key looked up part by part rather than
 * built as one text.
 */
export function mergeByKeyParts<T extends Element>(
  stored: readonly T[],
  sent: readonly T[],
  key: MergeKey,
  productGroupId: string,
): T[] {
  if (stored.length === 0) return [...sent];
  const sentKeys = new KeySet(key, productGroupId);
  for (const element of sent) sentKeys.add(element);
  return [...stored.filter((element) => !sentKeys.has(element)), ...sent];
}
