// One list of results that the console, the JUnit file and the HTML page all count from, so they agree.
import type { SerializedError, TestCase, TestModule, TestSuite } from 'vitest/node';
import { SCHEMA_MISMATCH, SCHEMA_TIER } from '../suite/api.js';
import type { Checker } from '../suite/checker.js';
import type { FailureDetail } from '../suite/failure.js';
import { identify, SPEC_TIER } from '../suite/selection.js';

export interface CaseResult {
  /** The suite file, relative to contract-tests/. */
  file: string;
  /** describe names and the test name, joined by " > ". */
  title: string;
  tags: string[];
  operationId?: string;
  state: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped: always given for a skipped test. */
  reason?: string;
  durationMs: number;
  /** The first lines of each error. */
  errors: string[];
  detail?: FailureDetail;
}

export interface RunResults {
  cases: CaseResult[];
  counts: { passed: number; failed: number; skipped: number; total: number };
}

export interface RunContext {
  readonly: boolean;
  checker: Checker;
}

const MAX_ERROR_LINES = 24;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const firstLines = (text: string): string => {
  const lines = text.replace(ANSI, '').split('\n');
  return lines.length > MAX_ERROR_LINES
    ? [...lines.slice(0, MAX_ERROR_LINES), `... (${lines.length - MAX_ERROR_LINES} more lines)`].join('\n')
    : lines.join('\n');
};
const errorText = (e: SerializedError): string => firstLines(e.message ?? String(e));

function ancestorsOf(task: TestCase | TestSuite): TestSuite[] {
  const out: TestSuite[] = [];
  for (let p: TestSuite | TestModule = task.parent; p.type === 'suite'; p = p.parent) out.push(p);
  return out;
}

/**
 * The tiers a failure counts under. An answer outside openapi.yaml's schemas is a disagreement with
 * that document, which holds the mock's choices where the spec shows nothing: not a failure of the
 * test's own tier, unless the test's own checks failed too. Those are its assertions, and its requests
 * that got no answer or a server error (ContractViolation); an error of another kind beside a schema
 * mismatch (a TypeError reading a field the answer lacks) is the shape keeping its checks from running.
 */
export function tiersOf(
  errors: readonly Pick<SerializedError, 'name' | 'message'>[],
  tags: string[],
): string[] {
  const schema = (e: Pick<SerializedError, 'message'>) => (e.message ?? '').includes(SCHEMA_MISMATCH);
  const own = (e: Pick<SerializedError, 'name' | 'message'>) =>
    !schema(e) && (e.name === 'AssertionError' || e.name === 'ContractViolation');
  return errors.some(schema) && !errors.some(own) ? [SCHEMA_TIER] : tags;
}

function skipReason(test: TestCase, note: string | undefined, ctx: RunContext): string {
  if (note) return note;
  const broken = ancestorsOf(test).find((s) => s.errors().length > 0);
  if (broken) {
    // The request, then what was wrong with its answer: the request alone says nothing of why.
    const [request, ...rest] = errorText(broken.errors()[0]!).split('\n');
    const why = broken.meta().contractFailure?.differences[0] ?? rest.find((line) => line.trim() !== '');
    return `the setup of "${broken.name}" failed: ${request}${why ? ` (${why.trim()})` : ''}`;
  }
  if (test.module.errors().length > 0) return 'the suite file failed before this test could run';
  if (ctx.readonly) return 'read-only run: this test writes';
  return 'marked skip in the suite';
}

export function collectResults(modules: ReadonlyArray<TestModule>, ctx: RunContext): RunResults {
  const cases: CaseResult[] = [];
  for (const mod of modules) {
    const file = mod.moduleId.replace(/^.*contract-tests\//, '');
    // Errors outside tests (a file that failed to load, a failed cleanup) each count as one failure,
    // so the counts say the run failed. A failed cleanup (kit.ts) is reported as a failed setup is:
    // with the operation of the delete that failed, its tier and its curl line.
    if (mod.errors().length > 0) {
      const detail = mod.meta().contractFailure;
      const errors = mod.errors().map(errorText);
      cases.push({
        file,
        title: detail
          ? '(its cleanup: deleting the ids the file wrote)'
          : '(the suite file: loading, or its setup and cleanup hooks)',
        // the cleanup sends DELETE /products and DELETE /product-types, operations the spec states
        tags: detail ? tiersOf(mod.errors(), [SPEC_TIER]) : [],
        operationId: detail?.operationId,
        state: 'failed',
        durationMs: 0,
        errors,
        detail,
      });
    }
    // A block's only hook is its setup (kit.ts): a failed one is reported as a test would be, with
    // the block's operation and tier, and the request, curl line and difference it recorded.
    for (const suite of mod.children.allSuites()) {
      if (suite.errors().length === 0) continue;
      const names = [suite.name, ...ancestorsOf(suite).map((s) => s.name)];
      const detail = suite.meta().contractFailure;
      const errors = suite.errors().map(errorText);
      cases.push({
        file,
        title: `${[...names].reverse().join(' > ')} (its setup)`,
        tags: tiersOf(suite.errors(), identify(names, ctx.checker).tags),
        operationId: detail?.operationId ?? identify(names, ctx.checker).operationId,
        state: 'failed',
        durationMs: 0,
        errors,
        detail,
      });
    }
    for (const test of mod.children.allTests()) {
      const names = [test.name, ...ancestorsOf(test).map((s) => s.name)];
      const id = identify(names, ctx.checker);
      const result = test.result();
      const state = result.state === 'failed' ? 'failed' : result.state === 'passed' ? 'passed' : 'skipped';
      const errors = result.state === 'failed' ? result.errors.map(errorText) : [];
      cases.push({
        file,
        title: [...names].reverse().join(' > '),
        tags: tiersOf(result.state === 'failed' ? result.errors : [], id.tags),
        operationId: id.operationId ?? test.meta().contractFailure?.operationId,
        state,
        reason:
          state === 'skipped'
            ? skipReason(test, result.state === 'skipped' ? result.note : undefined, ctx)
            : undefined,
        durationMs: test.diagnostic()?.duration ?? 0,
        errors,
        detail: state === 'failed' ? test.meta().contractFailure : undefined,
      });
    }
  }
  const count = (s: CaseResult['state']) => cases.filter((c) => c.state === s).length;
  return {
    cases,
    counts: {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      total: cases.length,
    },
  };
}
