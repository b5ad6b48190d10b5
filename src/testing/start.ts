// startCatalogMock: the mock in this process, on a free port of 127.0.0.1, for a test runner's setup
// (docs/testing.md). connectCatalogMock: a handle on a mock started elsewhere (a global setup).
import { startServer, type RunningServer } from '../server.js';
import { resolveSeed } from '../seed/resolve.js';
import type { SeedData } from '../domain/types.js';
import type { MockUpstreamOptions } from '../upstream/upstream.js';
import { httpBackend } from './backend.js';
import { makeScope, scopeKeyOf } from './scope.js';
import type { CatalogMock } from './types.js';

export interface StartCatalogMockOptions {
  /**
   * What every scope starts from: `demo`, `grocery`, `electronics`, a product count, `none`, a
   * seed file's path, or `{ products, productTypes }`; default `none` (each test pushes its own).
   */
  seed?: string | number | Partial<SeedData>;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`); see `token`. */
  apiKeys?: string[];
  /** The token scopes send; default `test-token` (any token is accepted unless apiKeys are given). */
  token?: string;
  /** Reads need no token, as the published client-side class expects. */
  publicReads?: boolean;
  /** Region of the prefixes that name none, and of scopes that name none; default eu. */
  region?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /**
   * Half mock, half staging: what the scopes do not hold is read from this deployment, every write
   * stays in the mock (docs/upstream.md).
   */
  upstream?: MockUpstreamOptions;
  /**
   * The most request journal entries one scope keeps (each test's scope is a client of its own);
   * 250 when absent (docs/security.md, "Bounds").
   */
  journalPerScope?: number;
}

export interface ConnectCatalogMockOptions {
  /** Where the mock answers, e.g. what startCatalogMock's url was in a global setup. */
  url: string;
  token?: string;
  region?: string;
}

export const DEFAULT_TOKEN = 'test-token';

/** A handle on a mock answering at `url`, started elsewhere: stop() leaves it running. */
export function connectCatalogMock(options: ConnectCatalogMockOptions): CatalogMock {
  return handleOver(
    options.url.replace(/\/+$/, ''),
    options.token ?? DEFAULT_TOKEN,
    options.region ?? 'eu',
    () => Promise.resolve(),
  );
}

function handleOver(url: string, token: string, region: string, stop: () => Promise<void>): CatalogMock {
  const backend = httpBackend(url, () => token);
  return {
    url,
    scope: (name, options) => {
      const key = scopeKeyOf(name, options, region);
      return makeScope({ ...key, url, token }, backend);
    },
    stop,
  };
}

async function seedOf(seed: StartCatalogMockOptions['seed']): Promise<Partial<SeedData> & { file?: string }> {
  if (seed === undefined || seed === 'none') return { products: [], productTypes: [] };
  if (typeof seed === 'object') return seed;
  const resolved = await resolveSeed(String(seed));
  return resolved;
}

/** Starts a mock in this process on 127.0.0.1, quiet, in memory. */
export async function startCatalogMock(options: StartCatalogMockOptions = {}): Promise<CatalogMock> {
  const seed = await seedOf(options.seed);
  const server: RunningServer = await startServer({
    host: '127.0.0.1',
    port: options.port ?? 0,
    seed: { products: seed.products ?? [], productTypes: seed.productTypes ?? [] },
    seedName: typeof options.seed === 'object' ? 'given' : String(options.seed ?? 'none'),
    apiKeys: options.apiKeys,
    publicReads: options.publicReads,
    region: options.region,
    upstream: options.upstream,
    journalPerScope: options.journalPerScope,
  });
  let stopped: Promise<void> | undefined;
  return handleOver(
    server.url,
    options.token ?? DEFAULT_TOKEN,
    options.region?.toLowerCase() ?? 'eu',
    () => (stopped ??= server.close()),
  );
}
