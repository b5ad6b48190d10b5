import { CatalogError } from '../domain/errors.js';
import { splitList } from '../domain/lists.js';
import type { Headers } from './types.js';

/** Key -> tenants it is bound to (null: any tenant). Empty map: any non-empty token is accepted. */
export type KeyRing = Map<string, Set<string> | null>;

/**
 * What is wrong with an `--api-key` value, or undefined: an empty key would be a token no request
 * can send (a blank token is no token), and `KEY=` binds the key to no tenant, so nothing accepts it.
 */
export function apiKeyProblem(value: string): string | undefined {
  const eq = value.indexOf('=');
  const key = (eq < 0 ? value : value.slice(0, eq)).trim();
  if (key === '') return `"${value}" names no key: give KEY or KEY=tenantA,tenantB`;
  if (eq >= 0 && splitList(value.slice(eq + 1)).length === 0) {
    return `"${value}" binds the key to no tenant: list them after "=" (KEY=tenantA,tenantB), or give KEY alone for every tenant`;
  }
  return undefined;
}

/** Parses `--api-key` values: `KEY` or `KEY=tenantA,tenantB`. Throws for one apiKeyProblem refuses. */
export function parseApiKeys(values: readonly string[] = []): KeyRing {
  // A string would be read letter by letter, each a key ({ apiKeys: 'secret' } from JavaScript).
  if (!Array.isArray(values)) {
    throw new Error(
      `apiKeys must be an array of keys (KEY or KEY=tenantA,tenantB), such as ${JSON.stringify([values])}, not ${JSON.stringify(values)}`,
    );
  }
  const ring: KeyRing = new Map();
  for (const value of values) {
    const problem = apiKeyProblem(value);
    if (problem) throw new Error(`API key ${problem}`);
    const eq = value.indexOf('=');
    const key = (eq < 0 ? value : value.slice(0, eq)).trim();
    // A second binding would replace the first without a word (k=acme, then k=beta: 403 on acme).
    if (ring.has(key)) {
      throw new Error(
        `API key "${key}" is given twice: give each key once, with all its tenants (KEY=tenantA,tenantB)`,
      );
    }
    ring.set(key, eq < 0 ? null : new Set(splitList(value.slice(eq + 1))));
  }
  return ring;
}

const first = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.[0];

/** The token from x-api-key, or from Authorization as `Bearer <token>` or bare. */
function tokenOf(headers: Headers): string {
  const fromKey = first(headers['x-api-key'])?.trim();
  if (fromKey) return fromKey;
  const raw = first(headers['authorization'])?.trim() ?? '';
  return raw.replace(/^Bearer(\s+|$)/i, '').trim();
}

/** Checks the token against the key ring; `tenantId` is undefined for admin operations. */
function checkToken(ring: KeyRing, token: string, tenantId: string | undefined): CatalogError | undefined {
  if (!token)
    return new CatalogError('unauthenticated', 'Missing access token: send it in the x-api-key header');
  if (ring.size === 0) return undefined;
  if (!ring.has(token))
    return new CatalogError('unauthenticated', 'Access token is not accepted by this server');
  const tenants = ring.get(token);
  if (tenants && tenantId !== undefined && !tenants.has(tenantId)) {
    return new CatalogError('forbidden', forbiddenTenant(tenants, tenantId));
  }
  return undefined;
}

/**
 * The 403 of a key used on a tenant it is not bound to. When the path's tenant differs from the key's
 * own only in letter case (`--api-key k=ACME`, a request to /acme/...), it names those tenants as the
 * key holds them, every one (`k=ACME,Acme`): the caller sent this key, so its tenants are theirs to
 * see; other keys' tenants are never named.
 */
function forbiddenTenant(tenants: ReadonlySet<string>, tenantId: string): string {
  const refused = `Access token is not allowed for tenant "${tenantId}"`;
  const lower = tenantId.toLowerCase();
  const meant = [...tenants]
    .filter((tenant) => tenant.toLowerCase() === lower)
    .map((tenant) => `"${tenant}"`);
  if (meant.length === 0) return refused;
  const [bound, name] =
    meant.length === 1
      ? [`tenant ${meant[0]}`, `the tenant ${meant[0]}`]
      : [`tenants ${meant.join(', ')}`, `one of ${meant.join(', ')}`];
  return (
    `${refused}: it is bound to ${bound}, and tenant ids are case-sensitive. ` +
    `Name ${name} in the path, or bind the key to "${tenantId}" too`
  );
}

/** POST /products is a read that carries its query in a body (docs/behaviour.md, "Reads"). */
const READS_WITH_A_BODY: ReadonlySet<string> = new Set(['queryProducts']);

/** Whether a request only reads: every GET (and HEAD), and the list query sent as POST. */
function isRead(method: string, operationId: string): boolean {
  return method === 'GET' || method === 'HEAD' || READS_WITH_A_BODY.has(operationId);
}

export interface AuthorizerOptions {
  /** Reads need no token (the published client-side class sends none); writes still do. */
  publicReads?: boolean;
  /**
   * How public reads are turned on where this mock runs, for the 401 that suggests them: the
   * command line's flag unless given (msw handlers take an option instead).
   */
  publicReadsSwitch?: string;
}

const PUBLIC_READS_FLAG = 'start the mock with --public-reads';

/**
 * Checks a scoped API request's token for the tenant its path names. A present token is always
 * checked, so a wrong key still fails on a public read. A request without one is let through only
 * when it reads and reads are public; otherwise its 401 tells the caller that sent an empty
 * x-api-key (the published client-side class) what serves it.
 */
export function authorizer(
  ring: KeyRing,
  options: AuthorizerOptions = {},
): (
  headers: Headers,
  tenantId: string | undefined,
  operationId: string,
  method: string,
) => CatalogError | undefined {
  return (headers, tenantId, operationId, method) => {
    const token = tokenOf(headers);
    if (token) return checkToken(ring, token, tenantId);
    if (options.publicReads && isRead(method, operationId)) return undefined;
    // No token, yet an x-api-key header: empty, as the published client-side class sends it.
    if (headers['x-api-key'] === undefined) return checkToken(ring, token, tenantId);
    return new CatalogError(
      'unauthenticated',
      options.publicReads
        ? 'Missing access token: the x-api-key header is empty, and writes need a token even with public reads (they open reads only)'
        : 'Missing access token: the x-api-key header is empty. The published client-side class (GridProductServiceClient) sends no token: ' +
            `${options.publicReadsSwitch ?? PUBLIC_READS_FLAG} to serve its reads`,
    );
  };
}

/**
 * Admin operations on one scope (`/__admin/scopes/{region}/{tenantId}/...`): open by default; in
 * strict mode a listed key bound to no tenant, or one bound to the scope's tenant, as for the
 * scope's own API requests (docs/behaviour.md, "Scopes in tests").
 */
export function checkScopeAdminToken(
  ring: KeyRing,
  headers: Headers,
  tenantId: string,
): CatalogError | undefined {
  if (ring.size === 0) return undefined;
  return checkToken(ring, tokenOf(headers), tenantId);
}

/**
 * Admin operations: open by default; in strict mode a listed key bound to no tenant. A key bound to
 * tenants is refused (403): reset acts on every tenant's data, not only its own.
 */
export function checkAdminToken(ring: KeyRing, headers: Headers): CatalogError | undefined {
  if (ring.size === 0) return undefined;
  const token = tokenOf(headers);
  const refused = checkToken(ring, token, undefined);
  if (refused) return refused;
  const tenants = ring.get(token);
  return tenants
    ? new CatalogError(
        'forbidden',
        `Access token is bound to tenants (${[...tenants].join(', ')}); admin operations act on ` +
          'every tenant and need a key bound to none',
      )
    : undefined;
}
