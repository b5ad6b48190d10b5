// The JUnit and HTML reports of `contract --generated`: one case per operation and kind of request,
// written by the suite's own writers, so that --junit and --report mean the same for both runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { htmlReport } from '../report/html.js';
import { junitXml } from '../report/junit.js';
import type { CaseResult, RunResults } from '../report/results.js';
import type { GeneratedCheck } from './run.js';

export interface GeneratedReports {
  junit?: string;
  report?: string;
  /** What the HTML page names as the target. */
  target: string;
  mode: string;
  startedAt: Date;
}

export function generatedResults(checks: GeneratedCheck[]): RunResults {
  const cases = checks.map((c): CaseResult => {
    const f = c.failure;
    return {
      file: 'generated checks',
      title: `${c.call}: ${c.kind} requests`,
      tags: [],
      operationId: c.operationId,
      state: f ? 'failed' : 'passed',
      durationMs: 0,
      errors: f
        ? [
            `a ${c.kind} request (shrunk in ${f.shrinks} steps to the smallest that fails):`,
            ...f.problems.map((p) => `- ${p}`),
            `answer: ${f.answer}`,
          ]
        : [],
      detail: f ? { operationId: c.operationId, curl: f.curl, differences: f.problems } : undefined,
    };
  });
  const failed = cases.filter((c) => c.state === 'failed').length;
  return {
    cases,
    counts: { passed: cases.length - failed, failed, skipped: 0, total: cases.length },
  };
}

function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes the reports asked for; resolves to the lines that say where. */
export function writeGeneratedReports(checks: GeneratedCheck[], to: GeneratedReports): string[] {
  const results = generatedResults(checks);
  const said: string[] = [];
  if (to.junit) {
    write(to.junit, junitXml(results));
    said.push(`JUnit report: ${to.junit}`);
  }
  if (to.report) {
    write(to.report, htmlReport(results, { target: to.target, mode: to.mode, startedAt: to.startedAt }));
    said.push(`HTML report: ${to.report}`);
  }
  return said;
}
