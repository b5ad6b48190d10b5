// The mock without a server: the pipeline over a store, ready for any adapter to call.
import type { OpenAPIV3 } from 'openapi-types';
import { getHeapStatistics } from 'node:v8';
import { loadApiDocument } from './openapi/apiDocument.js';
import { composeMock, keyRingOf, type MockCore } from './mockCore.js';
import { checkStartOptions } from './startOptions.js';
import { schemaValidator } from './openapi/schemaValidator.js';
import { checkGivenSeed } from './seed/records.js';
import { loadSeedFile } from './seed/resolve.js';
import type { Wrapper } from './pipeline/types.js';
import { Store } from './store/store.js';
import type { SeedData } from './domain/types.js';
import type { Logger } from 'pino';
import { OperationTable } from './openapi/operations.js';
import { checkLatency, type LatencyRange } from './workbench/latency.js';
import { SeedSource } from './workbench/seedSource.js';
import { statusesByOperation } from './workbench/simulation.js';
import { simulationStep } from './workbench/simulationStep.js';
import { Workbench } from './workbench/workbench.js';
import { Upstream, type MockUpstreamOptions } from './upstream/upstream.js';
import { SessionRecording } from './upstream/recording.js';

export interface MockOptions {
  /** Region of the two prefixes that name none; default eu. */
  region?: string;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Keep the data in this file (snapshot and journal); in memory when absent. */
  data?: string;
  /** With data: journal size (MB) from which a snapshot is written in the background; default 64. */
  compactAfterMb?: number;
  /** What every scope starts from; when absent, the records of seedFile, else empty. */
  seed?: SeedData;
  /** Name of the seed, reported by the health endpoint; seedFile when it is what the seed came from. */
  seedName?: string;
  /** Largest accepted body, in bytes or as "5mb"; default 5mb. */
  bodyLimit?: string | number;
  /** Reads (GET, and POST /products) need no token, as the published client-side class expects; writes still do. */
  publicReads?: boolean;
  /**
   * The origin the seed's demo media URLs name already, when it was generated or read for this
   * server (see mediaOrigin in src/media/demoMedia.ts): it is then served without rebasing.
   */
  seedMediaOrigin?: string;
  /**
   * The file `seed` was read from: reset reads it again, and --watch watches it. Without `seed`, it is
   * read as the mock starts, as `--seed FILE` is.
   */
  seedFile?: string;
  /** Request lines and notices (seed reloads) go here; nothing is logged when absent. */
  logger?: Logger;
  /** Whether every request gets a line in the log; default true when there is a logger. */
  logRequests?: boolean;
  /** A delay added to every API answer, chosen uniformly in the range. */
  latency?: LatencyRange;
  /** The most fault rules kept at once; 100 when absent (docs/behaviour.md, "Admin endpoints"). */
  maxFaultRules?: number;
  /**
   * The most MB of records the writes may keep, in all scopes together (their JSON); an eighth of
   * the heap's limit when absent (docs/behaviour.md, "Storage and --data").
   */
  maxStoredMb?: number;
  /**
   * The most MB of records the writes may keep in any one scope (their JSON); a quarter of
   * maxStoredMb's when absent, so that one tenant cannot fill the store for all (docs/security.md,
   * "Bounds").
   */
  maxScopeMb?: number;
  /**
   * The most request journal entries one scope keeps, its oldest forgotten past it; 250 when absent
   * (docs/security.md, "Bounds").
   */
  journalPerScope?: number;
  /** Around the pipeline, the first outermost: request logs, faults, journals (docs/architecture.md, "The seam: wrapping the pipeline"). */
  wrappers?: Wrapper[];
  /** A deployment that answers what the mock does not hold; writes stay in the mock (docs/upstream.md). */
  upstream?: MockUpstreamOptions;
}

/** A mock: its request pipeline and what the adapters around it need. */
export interface Mock extends MockCore {
  /** Fault rules, the request journal, the request log and the seed's life. */
  workbench: Workbench;
  /** Every documented operationId, for the workbench's fault rules. */
  operationIds: string[];
  /** What the seed is called (health reports it); undefined when nothing names it. */
  seedName?: string;
  /** The upstream deployment, when one is set. */
  upstream?: Upstream;
}

/**
 * The ceiling of the records writes keep (--max-stored-mb), in bytes of their JSON. By default an
 * eighth of the heap's limit: a record takes a few times its JSON in the heap, and the seed, its
 * indexes and the caches need the rest (docs/behaviour.md, "Storage and --data").
 */
function maxStoredBytes(mb: number | undefined): number {
  if (mb !== undefined && !(Number.isFinite(mb) && mb > 0)) {
    throw new Error(`maxStoredMb must be a positive number of MB, not ${String(mb)}`);
  }
  return Math.floor((mb ?? getHeapStatistics().heap_size_limit / 8 / 2 ** 20) * 2 ** 20);
}

/** The share of --max-stored-mb one scope may keep when --max-scope-mb is not given. */
const SCOPE_SHARE = 0.25;

/** The store's ceilings in bytes: all scopes together (--max-stored-mb) and one scope (--max-scope-mb). */
function storedCeilings(options: MockOptions): { maxStoredBytes: number; maxScopeBytes: number } {
  const all = maxStoredBytes(options.maxStoredMb);
  const mb = options.maxScopeMb;
  return {
    maxStoredBytes: all,
    maxScopeBytes: mb === undefined ? Math.floor(all * SCOPE_SHARE) : Math.floor(mb * 2 ** 20),
  };
}

/** The share of the heap left after start-up that writes may fill. */
const WRITABLE_HEAP_SHARE = 0.7;

/**
 * Why a write that keeps more must be refused for memory, or undefined: once the heap in use passes
 * WRITABLE_HEAP_SHARE of what was left after start-up (the seed loaded), writes that add records
 * are refused, so that requests never make the server run out of heap (docs/behaviour.md, "Storage
 * and --data"). Garbage counts until it is collected: a refusal may come a little early.
 */
export function memoryGuard(
  statistics: () => { used_heap_size: number; heap_size_limit: number } = getHeapStatistics,
): () => string | undefined {
  const atStart = statistics();
  const ceiling =
    atStart.used_heap_size + WRITABLE_HEAP_SHARE * (atStart.heap_size_limit - atStart.used_heap_size);
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return () => {
    const { used_heap_size: used, heap_size_limit: limit } = statistics();
    return used <= ceiling
      ? undefined
      : `the server's heap holds ${mb(used)} MB of the ${mb(limit)} MB it may use, past the ${mb(ceiling)} MB writes may fill (${WRITABLE_HEAP_SHARE * 100}% of what the seed left); records take more memory than their JSON`;
  };
}

/** An optional ceiling: a positive integer, or undefined for the default. */
function positiveCount(value: number | undefined, name: string): number | undefined {
  if (value === undefined || (Number.isInteger(value) && value > 0)) return value;
  throw new Error(`${name} must be a positive integer, not ${String(value)}`);
}

/**
 * The seed every scope starts from: `seed`, checked as a seed file is (a record the API could not
 * serve would answer 500; resolveSeed's answer conforms already and is not checked again); else the
 * records of `seedFile`, read as `--seed FILE` and reset read it (loadSeedFile); else none. Without
 * this, a seedFile alone served an empty catalog until the first reset.
 */
async function givenSeed(options: MockOptions, document: OpenAPIV3.Document): Promise<SeedData> {
  if (options.seed === undefined && options.seedFile !== undefined) {
    return loadSeedFile(options.seedFile, options.seedMediaOrigin);
  }
  return checkGivenSeed(options.seed ?? { products: [], productTypes: [] }, () => schemaValidator(document));
}

export async function createMock(options: MockOptions = {}): Promise<Mock> {
  const document = await loadApiDocument();
  // Checked before the store opens: a refused option must not touch a --data file (which the
  // caller, given no mock, could not close).
  const { region } = checkStartOptions(document, options);
  const latency = checkLatency(options.latency);
  const strict = keyRingOf(document, options.apiKeys).size > 0;
  const upstream = options.upstream && upstreamOf(options.upstream, options.logger);
  const seed = await givenSeed(options, document);
  const seeds = new SeedSource(seed, options.seedFile, options.seedMediaOrigin);
  // A seed read from seedFile alone is named by it, as `--seed FILE` names the CLI's.
  const seedName = options.seedName ?? (options.seed === undefined ? options.seedFile : undefined);
  const opened = await Store.open({
    file: options.data,
    seed: seeds.current,
    compactBytes: options.compactAfterMb === undefined ? undefined : options.compactAfterMb * 1024 * 1024,
    seedName,
    ...storedCeilings(options),
    memoryFull: memoryGuard(),
  });
  // Writes noted and reset forgetting what was fetched, for the workbench's resets too.
  const store = upstream ? upstream.observe(opened) : opened;
  const table = new OperationTable(document);
  const operations = table.operations;
  const workbench = new Workbench({
    store,
    seeds,
    statuses: statusesByOperation(operations),
    logger: options.logger,
    logRequests: options.logRequests ?? true,
    latency,
    strict,
    maxFaultRules: positiveCount(options.maxFaultRules, 'maxFaultRules'),
    journalPerScope: options.journalPerScope,
  });
  const core = composeMock({
    ...options,
    document,
    region,
    operations: table,
    store,
    simulate: simulationStep(workbench),
    upstream,
  });
  return { ...core, workbench, operationIds: operations.map((op) => op.operationId), seedName, upstream };
}

/** The upstream of the options, logging to the mock's logger and recording when asked. */
function upstreamOf(options: MockUpstreamOptions, logger: Logger | undefined): Upstream {
  const warn = (line: string) => logger?.warn(line);
  const recording =
    options.record === undefined
      ? undefined
      : new SessionRecording({ file: options.record, anonymize: options.anonymize, warn });
  return new Upstream(options, {
    log: (line) => logger?.info(line),
    onFetched: recording && ((fetched) => recording.update(fetched)),
    onClose: recording && (() => recording.flush()),
  });
}
