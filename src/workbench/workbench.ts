// The developer's workbench around the API, framework-neutral: simulated failures and latency,
// the request journal, the request log, and the seed's life (origin, reload, watch). An http
// adapter (src/http/workbenchHook.ts) asks simulate() before an operation runs and reports each
// answered request to completed().
import type { Logger } from 'pino';
import { CatalogError } from '../domain/errors.js';
import type { Store } from '../store/store.js';
import { FaultRules } from './faults.js';
import { StubRules } from './stubs.js';
import { NamedSnapshots } from '../store/namedSnapshots.js';
import { JOURNAL_SIZE, RequestJournal, type JournalRecord } from './requestJournal.js';
import { chooseLatency, type LatencyRange } from './latency.js';
import { logRequest } from './requestLog.js';
import { decideSimulation, type Simulation, type SimulationRequest, type Simulator } from './simulation.js';
import type { SeedSource } from './seedSource.js';
import { mediaOrigin } from '../media/demoMedia.js';

export interface WorkbenchOptions {
  store: Store;
  seeds: SeedSource;
  /** Statuses a request may ask for, by operationId (see simulatedStatuses). */
  statuses: ReadonlyMap<string, readonly number[]>;
  /** Where request lines and notices go; none when absent. */
  logger?: Logger;
  /** Whether each request gets a line (notices are written either way). */
  logRequests?: boolean;
  latency?: LatencyRange;
  random?: () => number;
  /**
   * Strict mode (keys listed): a request refused 401 is logged, not journaled. Anyone who reaches
   * the server can send those, and a thousand of them pushed every request of the app out of the
   * journal (docs/behaviour.md, "Request journal").
   */
  strict?: boolean;
  /** The most fault rules kept at once (--max-fault-rules); MAX_FAULT_RULES when absent. */
  maxFaultRules?: number;
  /** The most journal entries one scope keeps (--journal-per-scope); JOURNAL_PER_SCOPE when absent. */
  journalPerScope?: number;
}

/** One answered request, as the adapter saw it. */
export interface Exchange extends JournalRecord {
  /** The error's message of a 4xx or 5xx answer. */
  message?: string;
  /** Logged, not journaled: a request refused before it reached the mock (docs/security.md). */
  unjournaled?: boolean;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Requests that are not API requests: the mock's own endpoints, its reference page and demo media. */
const OWN_PATH = /^\/(?:__admin|__media|docs|openapi\.yaml|favicon\.ico)(?:[/?]|$)/;

export type { Simulation, SimulationRequest } from './simulation.js';

export class Workbench implements Simulator {
  readonly faults: FaultRules;
  readonly journal: RequestJournal;
  /** Per scope: stub rules and named snapshots (src/workbench/scopeAdmin.ts). */
  readonly stubs = new StubRules();
  readonly snapshots: NamedSnapshots;
  readonly seeds: SeedSource;
  readonly #options: WorkbenchOptions;
  readonly #random: () => number;

  constructor(options: WorkbenchOptions) {
    this.#options = options;
    this.faults = new FaultRules(options.maxFaultRules);
    this.journal = new RequestJournal(JOURNAL_SIZE, options.journalPerScope);
    this.seeds = options.seeds;
    this.snapshots = new NamedSnapshots(options.store);
    this.#random = options.random ?? Math.random;
  }

  /** Whether only a Prefer header can change a request now: no fault rule, no --latency. */
  get idle(): boolean {
    return this.faults.list().length === 0 && this.stubs.size === 0 && this.#options.latency === undefined;
  }

  /** The store of the scopes' data: the dashboard lists and resets scopes through it. */
  get store(): Store {
    return this.#options.store;
  }

  /** The --latency range, when one was given. */
  get latency(): LatencyRange | undefined {
    return this.#options.latency;
  }

  get logger(): Logger | undefined {
    return this.#options.logger;
  }

  /**
   * What happens to an API request before its operation runs: undefined for nothing (the common
   * case, decided without allocating). A Prefer header beats a fault rule, which beats --latency.
   * Throws a 400 for a Prefer header that asks for what cannot be simulated.
   */
  simulate(request: SimulationRequest): Simulation | undefined {
    const { latency, statuses } = this.#options;
    if (request.prefer === undefined && this.idle) return undefined;
    return decideSimulation(
      request,
      statuses,
      () => this.faults.apply(request, this.#random),
      () => chooseLatency(latency, this.#random),
      () => this.stubs.apply(request),
    );
  }

  /**
   * Journals an API request and logs every request. An OPTIONS request is a browser's CORS
   * preflight, answered before any operation: logged, but not journaled, which keeps what the app
   * sent (docs/behaviour.md, "Request journal").
   */
  completed(exchange: Exchange): void {
    const { logger, logRequests } = this.#options;
    if (logger && logRequests) logRequest(logger, exchange);
    if (exchange.unjournaled || (this.#options.strict && exchange.status === 401)) return;
    if (exchange.method !== 'OPTIONS' && !OWN_PATH.test(exchange.url)) this.journal.record(exchange);
  }

  /** The mock is done with: the writes given are stored, and a --data file is closed. */
  close(): Promise<void> {
    return this.#options.store.close();
  }

  /** The server listens at `url`: the seed's demo media move to its origin. */
  bindOrigin(url: string): void {
    const before = this.seeds.current;
    const seed = this.seeds.bindOrigin(mediaOrigin(url));
    // A seed generated for this origin is served as it is: no second copy of its records' index.
    if (seed !== before) this.#options.store.replaceSeed(seed);
  }

  /**
   * POST /__admin/reset: the seed file is read again (a bad file throws, and nothing changes), the
   * fault rules are cleared and every scope starts over from the seed.
   */
  async reset(): Promise<void> {
    const seed = await this.seeds.reload().catch((err: unknown) => {
      throw new CatalogError(
        'unprocessable',
        `${messageOf(err)}; the previous seed stays and nothing was reset`,
      );
    });
    this.faults.clear();
    this.stubs.clear();
    this.snapshots.clear();
    this.#options.store.replaceSeed(seed);
    await this.#options.store.reset();
  }

  /** --watch: each valid edit of the seed file becomes the seed; an invalid one is reported. */
  watchSeed(): () => void {
    const file = this.seeds.file;
    return this.seeds.watch(() => {
      this.seeds
        .reload()
        .then(async (seed) => {
          this.#options.store.replaceSeed(seed);
          await this.#options.store.reset();
          this.logger?.info(
            `seed ${file} changed: ${count(seed.products.length, 'product')}, ${count(seed.productTypes.length, 'product type')}; every scope starts over from it`,
          );
        })
        .catch((err: unknown) => {
          this.logger?.warn(
            `seed ${file} changed but is not loaded, the previous seed stays: ${messageOf(err)}`,
          );
        });
    });
  }
}

/** `1 product`, `2 products`: the log line a person reads after each edit. */
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
