/** Splits an id list such as "a,b;c" (the published client joins with ";", the spec with ","). */
export function parseIdList(raw: string): string[] {
  return raw
    .split(/[,;]/)
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
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
