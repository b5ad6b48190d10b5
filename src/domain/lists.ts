/**
 * Splits a list written in one parameter ("a, b,c"): items trimmed, empty ones dropped, order kept.
 * Every list parameter (select, sort, facets, attributeFilters, id lists, a key's tenants) goes through here.
 */
export function splitList(raw: string | undefined, separator: RegExp | string = ','): string[] {
  return (raw ?? '')
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** Splits an id list such as "a,b;c" (the published client joins with ";", the spec with ","). */
export const parseIdList = (raw: string): string[] => splitList(raw, /[,;]/);

/** For each id of a delete, whether it removes something: an id named twice removes it only once. */
export function existing(ids: readonly string[], exists: (id: string) => boolean): boolean[] {
  const seen = new Set<string>();
  return ids.map((id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    return exists(id);
  });
}
