// Turns a suite run into a verdict per target, a table for people and a JSON file for tools.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { SuiteResult } from './suite.js';

export interface RunInfo {
  connections: number;
  /** What bounded each measured run, e.g. "10 s" or "300 requests". */
  measured: string;
  /** Smoke runs check that the harness works; their figures are not held to targets. */
  smoke: boolean;
}

export interface CaseRow {
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
}

export interface TargetRow {
  name: string;
  measured: number | null;
  /** Human form of the limit, e.g. ">= 0.09 x node:http". */
  limit: string;
  met: boolean;
}

export interface Report extends RunInfo {
  /** As served, which is what the targets are sized by. */
  products: number;
  date: string;
  node: string;
  cpus: string;
  search: { word: string; matches: number };
  startupMs: number | null;
  rssMiB: number | null;
  cases: CaseRow[];
  targets: TargetRow[];
}

/**
 * What is judged at a catalog size: the cases' throughput targets and start-up at up to 10,000
 * products, the size they are set for; memory at up to 100,000; above that, nothing.
 */
function sizeLimits(products: number): { cases: boolean; startupMs?: number; rssMiB?: number } {
  if (products <= 10_000) return { cases: true, startupMs: 2000, rssMiB: 200 };
  if (products <= 100_000) return { cases: false, rssMiB: 1536 };
  return { cases: false };
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
  }));
  const startupMs = suite.servers.memory?.startupMs ?? null;
  const rssMiB = suite.servers.memory?.rssMiB ?? null;

  const targets: TargetRow[] = [];
  if (!run.smoke) {
    for (const [i, c] of limits.cases ? suite.cases.entries() : []) {
      const row = cases[i] as CaseRow;
      // A case that answered errors has not met anything, however fast it was.
      const clean = row.requests > 0 && row.non2xx === 0 && row.errors === 0;
      if (c.target && 'ratio' in c.target) {
        const limit = c.target.ratio;
        targets.push({
          name: c.name,
          measured: row.ratio,
          limit: `>= ${limit} x node:http`,
          met: clean && row.ratio >= limit,
        });
      } else if (c.target) {
        const limit = c.target.perSecond;
        targets.push({
          name: c.name,
          measured: row.rps,
          limit: `>= ${limit} req/s`,
          met: clean && row.rps >= limit,
        });
      }
    }
    if (limits.startupMs !== undefined) {
      const met = startupMs !== null && startupMs < limits.startupMs;
      targets.push({ name: 'startup', measured: startupMs, limit: `< ${limits.startupMs} ms`, met });
    }
    if (limits.rssMiB !== undefined) {
      const met = rssMiB !== null && rssMiB < limits.rssMiB;
      targets.push({ name: 'rss', measured: rssMiB, limit: `< ${limits.rssMiB} MiB`, met });
    }
  }

  const cpu = cpus();
  return {
    ...run,
    products,
    date: new Date().toISOString(),
    node: process.version,
    cpus: `${cpu.length} x ${cpu[0]?.model ?? 'unknown'}`,
    search: { word: suite.fixtures.searchWord, matches: suite.fixtures.searchCount },
    startupMs,
    rssMiB,
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
  return c.non2xx === 0 && c.errors === 0 ? '' : `${c.non2xx} non-2xx, ${c.errors} errors`;
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
    table(['case', 'req/s', 'p50 ms', 'p99 ms', 'x node:http', 'failures', 'target'], rows),
    '',
    `start-up to first answer: ${up}${verdict.has('startup') ? ` (${mark('startup')})` : ''}`,
    `resident memory after load: ${mem}${verdict.has('rss') ? ` (${mark('rss')})` : ''}`,
    ...(report.targets.length
      ? [`targets: ${report.targets.filter((t) => t.met).length} of ${report.targets.length} met`]
      : []),
  ].join('\n');
}

export async function writeReport(report: Report, file: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 2) + '\n');
}
