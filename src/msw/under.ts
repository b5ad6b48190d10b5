// Which URLs a handler answers. msw matches a string pattern such as `https://host/api/tenants/*`
// by decoding what its wildcard matched, and a path that is not valid percent-encoding (an id
// holding a bare `%`, as in `/products/50%off`) then throws inside msw, before any handler runs: a
// 500 carrying msw's stack. A RegExp with no capturing group is matched as it is, so such a path
// reaches the pipeline, which answers it with the 400 the server gives (docs/behaviour.md,
// "Errors").

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Every URL below `prefix` (an origin and a path), the query aside: what the pattern `${prefix}/*`
 * matches, without the decoding. Case-insensitive, as msw matches a string pattern.
 */
export function under(prefix: string): RegExp {
  return new RegExp(`^${escapeRegExp(prefix)}/.*$`, 'i');
}
