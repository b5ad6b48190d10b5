// How the workbench finds a part of a request's path: the request journal's `path` filter and a
// fault rule's `path` (docs/behaviour.md, "Request journal", "Simulated failures and latency").

/**
 * Whether a path as sent (percent-encoded) holds `part`, as sent or decoded: a part written as a
 * person reads it (`/products/café`) is found in `/products/caf%C3%A9`. Compared with the encoded
 * path alone, an id with a space or a non-ASCII letter could not be found.
 */
export function pathHolds(path: string, part: string): boolean {
  if (path.includes(part)) return true;
  if (!path.includes('%')) return false;
  try {
    return decodeURIComponent(path).includes(part);
  } catch {
    // Not valid percent-encoding: the path as sent is all there is to match.
    return false;
  }
}
