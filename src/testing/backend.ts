// What a scope handle asks of the mock: over HTTP (the admin endpoints of src/http/scopeRoutes.ts)
// or in-process (src/workbench/scopeAdmin.ts, for the msw handlers). Node-free.
import { CatalogError } from '../domain/errors.js';
import type { ScopeKey } from '../domain/types.js';
import { errorAnswer } from '../pipeline/answers.js';
import type { ScopeAdmin } from '../workbench/scopeAdmin.js';
import type { FaultRule, JournalEntry, SnapshotInfo, StubRule } from './types.js';

/** The filters the mock applies itself. */
export interface ServerFilter {
  operationId?: string;
  method?: string;
  path?: string;
  status?: number;
}

export interface ScopeBackend {
  reset(key: ScopeKey): Promise<void>;
  save(key: ScopeKey, name: string): Promise<SnapshotInfo>;
  restore(key: ScopeKey, name: string): Promise<SnapshotInfo>;
  snapshots(key: ScopeKey): Promise<SnapshotInfo[]>;
  deleteSnapshot(key: ScopeKey, name: string): Promise<void>;
  requests(key: ScopeKey, filter: ServerFilter): Promise<JournalEntry[]>;
  clearRequests(key: ScopeKey): Promise<number>;
  faults(key: ScopeKey): Promise<FaultRule[]>;
  addFault(key: ScopeKey, rule: object): Promise<FaultRule>;
  clearFaults(key: ScopeKey): Promise<number>;
  addStub(key: ScopeKey, rule: object): Promise<StubRule>;
  clearStubs(key: ScopeKey): Promise<number>;
}

const path = ({ region, tenantId, environment }: ScopeKey): string =>
  `/__admin/scopes/${encodeURIComponent(region)}/${encodeURIComponent(tenantId)}/${encodeURIComponent(environment)}`;

/** The admin endpoints of a mock at `url`, called with `token` (strict mode: a key for the tenant). */
export function httpBackend(url: string, token: () => string): ScopeBackend {
  const call = async <T>(method: string, key: ScopeKey, tail: string, body?: object): Promise<T> => {
    const res = await fetch(`${url}${path(key)}${tail}`, {
      method,
      headers: {
        'x-api-key': token(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: { data?: T; message?: string } | undefined;
    try {
      json = JSON.parse(text) as { data?: T; message?: string };
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      throw new Error(`${method} ${path(key)}${tail}: ${res.status} ${json?.message ?? text.slice(0, 200)}`);
    }
    return json?.data as T;
  };
  const query = (filter: ServerFilter): string => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(filter)) {
      if (value !== undefined) params.set(name, String(value));
    }
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  return {
    reset: async (key) => {
      await call('POST', key, '/reset');
    },
    save: (key, name) => call('PUT', key, `/snapshots/${encodeURIComponent(name)}`),
    restore: (key, name) => call('POST', key, `/snapshots/${encodeURIComponent(name)}/restore`),
    snapshots: (key) => call('GET', key, '/snapshots'),
    deleteSnapshot: async (key, name) => {
      await call('DELETE', key, `/snapshots/${encodeURIComponent(name)}`);
    },
    requests: (key, filter) => call('GET', key, `/requests${query(filter)}`),
    clearRequests: async (key) => (await call<{ deleted: number }>('DELETE', key, '/requests')).deleted,
    faults: (key) => call('GET', key, '/faults'),
    addFault: (key, rule) => call('POST', key, '/faults', rule),
    clearFaults: async (key) => (await call<{ deleted: number }>('DELETE', key, '/faults')).deleted,
    addStub: (key, rule) => call('POST', key, '/stubs', rule),
    clearStubs: async (key) => (await call<{ deleted: number }>('DELETE', key, '/stubs')).deleted,
  };
}

/** The same calls on a catalog in this process (the msw handlers'). */
export function inProcessBackend(admin: () => Promise<ScopeAdmin>): ScopeBackend {
  /**
   * `act` on the catalog; a refusal fails as the HTTP backend's does, naming the request it stands
   * for and its status (`POST /__admin/scopes/eu/acme/dev/snapshots/one/restore: 404 No snapshot ...`).
   */
  const on = async <T>(
    method: string,
    key: ScopeKey,
    tail: string,
    act: (scopes: ScopeAdmin) => T | Promise<T>,
  ): Promise<T> => {
    try {
      return await act(await admin());
    } catch (err) {
      if (!(err instanceof CatalogError)) throw err;
      throw new Error(`${method} ${path(key)}${tail}: ${errorAnswer(err).status} ${err.message}`);
    }
  };
  // A copy: what the handle gives out is the caller's to keep, as it would be over HTTP.
  const copy = <T>(value: T): T => structuredClone(value);
  const named = (name: string) => `/snapshots/${encodeURIComponent(name)}`;
  return {
    reset: (key) => on('POST', key, '/reset', (a) => a.reset(key)),
    save: (key, name) => on('PUT', key, named(name), (a) => a.save(key, name).info),
    restore: (key, name) => on('POST', key, `${named(name)}/restore`, (a) => a.restore(key, name)),
    snapshots: (key) => on('GET', key, '/snapshots', (a) => a.snapshots(key)),
    deleteSnapshot: (key, name) => on('DELETE', key, named(name), (a) => a.deleteSnapshot(key, name)),
    requests: (key, filter) => on('GET', key, '/requests', (a) => copy(a.requests(key, filter))),
    clearRequests: (key) => on('DELETE', key, '/requests', (a) => a.clearRequests(key)),
    faults: (key) => on('GET', key, '/faults', (a) => copy(a.faults(key))),
    addFault: (key, rule) => on('POST', key, '/faults', (a) => copy(a.addFault(key, rule))),
    clearFaults: (key) => on('DELETE', key, '/faults', (a) => a.clearFaults(key)),
    addStub: (key, rule) => on('POST', key, '/stubs', (a) => copy(a.addStub(key, copy(rule)))),
    clearStubs: (key) => on('DELETE', key, '/stubs', (a) => a.clearStubs(key)),
  };
}
