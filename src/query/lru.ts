// A map of at most `limit` entries that drops the least recently used first: a JavaScript Map keeps
// its keys in the order they were set, so the one set longest ago is the first it gives back.

export interface Lru<K, V> {
  /** Gets the value of `key`, built and kept on first use; a use makes an entry the most recent. */
  (key: K, build: () => V): V;
  /** The value of `key` if kept, without counting as a use. */
  peek(key: K): V | undefined;
  /** Drops every entry. */
  clear(): void;
}

export function lru<K, V>(limit: number): Lru<K, V> {
  const entries = new Map<K, V>();
  const get = (key: K, build: () => V): V => {
    let value = entries.get(key);
    if (value === undefined) {
      value = build();
      if (entries.size >= limit) entries.delete(entries.keys().next().value as K);
    } else {
      entries.delete(key);
    }
    entries.set(key, value);
    return value;
  };
  return Object.assign(get, { peek: (key: K) => entries.get(key), clear: () => entries.clear() });
}
