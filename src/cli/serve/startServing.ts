// Starting the server of `product-catalog-mock serve`, wherever it runs (see tuning.ts).
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { isMainThread } from 'node:worker_threads';
import { applyHeapPolicy } from '../terminal/heapPolicy.js';
import { prepareSearch } from '../../query/searchIndex.js';
import { cacheFolderMade, writeCatalogCache } from './catalogCacheWriter.js';
import { CACHE_FROM } from '../../seed/catalogCache.js';
import { resolveSeed, seedFileOf, type ResolvedSeed, type SeedStep } from '../../seed/resolve.js';
import { listenError, startServer, type RunningServer } from '../../server.js';
import { checkDataPath } from '../../store/dataPath.js';
import { releaseLockOnSignal } from './startSignals.js';
import { checkStartOptions } from '../../startOptions.js';
import { loadApiDocument } from '../../openapi/apiDocument.js';
import { parseLatency } from '../../workbench/latency.js';
import { mediaOrigin } from '../../media/demoMedia.js';
import type { LogFormat } from '../../workbench/requestLog.js';
import { upstreamOptionsOf, type UpstreamServeOptions } from './upstreamOptions.js';

export interface ServeOptions extends UpstreamServeOptions {
  port: number;
  host: string;
  region: string;
  /** Every key: --api-key's, --api-key-file's and PRODUCT_CATALOG_MOCK_API_KEYS' (apiKeySources.ts). */
  apiKey: string[];
  /** Read into apiKey before the server starts. */
  apiKeyFile?: string;
  /** --allowed-host values (docs/security.md). */
  allowedHost?: string[];
  /** --cors-origin values (docs/security.md). */
  corsOrigin?: string[];
  publicReads?: boolean;
  data?: string;
  compactAfter?: number;
  /** --max-fault-rules and --max-stored-mb (docs/behaviour.md): the defaults when absent. */
  maxFaultRules?: number;
  maxStoredMb?: number;
  /** --journal-per-scope and --max-scope-mb (docs/security.md, "Bounds"): the defaults when absent. */
  journalPerScope?: number;
  maxScopeMb?: number;
  seed: string;
  /** Process tuning (tuning.ts): on unless --no-tune. */
  tune: boolean;
  logFormat: LogFormat;
  quiet?: boolean;
  /** "N" or "A-B" milliseconds, checked by the command line. */
  latency?: string;
  watch?: boolean;
  /** Colours in the readable log (src/workbench/logColour.ts): decided where stdout is, as a worker's own stdout is no terminal. */
  colorize?: boolean;
}

/** What a start reports while the seed is built: a large seed's progress, then that it is ready. */
export interface SeedEvents {
  /** In products, but in bytes while a seed file is read (see SeedStep). */
  progress(done: number, total: number, step: SeedStep): void;
  seeded(products: number, ms: number, cache?: SeedCache): void;
  /** A seed read when used (a seed file's index, the cache): every product read, `ms` after it listened. */
  allRead?(products: number, ms: number): void;
}

/** A large generated seed's place in the cache of generated catalogs (src/seed/catalogCache.ts). */
export interface SeedCache {
  file: string;
  /** Read from the cache, or written to it in the background after this start. */
  state: 'read' | 'writing';
}

/** A seed this large has its search texts prepared before the server is announced. */
const WARM_SEARCH_FROM = 50_000;

/** A seed this large shows its progress, and says when it is ready. */
const LARGE_SEED = 10_000;

/**
 * The port to serve on, tried before the seed is built: a port in use is said at once, not after a
 * large seed was generated, and for --port 0 a free one is known, so that the seed's media URLs
 * name the server's own origin from the start and no rebased copy of a large catalog is made (see
 * SeedSource).
 */
async function probePort(host: string, port: number): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) =>
    probe
      .once('error', (err: NodeJS.ErrnoException) => reject(listenError(err, host, port)))
      .listen(port, host, resolve),
  );
  const { port: bound } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return bound;
}

const cacheOf = (seed: ResolvedSeed): SeedCache | undefined => {
  if (seed.cacheTo !== undefined) return { file: seed.cacheTo, state: 'writing' };
  if (seed.cachedIn !== undefined) return { file: seed.cachedIn, state: 'read' };
  return undefined;
};

/** The seed, with its progress reported when it is large. */
async function loadSeed(opts: ServeOptions, origin: string, events: SeedEvents): Promise<ResolvedSeed> {
  const started = performance.now();
  let large = false;
  const seed = await resolveSeed(opts.seed, {
    mediaOrigin: origin,
    cacheFrom: CACHE_FROM,
    // A file reports its reading only when it is large (READ_PROGRESS_FROM, src/seed/file.ts).
    onProgress: (done, total, step) => {
      large ||= step === 'reading' || total >= LARGE_SEED;
      if (large) events.progress(done, total, step);
    },
  });
  // Said only once the cache's folder is there to write into: caching is worth a start, no more.
  if (seed.cacheTo !== undefined && !(await cacheFolderMade(seed.cacheTo))) seed.cacheTo = undefined;
  if (large || seed.products.length >= LARGE_SEED) {
    events.seeded(seed.products.length, performance.now() - started, cacheOf(seed));
  }
  return seed;
}

/**
 * Resolves the seed and listens; with tuning, applies the heap policy once the catalog is loaded: a
 * small growth while a catalog is built collects the growing old generation over and over
 * (docs/performance.md, "Start-up"). A large seed has its search texts prepared before it returns.
 * `stopOnSignal`, given on the process's main thread (--no-tune), puts the caller's own stop on
 * SIGINT and SIGTERM in place before the start's signal handling of a --data file ends: a signal in
 * between, or while the search is prepared, would otherwise end the process with the file's lock
 * taken (startSignals.ts).
 */
export async function startServing(
  opts: ServeOptions,
  events: SeedEvents,
  stopOnSignal?: (running: RunningServer) => void,
): Promise<RunningServer> {
  const seedFile = seedFileOf(opts.seed);
  // Before the seed is built, which can take a while: an unknown --region, options that do not go
  // together, or a --data path that cannot be written, end it at once.
  const { region } = checkStartOptions(
    await loadApiDocument(),
    {
      region: opts.region,
      data: opts.data,
      compactAfterMb: opts.compactAfter,
      watch: opts.watch,
      seedFile,
      journalPerScope: opts.journalPerScope,
      maxScopeMb: opts.maxScopeMb,
      upstream: {
        url: opts.upstream,
        apiKeyFile: opts.upstreamApiKeyFile,
        timeoutMs: opts.upstreamTimeout,
        record: opts.upstreamRecord,
        anonymize: opts.upstreamAnonymize,
        fill: opts.upstreamFill,
      },
    },
    'cli',
  );
  if (opts.data) await checkDataPath(opts.data);
  // Read here, on the server's thread: the key never travels in the options between threads.
  const upstream = await upstreamOptionsOf(opts);
  const port = await probePort(opts.host, opts.port);
  const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const origin = mediaOrigin(`http://${shownHost}:${port}`);
  const seed = await loadSeed(opts, origin, events);
  // On this thread (--no-tune) a signal would end the process with the --data file's lock taken; on
  // a thread of its own, the main thread sees to it (startSignals.ts).
  const releaseSignals = opts.data !== undefined && isMainThread ? releaseLockOnSignal(opts.data) : undefined;
  try {
    const running = await startServer({
      port,
      host: opts.host,
      region,
      apiKeys: opts.apiKey,
      allowedHosts: opts.allowedHost,
      corsOrigins: opts.corsOrigin,
      publicReads: opts.publicReads,
      data: opts.data,
      compactAfterMb: opts.compactAfter,
      maxFaultRules: opts.maxFaultRules,
      maxStoredMb: opts.maxStoredMb,
      journalPerScope: opts.journalPerScope,
      maxScopeMb: opts.maxScopeMb,
      seed,
      seedName: opts.seed,
      seedFile,
      // Generated or read, the seed's media name this server's origin already (loadSeed).
      seedMediaOrigin: origin,
      watch: opts.watch,
      latency: opts.latency === undefined ? undefined : parseLatency(opts.latency),
      // Quiet and not watching, nothing is ever logged: pino is not even loaded.
      logger:
        opts.quiet && !opts.watch
          ? undefined
          : (await import('../../workbench/logger.js')).createLogger({
              format: opts.logFormat,
              colorize: opts.colorize,
            }),
      logRequests: !opts.quiet,
      upstream,
    });
    // Only a large catalog, and before the server is announced: done in the background after, the
    // first search raced it and took over a second at 100,000 products. At 10,000 the first search
    // prepares the texts itself in about 200 ms, and with them prepared ahead the benchmark measured
    // 248 against 197 MiB resident, over the memory target (docs/performance.md, "Start-up"). The seed as
    // served: the records the store holds, whose texts are cached by identity.
    const served = running.seed().products;
    if (served.length >= WARM_SEARCH_FROM) prepareSearch(served);
    // Once the start is over: before, the reading ran between its steps and delayed it.
    const listened = performance.now();
    seed.readRest?.(() => events.allRead?.(served.length, performance.now() - listened));
    // A cache not written only makes the next start generate again.
    if (seed.cacheTo !== undefined) writeCatalogCache(opts.seed, seed.cacheTo).catch(() => undefined);
    if (opts.tune) applyHeapPolicy();
    // Synchronously before the start's listeners go: a signal is only ever handled between two
    // turns of the event loop, so one always finds a listener, and a pending one finds the stop.
    stopOnSignal?.(running);
    return running;
  } finally {
    releaseSignals?.();
  }
}
