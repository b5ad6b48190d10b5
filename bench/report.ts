// Turns a suite run into a verdict per target, a table for people and a JSON file for tools.
import { formatSnapshotFigures, snapshotTargets, type ScopeSnapshotFigures } from './scopeSnapshots.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { SuiteResult } from './suite.js';
import type { Measurement } from './load.js';

export interface RunInfo {
  connections: number;
  /** What bounded each measured run, e.g. "10 s" or "300 requests". */
  measured: string;
  /** Smoke runs check that the harness works; their figures are not held to targets. */
  smoke: boolean;
  /** The mock started from a seed file of the same catalog, when the run measured it. */
  fileSeed?: { startupMs: number; rssMiB: number | null };
  /**
   * The first start from the generated seed, which generated it and left a process caching it, and
   * how long after that start the cache was written: the judged start reads that cache.
   */
  firstStart?: { startupMs: number; cachedAfterMs: number };
  /** x node:http of byId and barcode on a 10,000-product mock, and where they were measured. */
  reference?: { byId?: number; barcode?: number; source: string };
  /** A named snapshot and a restore of a 10,000-product scope (bench/scopeSnapshots.ts). */
  scopeSnapshots?: ScopeSnapshotFigures;
}

interface CaseRow {
  name: string;
  title: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Throughput as a share of the baseline's. */
  ratio: number;
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** What the case's alongside client measured meanwhile (bench/cases.ts). */
  alongside?: Measurement;
  /** The server's CPU time per request, in microseconds (bench/suite.ts). */
  cpuUs?: number;
}

/** A case that answered and only with 2xx: the only kind whose speed may meet a target. */
const isClean = (row: CaseRow | undefined): boolean =>
  row !== undefined && row.requests > 0 && row.non2xx === 0 && row.errors === 0;

export interface TargetRow {
  name: string;
  measured: number | null;
  /** Human form of the limit, e.g. ">= 0.09 x node:http". */
  limit: string;
  met: boolean;
  /** What the figure is, for the targets table, e.g. "search page p99". */
  what?: string;
  /** The figure as shown, with its unit. */
  shown?: string;
}

export interface Report extends RunInfo {
  /** As served, which is what the targets are sized by. */
  products: number;
  date: string;
  node: string;
  cpus: string;
  search: { word: string; matches: number };
  firstSearchMs: number;
  startupMs: number | null;
  rssMiB: number | null;
  /** A catalog read when used (its cache): ms from listening until it was read whole. */
  allReadMs?: number;
  cases: CaseRow[];
  targets: TargetRow[];
}

/** What a run of more than 10,000 products (up to 100,000) is held to, beside start-up and memory. */
interface LargeLimits {
  fileStartupMs: number;
  firstSearchMs: number;
  /** p99 latency limits by case name (ms). */
  p99Ms: Record<string, number>;
  /** Cases whose x node:http must stay within this share of the 10,000-product run's. */
  ofReference: { cases: readonly string[]; share: number };
}

export interface SizeLimits {
  /** Whether the cases' throughput targets apply. */
  cases: boolean;
  startupMs?: number;
  rssMiB?: number;
  large?: LargeLimits;
}

/**
 * What is judged at a catalog size: at up to 10,000 products the cases' throughput targets, start-up
 * and memory; up to 100,000, start-up from a generated seed and from a seed file, memory, the first
 * search, the p99 of search and facets, and reads by id and barcode against a 10,000-product run
 * (docs/performance.md, "Benchmark"); above that, nothing.
 */
export function sizeLimits(products: number): SizeLimits {
  if (products <= 10_000) return { cases: true, startupMs: 2000, rssMiB: 200 };
  if (products <= 100_000) {
    return {
      cases: false,
      startupMs: 3000,
      rssMiB: 1024,
      large: {
        fileStartupMs: 5000,
        firstSearchMs: 300,
        p99Ms: { search: 100, facets: 150 },
        ofReference: { cases: ['byId', 'barcode'], share: 0.8 },
      },
    };
  }
  return { cases: false };
}

const ms = (n: number | null): string => (n === null ? 'n/a' : `${n.toFixed(0)} ms`);

/** The large-catalog targets of a run, each with its figure. */
function largeTargets(
  large: LargeLimits,
  run: RunInfo,
  cases: readonly CaseRow[],
  firstSearchMs: number,
): TargetRow[] {
  const rows: TargetRow[] = [];
  const file = run.fileSeed?.startupMs ?? null;
  rows.push({
    name: 'fileStartup',
    what: 'start-up from a seed file',
    measured: file,
    shown: ms(file),
    limit: `<= ${large.fileStartupMs} ms`,
    met: file !== null && file <= large.fileStartupMs,
  });
  rows.push({
    name: 'firstSearch',
    what: 'first search after start',
    measured: firstSearchMs,
    shown: ms(firstSearchMs),
    limit: `<= ${large.firstSearchMs} ms`,
    met: firstSearchMs <= large.firstSearchMs,
  });
  for (const [name, limit] of Object.entries(large.p99Ms)) {
    const row = cases.find((c) => c.name === name);
    const clean = isClean(row);
    rows.push({
      name: `${name}P99`,
      what: `${row?.title ?? name}, p99`,
      measured: row?.p99Ms ?? null,
      shown: ms(row?.p99Ms ?? null),
      limit: `<= ${limit} ms`,
      met: clean && (row?.p99Ms ?? Infinity) <= limit,
    });
  }
  for (const name of large.ofReference.cases) {
    const row = cases.find((c) => c.name === name);
    const reference = run.reference?.[name as 'byId' | 'barcode'];
    const clean = isClean(row);
    const floor = reference === undefined ? undefined : reference * large.ofReference.share;
    rows.push({
      name: `${name}VsReference`,
      what: `${row?.title ?? name}, x node:http`,
      measured: row?.ratio ?? null,
      shown: row ? ratioText(row.ratio) : 'n/a',
      limit:
        floor === undefined
          ? 'within 20% of a 10,000-product run (none measured)'
          : `>= ${ratioText(floor)} (80% of ${ratioText(reference as number)} at 10,000, ${run.reference?.source})`,
      met: clean && floor !== undefined && (row?.ratio ?? 0) >= floor,
    });
  }
  return rows;
}

export function buildReport(run: RunInfo, suite: SuiteResult): Report {
  const products = suite.fixtures.productCount;
  const limits = sizeLimits(products);
  const baseline = suite.cases.find((c) => c.name === 'baseline')?.rps ?? 0;
  const cases: CaseRow[] = suite.cases.map((c) => ({
    name: c.name,
    title: c.title,
    rps: c.rps,
    p50Ms: c.p50Ms,
    p99Ms: c.p99Ms,
    ratio: baseline > 0 ? c.rps / baseline : 0,
    requests: c.requests,
    ok2xx: c.ok2xx,
    non2xx: c.non2xx,
    errors: c.errors,
    statusCodes: c.statusCodes,
    ...(c.alongside && { alongside: c.alongside }),
    ...(c.cpuUs !== undefined && { cpuUs: c.cpuUs }),
  }));
  const startupMs = suite.servers.memory?.startupMs ?? null;
  const rssMiB = suite.servers.memory?.rssMiB ?? null;

  const targets: TargetRow[] = [];
  if (!run.smoke) {
    for (const [i, c] of limits.cases ? suite.cases.entries() : []) {
      const row = cases[i] as CaseRow;
      // A case that answered errors has not met anything, however fast it was.
      const clean = isClean(row);
      if (c.target && 'ratio' in c.target) {
        const limit = c.target.ratio;
        targets.push({
          name: c.name,
          what: `${row.title}, x node:http`,
          measured: row.ratio,
          shown: ratioText(row.ratio),
          limit: `>= ${limit} x node:http`,
          met: clean && row.ratio >= limit,
        });
      } else if (c.target && 'p99Ms' in c.target) {
        const limit = c.target.p99Ms;
        // Judged only when the other client's queries were answered, and answered in full.
        const beside = row.alongside;
        const besideClean =
          beside === undefined || (beside.requests > 0 && beside.non2xx === 0 && beside.errors === 0);
        targets.push({
          name: c.name,
          what: `${row.title}, p99`,
          measured: row.p99Ms,
          shown:
            `${fixed(row.p99Ms, 0)} ms` +
            (beside ? ` (${beside.requests} costly queries, p50 ${fixed(beside.p50Ms, 0)} ms)` : ''),
          limit: `<= ${limit} ms`,
          met: clean && besideClean && row.p99Ms <= limit,
        });
      } else if (c.target) {
        const limit = c.target.perSecond;
        targets.push({
          name: c.name,
          what: row.title,
          measured: row.rps,
          shown: `${fixed(row.rps, 1)} req/s`,
          limit: `>= ${limit} req/s`,
          met: clean && row.rps >= limit,
        });
      }
    }
    // Up to 10,000 products the limits are strict (<), above they are the most allowed (<=).
    const within = (n: number | null, limit: number) => n !== null && (limits.large ? n <= limit : n < limit);
    const op = limits.large ? '<=' : '<';
    if (limits.startupMs !== undefined) {
      targets.push({
        name: 'startup',
        what: limits.large ? 'start-up from a generated seed (its cache)' : 'start-up',
        measured: startupMs,
        shown: ms(startupMs),
        limit: `${op} ${limits.startupMs} ms`,
        met: within(startupMs, limits.startupMs),
      });
    }
    if (limits.rssMiB !== undefined) {
      targets.push({
        name: 'rss',
        what: 'resident memory after the in-memory cases',
        measured: rssMiB,
        shown: rssMiB === null ? 'n/a' : `${rssMiB.toFixed(0)} MiB`,
        limit: `${op} ${limits.rssMiB} MiB`,
        met: within(rssMiB, limits.rssMiB),
      });
    }
    if (limits.large) targets.push(...largeTargets(limits.large, run, cases, suite.fixtures.firstSearchMs));
    if (run.scopeSnapshots) targets.push(...snapshotTargets(run.scopeSnapshots));
  }

  const cpu = cpus();
  return {
    ...run,
    products,
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpu.length} x ${cpu[0]?.model ?? 'unknown'}`,
    search: { word: suite.fixtures.searchWord, matches: suite.fixtures.searchCount },
    firstSearchMs: suite.fixtures.firstSearchMs,
    startupMs,
    rssMiB,
    allReadMs: suite.servers.memory?.allReadMs,
    cases,
    targets,
  };
}

const fixed = (n: number, digits: number): string => n.toFixed(digits);

function ratioText(r: number): string {
  return r >= 0.1 ? fixed(r, 3) : r.toPrecision(2);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    '| ' +
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ') +
    ' |';
  const rule =
    '|' + widths.map((w, i) => (i === 0 ? ':' : '-') + '-'.repeat(w) + (i === 0 ? '-' : ':')).join('|') + '|';
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function failures(c: CaseRow): string {
  if (c.requests === 0) return 'no answer';
  const beside = c.alongside;
  const besideText =
    beside && (beside.requests === 0 || beside.non2xx > 0 || beside.errors > 0)
      ? `alongside: ${beside.requests} requests, ${beside.non2xx} non-2xx, ${beside.errors} errors`
      : '';
  const own = c.non2xx === 0 && c.errors === 0 ? '' : `${c.non2xx} non-2xx, ${c.errors} errors`;
  return [own, besideText].filter(Boolean).join('; ');
}

/** A Markdown table, so that a run can be pasted as it is. */
export function formatReport(report: Report): string {
  const verdict = new Map(report.targets.map((t) => [t.name, t]));
  const mark = (name: string) => {
    const t = verdict.get(name);
    return t ? `${t.limit}: ${t.met ? 'met' : 'MISSED'}` : '';
  };
  const rows = report.cases.map((c) => [
    c.title,
    fixed(c.rps, c.rps < 100 ? 1 : 0),
    fixed(c.p50Ms, 1),
    fixed(c.p99Ms, 1),
    ratioText(c.ratio),
    c.cpuUs === undefined ? '' : fixed(c.cpuUs, 0),
    failures(c),
    mark(c.name),
  ]);
  const mem = report.rssMiB === null ? 'n/a' : `${fixed(report.rssMiB, 0)} MiB`;
  const up = report.startupMs === null ? 'n/a' : `${fixed(report.startupMs, 0)} ms`;
  return [
    `${report.products} products, ${report.connections} connections, ${report.measured} per case; ` +
      `node ${report.node}, ${report.cpus}${report.smoke ? ' (smoke run: no targets)' : ''}`,
    `search word "${report.search.word}" matches ${report.search.matches} products`,
    '',
    table(['case', 'req/s', 'p50 ms', 'p99 ms', 'x node:http', 'CPU us/req', 'failures', 'target'], rows),
    '',
    `start-up to first answer: ${up}${verdict.has('startup') ? ` (${mark('startup')})` : ''}`,
    `resident memory after load: ${mem}${verdict.has('rss') ? ` (${mark('rss')})` : ''}`,
    `first search after start: ${fixed(report.firstSearchMs, 0)} ms`,
    ...(report.allReadMs === undefined
      ? []
      : [
          `catalog read whole ${fixed(report.allReadMs / 1000, 1)} s after the mock listened (read when used until then); the cases ran after`,
        ]),
    ...(report.firstStart
      ? [
          `first start from the generated seed, which generated it: ${fixed(report.firstStart.startupMs, 0)} ms ` +
            `(its cache written ${fixed(report.firstStart.cachedAfterMs / 1000, 1)} s after)`,
        ]
      : []),
    ...(report.fileSeed
      ? [
          `start-up from a seed file of the same catalog: ${fixed(report.fileSeed.startupMs, 0)} ms` +
            (report.fileSeed.rssMiB === null
              ? ''
              : `, then ${fixed(report.fileSeed.rssMiB, 0)} MiB resident`),
        ]
      : []),
    ...(report.scopeSnapshots ? [formatSnapshotFigures(report.scopeSnapshots)] : []),
    ...(report.targets.length
      ? [
          '',
          table(
            ['target', 'measured', 'limit', 'verdict'],
            report.targets.map((t) => [
              t.what ?? t.name,
              t.shown ?? (t.measured === null ? 'n/a' : ratioText(t.measured)),
              t.limit,
              t.met ? 'met' : 'MISSED',
            ]),
          ),
          `targets: ${report.targets.filter((t) => t.met).length} of ${report.targets.length} met`,
        ]
      : []),
  ].join('\n');
}

export async function writeReport(report: Report, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 2) + '\n');
}
