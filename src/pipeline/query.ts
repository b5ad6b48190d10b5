/**
 * A query string as an object, the way express's default ("simple") parser reads it: `+` is a
 * space, a repeated name gives a list, and the object has no prototype, so a name such as
 * "__proto__" stays a key the body guard can refuse. URLSearchParams: no node built-in needed.
 */
export function parseQuery(search: string): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  if (search === '') return query;
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
}
