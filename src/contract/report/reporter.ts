// The contract run's own reporter: failures a person can act on, skips with their reason, one set of
// counts shared with the JUnit and HTML files, and colour only on a terminal.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

type UserConsoleLog = Parameters<NonNullable<Reporter['onUserConsoleLog']>>[0];
import { loadChecker } from '../suite/checker.js';
import { htmlReport } from './html.js';
import { junitXml } from './junit.js';
import { collectResults, type CaseResult } from './results.js';
import { errorsBesideDifferences } from './shownErrors.js';
import { targetFromEnv } from '../suite/target.js';

const MAX_CURL = 2_000;

const colours = (on: boolean) => {
  const wrap = (code: number) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);
  return { red: wrap(31), green: wrap(32), yellow: wrap(33), dim: wrap(2), bold: wrap(1) };
};

/** Colour only when a person watches a terminal, and never with NO_COLOR set (no-color.org). */
export const useColour = (stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean =>
  stream.isTTY === true && (env.NO_COLOR ?? '') === '';

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export default class ContractReporter implements Reporter {
  private readonly started = new Date();
  private readonly c = colours(useColour(process.stdout, process.env));
  private readonly env = targetFromEnv();

  onUserConsoleLog(log: UserConsoleLog): void {
    (log.type === 'stderr' ? process.stderr : process.stdout).write(log.content);
  }

  onTestModuleEnd(mod: TestModule): void {
    const tests = [...mod.children.allTests()];
    const n = (s: string) => tests.filter((t) => t.result().state === s).length;
    // A failed setup or cleanup is one failure, as the summary counts it (results.ts).
    const brokenSetups = [...mod.children.allSuites()].filter((s) => s.errors().length > 0).length;
    const failed = n('failed') + brokenSetups + (mod.errors().length ? 1 : 0);
    const mark = failed ? this.c.red('x') : this.c.green('ok');
    const file = mod.moduleId.replace(/^.*contract-tests\//, '');
    console.log(`${mark} ${file}: ${n('passed')} passed, ${failed} failed, ${n('skipped')} skipped`);
  }

  async onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandled: ReadonlyArray<SerializedError>,
  ): Promise<void> {
    const results = collectResults(modules, { readonly: this.env.readonly, checker: await loadChecker() });
    for (const e of unhandled) {
      results.cases.push({
        file: '(run)',
        title: 'an error outside any test',
        tags: [],
        state: 'failed',
        durationMs: 0,
        errors: [e.message ?? String(e)],
      });
      results.counts.failed++;
      results.counts.total++;
    }
    const { c } = this;
    const failed = results.cases.filter((x) => x.state === 'failed');
    if (failed.length) console.log(`\n${c.bold(c.red(`Failures (${failed.length})`))}`);
    failed.forEach((f, i) => console.log(this.failure(f, i + 1)));
    this.skips(results.cases);
    const { counts } = results;
    const tiers = [...new Set(results.cases.flatMap((x) => x.tags))].sort().map((tier) => {
      const inTier = results.cases.filter((x) => x.tags.includes(tier));
      const skipped = inTier.filter((x) => x.state === 'skipped').length;
      // Skipped tests said: a tier whose tests a failed setup skipped would otherwise look whole.
      return (
        `${tier} ${inTier.filter((x) => x.state === 'passed').length}/${inTier.length - skipped}` +
        (skipped ? ` (${skipped} skipped)` : '')
      );
    });
    if (counts.total === 0) console.log('\nNo test ran.');
    else
      console.log(
        `\nTests: ${c.red(`${counts.failed} failed`)}, ${c.green(`${counts.passed} passed`)}, ` +
          `${c.yellow(`${counts.skipped} skipped`)} (${counts.total})` +
          (tiers.length ? c.dim(`  passed by tier: ${tiers.join(', ')}`) : ''),
      );
    const junit = process.env.CONTRACT_JUNIT;
    if (junit) write(junit, junitXml(results));
    const report = process.env.CONTRACT_REPORT;
    if (report) {
      const mode = this.env.readonly ? 'read-only' : 'full';
      write(
        report,
        htmlReport(results, {
          target: process.env.CONTRACT_TARGET_LABEL ?? 'in-process mock',
          mode,
          startedAt: this.started,
        }),
      );
      console.log(`HTML report: ${report}`);
    }
  }

  private failure(f: CaseResult, n: number): string {
    const { c } = this;
    const curl = f.detail?.curl;
    const lines = [
      '',
      `${c.red(`${n}) FAIL`)} ${f.operationId ? c.bold(f.operationId) + ' ' : ''}${f.tags.map((t) => `[${t}]`).join(' ')} ${f.file} > ${f.title}`,
    ];
    if (curl)
      lines.push(
        `   request: ${curl.length > MAX_CURL ? `${curl.slice(0, MAX_CURL)}... (shortened; the HTML report has it whole)` : curl}`,
      );
    if (f.detail?.differences.length) {
      lines.push('   difference (expected / received, by JSON path):');
      for (const d of f.detail.differences) lines.push(`     ${d}`);
    }
    for (const e of errorsBesideDifferences(f)) lines.push(...e.split('\n').map((l) => `   ${c.dim(l)}`));
    return lines.join('\n');
  }

  private skips(cases: CaseResult[]): void {
    const byReason = new Map<string, number>();
    for (const x of cases)
      if (x.state === 'skipped') byReason.set(x.reason!, (byReason.get(x.reason!) ?? 0) + 1);
    if (byReason.size === 0) return;
    console.log('\nSkipped:');
    for (const [reason, n] of byReason) console.log(`  ${n} ${n === 1 ? 'test' : 'tests'}: ${reason}`);
  }
}
