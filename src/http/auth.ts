import type { Request, RequestHandler } from 'express';
import { ApiError } from '../domain/errors.js';

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
      const tenants = value
        .slice(eq + 1)
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      ring.set(value.slice(0, eq), new Set(tenants));
    }
  }
  return ring;
}

/** The token from x-api-key, or from Authorization as `Bearer <token>` or bare. */
export function tokenOf(headers: Record<string, string | string[] | undefined>): string {
  const apiKey = headers['x-api-key'];
  const fromKey = (Array.isArray(apiKey) ? apiKey[0] : apiKey)?.trim();
  if (fromKey) return fromKey;
  const auth = headers['authorization'];
  const raw = (Array.isArray(auth) ? auth[0] : auth)?.trim() ?? '';
  return raw.replace(/^Bearer(\s+|$)/i, '').trim();
}

/** Checks the token against the key ring; `tenantId` is undefined for admin operations. */
export function checkToken(ring: KeyRing, token: string, tenantId: string | undefined): ApiError | undefined {
  if (!token) return new ApiError(401, 'Missing access token: send it in the x-api-key header');
  if (ring.size === 0) return undefined;
  if (!ring.has(token)) return new ApiError(401, 'Access token is not accepted by this server');
  const tenants = ring.get(token);
  if (tenants && tenantId !== undefined && !tenants.has(tenantId)) {
    return new ApiError(403, `Access token is not allowed for tenant "${tenantId}"`);
  }
  return undefined;
}

/**
 * Checks a scoped API request's token for the tenant its path names; `operationId` is the
 * openapi.yaml operation the request reaches.
 */
export type Authorizer = (
  req: Request,
  tenantId: string | undefined,
  operationId: string,
) => ApiError | undefined;

/** POST /products is a read that carries its query in a body (docs/behaviour.md, "Reads"). */
const READS_WITH_A_BODY: ReadonlySet<string> = new Set(['queryProducts']);

/** Whether a request only reads: every GET (and HEAD), and the list query sent as POST. */
export function isRead(method: string, operationId: string): boolean {
  return method === 'GET' || method === 'HEAD' || READS_WITH_A_BODY.has(operationId);
}

export interface AuthorizerOptions {
  /** Reads need no token (the published client-side class sends none); writes still do. */
  publicReads?: boolean;
}

/**
 * A present token is always checked, so a wrong key still fails on a public read. A request
 * without one is let through only when it reads and reads are public; otherwise its 401 tells
 * the caller that sent an empty x-api-key (the client-side class) what serves it.
 */
export function authorizer(ring: KeyRing, options: AuthorizerOptions = {}): Authorizer {
  return (req, tenantId, operationId) => {
    const token = tokenOf(req.headers);
    if (token) return checkToken(ring, token, tenantId);
    if (options.publicReads && isRead(req.method, operationId)) return undefined;
    // No token, yet an x-api-key header: empty, as the published client-side class sends it.
    if (req.headers['x-api-key'] === undefined) return checkToken(ring, token, tenantId);
    return new ApiError(
      401,
      options.publicReads
        ? 'Missing access token: the x-api-key header is empty, and writes need a token even with --public-reads (it opens reads only)'
        : 'Missing access token: the x-api-key header is empty. The published client-side class (GridProductServiceClient) sends no token: start the mock with --public-reads to serve its reads',
    );
  };
}

/**
 * Admin operations: open by default; in strict mode a listed key bound to no tenant. A key bound to
 * tenants is refused (403): reset acts on every tenant's data, not only its own.
 */
export function authenticateAdmin(ring: KeyRing): RequestHandler {
  return (req, _res, next) => {
    if (ring.size === 0) return next();
    const token = tokenOf(req.headers);
    const refused = checkToken(ring, token, undefined);
    if (refused) return next(refused);
    const tenants = ring.get(token);
    next(
      tenants
        ? new ApiError(
            403,
            `Access token is bound to tenants (${[...tenants].join(', ')}); admin operations act on ` +
              'every tenant and need a key bound to none',
          )
        : undefined,
    );
  };
}
