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

/**
 * Splits a list of ids or keys. The spec separates them with ","; the published client joins them
 * with ";", so that one may hold a comma ("Hats, Caps & Beanies"). A list holding ";" is split there
 * only; one without is split at ",", unless the whole of it is one that `known` accepts: an id with
 * a comma, as the client sends it alone.
 */
export function parseIdList(raw: string | undefined, known: (id: string) => boolean = () => false): string[] {
  const text = raw ?? '';
  if (text.includes(';')) return splitList(text, ';');
  const whole = text.trim();
  return whole.includes(',') && known(whole) ? [whole] : splitList(text, ',');
}

/** For each id of a delete, whether it removes something: an id named twice removes it only once. */
export function existing(ids: readonly string[], exists: (id: string) => boolean): boolean[] {
  const seen = new Set<string>();
  return ids.map((id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    return exists(id);
  });
}
