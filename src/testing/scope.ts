// A scope's handle (docs/testing.md): its URLs, a fetch with its token, and its admin calls, over
// whichever backend answers (src/testing/backend.ts). Node-free.
import { apiDocument } from '../generated/apiDocument.js';
import type { ScopeKey } from '../domain/types.js';
import type { ScopeBackend, ServerFilter } from './backend.js';
import type { CatalogScope, JournalEntry, RequestExpectation, RequestFilter } from './types.js';

export interface ScopeInfo extends ScopeKey {
  /** The mock's origin (and path, for msw handlers mounted under one). */
  url: string;
  token: string;
}

/**
 * Whether `actual` holds `expected`: objects field by field, arrays item by item (as many items),
 * recursively; anything else equal as JSON.
 */
function holds(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => holds(actual[i], item))
    );
  }
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([name, value]) =>
      holds((actual as Record<string, unknown>)[name], value),
    );
  }
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** Why an entry does not match the filter, field by field; empty when it does. */
function mismatches(entry: JournalEntry, filter: RequestFilter): string[] {
  const why: string[] = [];
  const differs = (name: string, expected: unknown, actual: unknown) =>
    why.push(`${name}: expected ${JSON.stringify(expected)}, was ${JSON.stringify(actual)}`);
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId)
    differs('operationId', filter.operationId, entry.operationId);
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase())
    differs('method', filter.method.toUpperCase(), entry.method);
  if (
    filter.path !== undefined &&
    !entry.path.includes(filter.path) &&
    !safeDecode(entry.path).includes(filter.path)
  )
    why.push(`path: expected to hold ${JSON.stringify(filter.path)}, was ${JSON.stringify(entry.path)}`);
  if (filter.status !== undefined && entry.status !== filter.status)
    differs('status', filter.status, entry.status);
  if (filter.stubbed !== undefined && (entry.stubbed !== undefined) !== filter.stubbed)
    differs('stubbed', filter.stubbed, entry.stubbed ?? false);
  if (filter.query !== undefined && !holds(entry.query, filter.query))
    differs('query', filter.query, entry.query);
  if (filter.body !== undefined && !holds(entry.body, filter.body)) {
    if (entry.bodyOmitted !== undefined) why.push(`body: not kept (${entry.bodyOmitted})`);
    else differs('body', filter.body, entry.body);
  }
  return why;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const short = (value: unknown, max = 160): string => {
  const text = JSON.stringify(value) ?? '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** One line per journal entry, oldest first: what it was, and why it did not match. */
function journalLines(entries: readonly JournalEntry[], filter: RequestFilter): string[] {
  return [...entries].reverse().map((entry) => {
    const why = mismatches(entry, filter);
    const head = `${why.length === 0 ? '✓' : '✗'} ${entry.method} ${entry.path}${
      Object.keys(entry.query).length > 0
        ? `?${new URLSearchParams(entry.query as Record<string, string>).toString()}`
        : ''
    } → ${entry.status} ${entry.operationId ?? '(no operation)'}${entry.stubbed ? ` [stubbed by ${entry.stubbed}]` : ''}`;
    const body = entry.body === undefined ? '' : `\n      body: ${short(entry.body)}`;
    return `  ${head}${body}${why.map((w) => `\n      ${w}`).join('')}`;
  });
}

export function makeScope(info: ScopeInfo, backend: ScopeBackend): CatalogScope {
  const key: ScopeKey = { region: info.region, tenantId: info.tenantId, environment: info.environment };
  const { url, token } = info;
  const tenant = encodeURIComponent(info.tenantId);
  const environment = encodeURIComponent(info.environment);
  const baseUrl = `${url}/${tenant}/${environment}`;
  const name = `${key.region}/${key.tenantId}/${key.environment}`;

  const requests = async (filter: RequestFilter = {}): Promise<JournalEntry[]> => {
    const server: ServerFilter = {
      operationId: filter.operationId,
      method: filter.method,
      path: filter.path,
      status: filter.status,
    };
    const entries = await backend.requests(key, server);
    return entries.filter((entry) => mismatches(entry, filter).length === 0);
  };

  const expectRequest = (filter: RequestFilter): RequestExpectation => {
    const times = async (n: number): Promise<void> => {
      const all = await backend.requests(key, {});
      const matching = all.filter((entry) => mismatches(entry, filter).length === 0);
      if (matching.length === n) return;
      const lines = journalLines(all, filter);
      throw new Error(
        [
          `Expected ${n} request${n === 1 ? '' : 's'} to scope ${name} matching ${short(filter, 400)}, found ${matching.length}.`,
          all.length === 0
            ? 'The journal holds no request of this scope.'
            : `The journal of this scope holds ${all.length} request${all.length === 1 ? '' : 's'}, oldest first (✓ matches, ✗ does not, and why):`,
          ...lines,
        ].join('\n'),
      );
    };
    return { times, once: () => times(1), never: () => times(0) };
  };

  return {
    region: key.region,
    tenant: key.tenantId,
    environment: key.environment,
    token,
    baseUrl,
    regionBaseUrl: `${url}/regions/${encodeURIComponent(key.region)}/products/v1/tenants/${tenant}/${environment}`,
    apiBaseUrl: `${url}/api/tenants/${tenant}/${environment}`,
    fetch: (path, init = {}) => {
      const { body, headers, ...rest } = init;
      const json = body !== undefined && typeof body !== 'string';
      const merged = new Headers(headers as HeadersInit | undefined);
      if (!merged.has('x-api-key') && !merged.has('authorization')) merged.set('x-api-key', token);
      if (json && !merged.has('content-type')) merged.set('content-type', 'application/json');
      const target = /^[a-z][a-z0-9+.-]*:/i.test(path)
        ? path
        : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
      return fetch(target, {
        ...rest,
        headers: merged,
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as string),
      });
    },
    reset: () => backend.reset(key),
    snapshot: (snapshotName) => backend.save(key, snapshotName),
    restore: (snapshotName) => backend.restore(key, snapshotName),
    snapshots: () => backend.snapshots(key),
    deleteSnapshot: (snapshotName) => backend.deleteSnapshot(key, snapshotName),
    requests,
    clearRequests: () => backend.clearRequests(key),
    faults: {
      add: (rule) => backend.addFault(key, rule),
      list: () => backend.faults(key),
      clear: () => backend.clearFaults(key),
    },
    stub: (rule) => backend.addStub(key, rule),
    clearStubs: () => backend.clearStubs(key),
    expectRequest,
  };
}

let pattern: RegExp | undefined;
/** openapi.yaml's ScopeName: what a request's path can name as a tenant or an environment. */
const scopeNamePattern = (): RegExp =>
  (pattern ??= new RegExp(
    (apiDocument.components?.schemas?.ScopeName as { pattern: string } | undefined)?.pattern ?? '^.+$',
  ));

/** A tenant no other scope of this process, nor likely of another worker, has. */
let made = 0;
function freshTenant(): string {
  made += 1;
  return `t${made}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The scope a handle's scope(name?, options) names. */
export function scopeKeyOf(
  name: string | undefined,
  options: { environment?: string; region?: string } | undefined,
  region: string,
): ScopeKey {
  const tenantId = name ?? freshTenant();
  const environment = options?.environment ?? 'test';
  for (const [what, value] of [
    ['name', tenantId],
    ['environment', environment],
  ] as const) {
    if (!scopeNamePattern().test(value) || value === '.' || value === '..') {
      throw new Error(
        `scope: ${what} "${value}" cannot be a tenant or environment: give 1 to 64 letters, digits, ".", "_" or "-"`,
      );
    }
  }
  return { region: options?.region ?? region, tenantId, environment };
}
