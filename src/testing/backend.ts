// What a scope handle asks of the mock: over HTTP (the admin endpoints of src/http/scopeRoutes.ts)
// or in-process (src/workbench/scopeAdmin.ts, for the msw handlers). Node-free.
import type { ScopeKey } from '../domain/types.js';
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
  const on = async <T>(act: (scopes: ScopeAdmin) => T | Promise<T>): Promise<T> => act(await admin());
  // A copy: what the handle gives out is the caller's to keep, as it would be over HTTP.
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    reset: (key) => on((a) => a.reset(key)),
    save: (key, name) => on((a) => a.save(key, name).info),
    restore: (key, name) => on((a) => a.restore(key, name)),
    snapshots: (key) => on((a) => a.snapshots(key)),
    deleteSnapshot: (key, name) => on((a) => a.deleteSnapshot(key, name)),
    requests: (key, filter) => on((a) => copy(a.requests(key, filter))),
    clearRequests: (key) => on((a) => a.clearRequests(key)),
    faults: (key) => on((a) => copy(a.faults(key))),
    addFault: (key, rule) => on((a) => copy(a.addFault(key, rule))),
    clearFaults: (key) => on((a) => a.clearFaults(key)),
    addStub: (key, rule) => on((a) => copy(a.addStub(key, copy(rule)))),
    clearStubs: (key) => on((a) => a.clearStubs(key)),
  };
}
