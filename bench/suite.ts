// Runs the cases in order, one server at a time: started when its first case comes, stopped after its last.
import { CASES, type BenchCase } from './cases.js';
import { discoverFixtures, type Fixtures } from './fixtures.js';
import { measure, type Bound, type Measurement } from './load.js';
import { openDashboardStream } from './dashboardStream.js';

export type ServerKind = BenchCase['server'];

export interface ServerHandle {
  url: string;
  startupMs?: number;
  /** A catalog read when used: ms from listening until it was read whole (the cases wait for it). */
  allRead?: Promise<number>;
  rssMiB?(): Promise<number | undefined>;
  cpuMs?(): Promise<number | undefined>;
  stop(): Promise<void>;
}

export interface SuiteOptions {
  connections: number;
  warmup: Bound;
  measured: Bound;
  /** Case names to run; the baseline always runs, every ratio needs it. */
  only?: readonly string[];
  /** Also the cases measured with the dashboard's stream open (BenchCase.dashboardOf). */
  dashboard?: boolean;
  log?(line: string): void;
}

interface CaseResult extends Measurement {
  name: string;
  title: string;
  server: ServerKind;
  target?: BenchCase['target'];
  /** What the case's `alongside` client measured meanwhile. */
  alongside?: Measurement;
  /**
   * The server's CPU time per request answered in the measured run, in microseconds: less moved by
   * other work on the machine than requests per second, which falls as soon as the server waits
   * for a core.
   */
  cpuUs?: number;
}

interface ServerFacts {
  startupMs?: number;
  /** Resident memory after the server's last case. */
  rssMiB?: number;
  /** A catalog read when used: ms from listening until it was read whole. */
  allReadMs?: number;
}

export interface SuiteResult {
  fixtures: Fixtures;
  cases: CaseResult[];
  servers: Partial<Record<ServerKind, ServerFacts>>;
}

export async function runSuite(
  start: Record<ServerKind, () => Promise<ServerHandle>>,
  options: SuiteOptions,
): Promise<SuiteResult> {
  const log = options.log ?? (() => undefined);
  const named = (name: string) => !options.only || options.only.includes(name);
  const chosen = CASES.filter((c) =>
    c.dashboardOf !== undefined
      ? options.dashboard === true && (named(c.name) || named(c.dashboardOf))
      : c.server === 'baseline' || named(c.name),
  );
  const cases: CaseResult[] = [];
  const servers: SuiteResult['servers'] = {};
  let fixtures: Fixtures | undefined;

  for (const kind of [...new Set(chosen.map((c) => c.server))]) {
    const server: ServerHandle = await start[kind]();
    try {
      servers[kind] = { startupMs: server.startupMs };
      // Every mock serves the same seed, so what the first one serves holds for the others.
      if (kind !== 'baseline' && !fixtures) {
        fixtures = await discoverFixtures(server.url);
        log(
          `catalog: ${fixtures.productCount} products; search word "${fixtures.searchWord}" matches ${fixtures.searchCount}`,
        );
      }
      // The cases measure a catalog read whole; its first search, above, did not wait.
      if (server.allRead) {
        servers[kind].allReadMs = await server.allRead;
        log(`${kind}: catalog read whole ${Math.round(servers[kind].allReadMs)} ms after it listened`);
      }
      for (const c of chosen.filter((x) => x.server === kind)) {
        // Only the baseline runs before any mock, and its requests need no fixtures.
        const requests = c.requests(fixtures as Fixtures);
        if (requests.length === 0) throw new Error(`case ${c.name}: the catalog offers nothing to send`);
        const connections = c.connections ?? options.connections;
        const stream = c.dashboardOf === undefined ? undefined : await openDashboardStream(server.url);
        const beside = c.alongside?.(fixtures as Fixtures);
        let cpuBefore: number | undefined;
        const [m, alongside] = await (async () => {
          log(`${c.name}: warm-up`);
          await measure(server.url, requests, options.warmup, connections);
          cpuBefore = await server.cpuMs?.();
          return Promise.all([
            measure(server.url, requests, options.measured, connections),
            // A counted (smoke) run counts the case's requests; a few costly ones run beside them.
            beside &&
              measure(
                server.url,
                beside,
                'amount' in options.measured ? { amount: 10 } : options.measured,
                1,
              ),
          ]);
        })().finally(async () => {
          if (stream) log(`${c.name}: dashboard stream read ${await stream.close()}`);
        });
        const cpuAfter = await server.cpuMs?.();
        const served = m.requests + (alongside?.requests ?? 0);
        const cpuUs =
          cpuBefore !== undefined && cpuAfter !== undefined && served > 0
            ? ((cpuAfter - cpuBefore) * 1000) / served
            : undefined;
        log(
          `${c.name}: ${Math.round(m.rps)} req/s, ${m.non2xx} non-2xx, p99 ${Math.round(m.p99Ms)} ms` +
            (cpuUs === undefined ? '' : `, ${Math.round(cpuUs)} us of the server's CPU per request`),
        );
        if (alongside) {
          log(
            `${c.name}, alongside: ${alongside.requests} requests, p50 ${Math.round(alongside.p50Ms)} ms, ${alongside.non2xx} non-2xx`,
          );
        }
        cases.push({
          name: c.name,
          title: c.title,
          server: kind,
          target: c.target,
          ...m,
          ...(alongside && { alongside }),
          ...(cpuUs !== undefined && { cpuUs }),
        });
      }
      servers[kind].rssMiB = await server.rssMiB?.();
    } finally {
      await server.stop();
    }
  }
  if (!fixtures) throw new Error('no mock case was chosen');
  return { fixtures, cases, servers };
}
