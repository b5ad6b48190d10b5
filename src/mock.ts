// The mock without a server: the pipeline over a store, ready for any adapter to call.
import { loadApiDocument } from './openapi/apiDocument.js';
import { checkRegion, composeMock, type Mock } from './mockCore.js';
import type { Wrapper } from './pipeline/types.js';
import { Store, type SeedData } from './store/store.js';

export type { Mock } from './mockCore.js';

export interface MockOptions {
  /** Region of the two prefixes that name none; default eu. */
  region?: string;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Keep the data in this file (snapshot and journal); in memory when absent. */
  data?: string;
  /** With data: journal size (MB) from which a snapshot is written in the background; default 64. */
  compactAfterMb?: number;
  /** What every scope starts from; empty when absent. */
  seed?: SeedData;
  /** Name of the seed, reported by the health endpoint. */
  seedName?: string;
  /** Largest accepted body, in bytes or as "5mb"; default 5mb. */
  bodyLimit?: string | number;
  /** Reads (GET, and POST /products) need no token, as the published client-side class expects; writes still do. */
  publicReads?: boolean;
  /** Around the pipeline, the first outermost: request logs, faults, journals (see docs/architecture.md). */
  wrappers?: Wrapper[];
}

export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const document = await loadApiDocument();
  // Checked before the store opens: an unknown region must not touch a --data file.
  checkRegion(document, options.region);
  const store = await Store.open({
    file: options.data,
    seed: options.seed,
    compactBytes: options.compactAfterMb === undefined ? undefined : options.compactAfterMb * 1024 * 1024,
  });
  return composeMock({ ...options, document, store });
}
