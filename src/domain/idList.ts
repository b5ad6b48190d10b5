/** Splits an id list such as "a,b;c" (the published client joins with ";", the spec with ","). */
export function parseIdList(raw: string): string[] {
  return raw
    .split(/[,;]/)
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
}
