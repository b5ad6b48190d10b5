// The benchmark's own cases, a few hundred requests each on a tiny catalog, so the harness cannot rot.
// Figures are not checked here: speed is the benchmark's business (npm run bench).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaseline } from '../../bench/baseline.js';
import { CASES } from '../../bench/cases.js';
import { buildReport, formatReport, writeReport, type Report } from '../../bench/report.js';
import { runSuite, type ServerHandle, type SuiteResult } from '../../bench/suite.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { startServer, type ServerOptions } from '../../src/server.js';

const PRODUCTS = 200;

async function mock(options: ServerOptions): Promise<ServerHandle> {
  const running = await startServer({ ...options, host: '127.0.0.1', port: 0 });
  return { url: running.url, stop: running.close };
}

describe('benchmark smoke run', () => {
  let dir: string;
  let report: Report;
  let suite: SuiteResult;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'catalog-bench-smoke-'));
    const seed = await resolveSeed(String(PRODUCTS));
    suite = await runSuite(
      {
        baseline: () => startBaseline(),
        memory: () => mock({ seed }),
        mixed: () => mock({ seed }),
        file: () => mock({ seed, data: join(dir, 'catalog.json') }),
      },
      // dashboard: the case measured with the dashboard's stream open runs too.
      { connections: 4, warmup: { amount: 10 }, measured: { amount: 100 }, dashboard: true },
    );
    report = buildReport({ connections: 4, measured: '100 requests', smoke: true }, suite);
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports every case, in order', () => {
    expect(report.cases.map((c) => c.name)).toEqual(CASES.map((c) => c.name));
  });

  it.each(CASES.map((c) => c.name))('%s gets only 2xx answers', (name) => {
    const row = report.cases.find((c) => c.name === name);
    expect(row?.ok2xx).toBeGreaterThan(0);
    expect({ non2xx: row?.non2xx, errors: row?.errors, codes: row?.statusCodes }).toMatchObject({
      non2xx: 0,
      errors: 0,
    });
  });

  it('searches for a word the catalog holds', () => {
    expect(report.search.word).not.toBe('');
    expect(report.search.matches).toBeGreaterThan(0);
  });

  it('holds a smoke run to no targets, and prints and writes the report', async () => {
    expect(report.targets).toEqual([]);
    const text = formatReport(report);
    for (const c of report.cases) expect(text).toContain(c.title);
    const file = join(dir, 'latest.json');
    await writeReport(report, file);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ products: PRODUCTS, smoke: true });
  });

  it('judges throughput only at the 10,000 products the targets are sized for', () => {
    const small = buildReport({ connections: 4, measured: '100 requests', smoke: false }, suite);
    expect(small.targets.map((t) => t.name)).toContain('byId');
    expect(small.targets.map((t) => t.name)).not.toContain('firstSearch');
  });

  it('judges a 100,000-product run on start-up, memory, first search, p99 and reads against a 10,000-product run', () => {
    const large = { ...suite, fixtures: { ...suite.fixtures, productCount: 100_000 } };
    const byId = suite.cases.find((c) => c.name === 'byId');
    const baseline = suite.cases.find((c) => c.name === 'baseline');
    const ratio = (byId?.rps ?? 0) / (baseline?.rps ?? 1);
    const judge = (referenceById: number) =>
      buildReport(
        {
          connections: 4,
          measured: '100 requests',
          smoke: false,
          fileSeed: { startupMs: 6000, rssMiB: 500 },
          reference: { byId: referenceById, barcode: 0, source: 'same run' },
        },
        large,
      );
    const judged = judge(ratio);
    expect(judged.targets.map((t) => t.name)).toEqual([
      'startup',
      'rss',
      'fileStartup',
      'firstSearch',
      'searchP99',
      'facetsP99',
      'byIdVsReference',
      'barcodeVsReference',
    ]);
    const verdict = (report: typeof judged, name: string) => report.targets.find((t) => t.name === name)?.met;
    expect(verdict(judged, 'fileStartup')).toBe(false); // 6000 ms against at most 5000
    expect(verdict(judged, 'byIdVsReference')).toBe(true); // the same ratio as the reference
    expect(verdict(judge(ratio / 0.79), 'byIdVsReference')).toBe(false); // more than 20% below it
    const searchP99 = suite.cases.find((c) => c.name === 'search')?.p99Ms ?? Infinity;
    expect(verdict(judged, 'searchP99')).toBe(searchP99 <= 100);
    const text = formatReport(judged);
    expect(text).toMatch(/\| start-up from a seed file +\| +6000 ms \| +<= 5000 ms \| +MISSED \|/);
    expect(text).toContain('first search after start');
    expect(text).toContain('(80% of');
    // Without a 10,000-product measurement there is nothing to be within 20% of.
    const alone = buildReport({ connections: 4, measured: '100 requests', smoke: false }, large);
    expect(alone.targets.find((t) => t.name === 'byIdVsReference')).toMatchObject({ met: false });
  });
});
