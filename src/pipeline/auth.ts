import { CatalogError } from '../domain/errors.js';
import { splitList } from '../domain/lists.js';
import type { Headers } from './types.js';

/** Key -> tenants it is bound to (null: any tenant). Empty map: any non-empty token is accepted. */
export type KeyRing = Map<string, Set<string> | null>;

/** Parses `--api-key` values: `KEY` or `KEY=tenantA,tenantB`. */
export function parseApiKeys(values: readonly string[] = []): KeyRing {
  const ring: KeyRing = new Map();
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq < 0) {
      ring.set(value, null);
    } else {
      const tenants = splitList(value.slice(eq + 1));
      ring.set(value.slice(0, eq), new Set(tenants));
    }
  }
  return ring;
}

const first = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

/** The token from x-api-key, or from Authorization as `Bearer <token>` or bare. */
export function tokenOf(headers: Headers): string {
  const fromKey = first(headers['x-api-key'])?.trim();
  if (fromKey) return fromKey;
  const raw = first(headers['authorization'])?.trim() ?? '';
  return raw.replace(/^Bearer(\s+|$)/i, '').trim();
}

/** Checks the token against the key ring; `tenantId` is undefined for admin operations. */
export function checkToken(
  ring: KeyRing,
  token: string,
  tenantId: string | undefined,
): CatalogError | undefined {
  if (!token)
    return new CatalogError('unauthenticated', 'Missing access token: send it in the x-api-key header');
  if (ring.size === 0) return undefined;
  if (!ring.has(token))
    return new CatalogError('unauthenticated', 'Access token is not accepted by this server');
  const tenants = ring.get(token);
  if (tenants && tenantId !== undefined && !tenants.has(tenantId)) {
    return new CatalogError('forbidden', `Access token is not allowed for tenant "${tenantId}"`);
  }
  return undefined;
}

/** Checks a scoped API request's token for the tenant its path names. */
export function authorizer(
  ring: KeyRing,
): (headers: Headers, tenantId: string | undefined) => CatalogError | undefined {
  return (headers, tenantId) => checkToken(ring, tokenOf(headers), tenantId);
}
