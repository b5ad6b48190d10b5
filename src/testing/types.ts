// The testing kit's types (docs/testing.md): one handle over a mock, whether it answers on a port
// (startCatalogMock) or through msw handlers (createCatalogMockHandlers).
import type { components } from '../generated/openapi.js';
import type { SnapshotInfo } from '../store/namedSnapshots.js';
import type { FaultRule, FaultRuleInput } from '../workbench/faults.js';
import type { JournalEntry } from '../workbench/requestJournal.js';
import type { StubRule, StubRuleInput } from '../workbench/stubs.js';

export type { SnapshotInfo, FaultRule, FaultRuleInput, JournalEntry, StubRule, StubRuleInput };

/** A fault rule for one scope: its region, tenant and environment are the scope's. */
export type ScopeFaultRule = Omit<
  components['schemas']['FaultRuleFields'],
  'region' | 'tenantId' | 'environment'
>;

/**
 * Which of a scope's requests to take. The mock filters by operationId, method, path (a substring)
 * and status; `query` and `body` are matched here: every field they give must be in the request's,
 * equal (objects compared field by field, arrays item by item with as many items, other values whole).
 */
export interface RequestFilter {
  operationId?: string;
  method?: string;
  path?: string;
  status?: number;
  query?: Record<string, string | string[]>;
  body?: unknown;
  /** true: only requests a stub rule answered; false: only those it did not. */
  stubbed?: boolean;
}

export interface ScopeFaults {
  add(rule: ScopeFaultRule): Promise<FaultRule>;
  list(): Promise<FaultRule[]>;
  /** Removes the scope's rules; answers how many. */
  clear(): Promise<number>;
}

export interface RequestExpectation {
  /** Resolves when exactly `n` of the scope's requests match; else rejects with what the journal holds. */
  times(n: number): Promise<void>;
  once(): Promise<void>;
  never(): Promise<void>;
}

/** One tenant and environment of the mock, for one test or one worker. */
export interface CatalogScope {
  readonly region: string;
  readonly tenant: string;
  readonly environment: string;
  /** The token the scope's fetch sends (x-api-key). */
  readonly token: string;
  /** `{url}/{tenant}/{environment}`: the specification's form. */
  readonly baseUrl: string;
  /** `{url}/regions/{region}/products/v1/tenants/{tenant}/{environment}`. */
  readonly regionBaseUrl: string;
  /** `{url}/api/tenants/{tenant}/{environment}`: the published client's form. */
  readonly apiBaseUrl: string;
  /**
   * fetch with the token, a path taken below baseUrl (`/products`), and a body that is not a string
   * sent as JSON; a full URL is fetched as it is, with the token.
   */
  fetch(path: string, init?: Omit<RequestInit, 'body'> & { body?: unknown }): Promise<Response>;
  /** The scope back to the seed, its fault rules, stub rules and journal entries gone. */
  reset(): Promise<void>;
  snapshot(name: string): Promise<SnapshotInfo>;
  restore(name: string): Promise<SnapshotInfo>;
  snapshots(): Promise<SnapshotInfo[]>;
  deleteSnapshot(name: string): Promise<void>;
  /** The scope's journal, newest first. */
  requests(filter?: RequestFilter): Promise<JournalEntry[]>;
  clearRequests(): Promise<number>;
  faults: ScopeFaults;
  /** Answer a status and body for an operation or path of this scope (marked stubbed in the journal). */
  stub(rule: StubRuleInput): Promise<StubRule>;
  clearStubs(): Promise<number>;
  expectRequest(filter: RequestFilter): RequestExpectation;
}

export interface CatalogMock {
  /** Where the mock answers: `http://127.0.0.1:PORT`, or the origin the msw handlers answer for. */
  readonly url: string;
  /** A scope: `name` is its tenant (a fresh, unique one when absent); the environment is `test`. */
  scope(name?: string, options?: { environment?: string; region?: string }): CatalogScope;
  /** Stops the mock (a no-op for one connected to, not started). */
  stop(): Promise<void>;
}
