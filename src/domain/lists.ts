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
