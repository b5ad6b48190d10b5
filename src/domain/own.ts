// Lookups in fixed tables by a key a request chose.

/**
 * The table's own value for the key: a plain object also answers `constructor`, `toString` or
 * `__proto__` from its prototype, and a language called "constructor" made a 500 of that.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
