// What a failing test hands its report: the operation, the request as a curl command (token left
// out), and where expected and received differ, by JSON path.
import { chai } from 'vitest';
import type { RunnerTask as Task } from 'vitest';
import { placesOf, ruleOf } from './checker.js';
import { toCurl, type SentRequest } from './curl.js';

export { toCurl, type SentRequest };

export interface FailureDetail {
  operationId?: string;
  curl?: string;
  /** "$.data.list[0].listPrice: expected 100, received 90" */
  differences: string[];
}

declare module 'vitest' {
  interface TaskMeta {
    contractFailure?: FailureDetail;
  }
}

const MAX_DIFFERENCES = 20;
const MAX_VALUE = 200;

interface AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean;
  toAsymmetricMatcher?(): string;
}
const isMatcher = (v: unknown): v is AsymmetricMatcher =>
  typeof v === 'object' && v !== null && typeof (v as AsymmetricMatcher).asymmetricMatch === 'function';
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !isMatcher(v);

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  if (isMatcher(v)) {
    const sample = (v as { sample?: unknown }).sample;
    return v.toAsymmetricMatcher?.() ?? `${String(v)}${sample === undefined ? '' : ` ${show(sample)}`}`;
  }
  if (v instanceof RegExp) return String(v);
  const text = JSON.stringify(v) ?? String(v);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}...` : text;
}

const child = (path: string, key: string | number): string =>
  typeof key === 'number'
    ? `${path}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${path}.${key}`
      : `${path}[${JSON.stringify(key)}]`;

/**
 * Where `value`, an object or array, sits in `root` (an answer's body), as a JSON path from `$`:
 * found by identity, so only a value taken from the body as it is, not a copy or a sorted list.
 */
export function pathIn(root: unknown, value: object): string | undefined {
  const walk = (v: unknown, path: string): string | undefined => {
    if (v === value) return path;
    if (typeof v !== 'object' || v === null) return undefined;
    const entries: [string | number, unknown][] = Array.isArray(v) ? [...v.entries()] : Object.entries(v);
    for (const [key, x] of entries) {
      const found = walk(x, child(path, key));
      if (found) return found;
    }
    return undefined;
  };
  return walk(root, '$');
}

/**
 * Where received departs from expected. Keys received has beyond expected are listed only when
 * nothing else differs (toMatchObject allows them, toEqual does not).
 */
export function jsonDiff(expected: unknown, received: unknown, path = '$'): string[] {
  const out: string[] = [];
  const extra: string[] = [];
  const walk = (e: unknown, r: unknown, p: string): void => {
    if (out.length >= MAX_DIFFERENCES) return;
    if (isMatcher(e)) {
      if (e.asymmetricMatch(r)) return;
      const kind = String(e);
      const sample = (e as { sample?: unknown }).sample;
      if (kind.startsWith('ObjectContaining') && isPlain(sample) && isPlain(r)) {
        for (const key of Object.keys(sample)) walk(sample[key], r[key], child(p, key));
      } else if (kind.startsWith('ArrayContaining') && Array.isArray(sample) && Array.isArray(r)) {
        const One = e.constructor as new (sample: unknown[]) => AsymmetricMatcher;
        for (const item of sample)
          if (!new One([item]).asymmetricMatch(r)) out.push(`${p}: lacks an element equal to ${show(item)}`);
      } else out.push(`${p}: expected ${show(e)}, received ${show(r)}`);
      return;
    }
    if (Array.isArray(e) && Array.isArray(r)) {
      for (let i = 0; i < Math.max(e.length, r.length); i++) walk(e[i], r[i], child(p, i));
      return;
    }
    if (isPlain(e) && isPlain(r)) {
      for (const key of Object.keys(e)) walk(e[key], r[key], child(p, key));
      for (const key of Object.keys(r))
        if (!(key in e)) extra.push(`${child(p, key)}: not expected, received ${show(r[key])}`);
      return;
    }
    if (!Object.is(e, r) && JSON.stringify(e) !== JSON.stringify(r))
      out.push(`${p}: expected ${show(e)}, received ${show(r)}`);
  };
  walk(expected, received, path);
  return out.length ? out : extra.slice(0, MAX_DIFFERENCES);
}

/** An answer outside openapi.yaml's schemas, held until the test that met it has run its own checks. */
/** Adds a schema problem to a failure's differences once per rule, worded for its widest answer. */
function addProblem(differences: string[], problem: string): void {
  const at = differences.findIndex((d) => ruleOf(d) === ruleOf(problem));
  if (at < 0) differences.push(problem);
  else if (placesOf(problem) > placesOf(differences[at]!)) differences[at] = problem;
}

interface SchemaMismatch {
  detail: FailureDetail;
  error: Error;
}

/**
 * The test running in this worker, or the block whose setup runs, the request its assertion is
 * about, and the answers it met that openapi.yaml's schemas refuse.
 */
const state: {
  task?: Task;
  lastRequest?: SentRequest & { operationId?: string };
  mismatches: SchemaMismatch[];
} = { mismatches: [] };

export const failureContext = {
  /** A test starts, or a block's setup: a failure from now on is that test's or that block's. */
  startTest(task: Task): void {
    state.task = task;
    state.lastRequest = undefined;
    state.mismatches = [];
  },
  /** Between tests and setups: a failure belongs to nothing. */
  end(): void {
    state.task = undefined;
    state.lastRequest = undefined;
    state.mismatches = [];
  },
  /**
   * An answer outside openapi.yaml's schemas, met by the running test or setup: held, so that the
   * test's own checks still run on it and say whether it fails them too (docs/contract.md, "Contract tests":
   * only a test that fails on nothing else is counted under openapi.yaml). False when nothing runs,
   * and the caller fails at once.
   */
  schemaMismatch(detail: FailureDetail, error: Error): boolean {
    if (!state.task) return false;
    state.mismatches.push({ detail, error });
    return true;
  },
  /**
   * The running test or setup has ended: the schema mismatches it met, as the error that fails it
   * (undefined when there were none), each once (a read retried until it settled meets the same one
   * every time). Its report shows the failure of its own checks when it had one, with the problems
   * of that same answer added to its differences; otherwise the first mismatch's request and problems.
   */
  mismatchesMet(): Error | undefined {
    const task = state.task;
    // A request sent again whose answer breaks the same rules is one mismatch: the last, the answer
    // the test went on with.
    const met = new Map<string, SchemaMismatch>();
    for (const m of state.mismatches) {
      const key = `${m.detail.curl}\n${m.detail.differences.map(ruleOf).join('\n')}`;
      met.delete(key);
      met.set(key, m);
    }
    state.mismatches = [];
    if (!task || met.size === 0) return undefined;
    const mismatches = [...met.values()];
    const shown = (task.meta.contractFailure ??= { ...mismatches[0]!.detail, differences: [] });
    for (const m of mismatches)
      if (m.detail.curl === shown.curl)
        for (const d of m.detail.differences) addProblem(shown.differences, d);
    // vitest reports each error of an AggregateError as one of the test's errors
    return mismatches.length === 1
      ? mismatches[0]!.error
      : new AggregateError(
          mismatches.map((m) => m.error),
          'answers outside openapi.yaml',
        );
  },
  /** Every request sent: a failing assertion is about the last answer the test received. */
  sent(req: SentRequest, operationId?: string): void {
    state.lastRequest = { ...req, operationId };
  },
  /** Records a failure on the running test; the first one is the one reported. */
  record(detail: FailureDetail): void {
    if (state.task && !state.task.meta.contractFailure) state.task.meta.contractFailure = detail;
  },
};

/** A failure of a request itself (no answer, an answer the document does not allow). */
export function recordRequestFailure(
  req: SentRequest,
  operationId: string | undefined,
  problems: string[],
): void {
  failureContext.record({ operationId, curl: toCurl(req), differences: problems });
}

let installed = false;

/**
 * The chai flag on an assertion that says where its value is in the answer the failure's request
 * line shows ("$.data.count"); the differences are named from there. Without it they start at "$".
 */
export const VALUE_PATH = 'contractValuePath';

/**
 * What a failed assertion says of its value: where it differs, by JSON path, or, for an assertion that
 * has no expected value to compare with (toContain, toBeGreaterThan: chai marks them showDiff false),
 * its own words after that path ("$.data.spaceIds: expected [ 's1' ] to include 's8'") rather than
 * "expected (absent)".
 */
function differencesOf(err: unknown, at: string, context: string | undefined): string[] {
  if (typeof err !== 'object' || err === null || !('expected' in err)) return [];
  const e = err as { expected?: unknown; actual?: unknown; showDiff?: boolean; message?: string };
  if (e.showDiff !== false) return jsonDiff(e.expected, e.actual, at);
  const message = String(e.message ?? '');
  const said = context && message.startsWith(`${context}: `) ? message.slice(context.length + 2) : message;
  return [`${at}: ${said}`];
}

function recordAssertionFailure(err: unknown, at = '$', context?: string): void {
  const about = state.lastRequest;
  const differences = differencesOf(err, at, context);
  failureContext.record({
    operationId: about?.operationId,
    curl: about ? toCurl(about) : undefined,
    differences,
  });
}

/**
 * Every failing expect() in this worker records its JSON-path difference and its request: matchers
 * either call Assertion#assert or throw an AssertionError themselves, so both are wrapped.
 */
export function installAssertionHook(): void {
  if (installed) return;
  installed = true;
  chai.use((api, utils) => {
    const proto = api.Assertion.prototype as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const desc = Object.getOwnPropertyDescriptor(proto, name);
      if (name === 'constructor' || typeof desc?.value !== 'function') continue;
      utils.overwriteMethod(
        proto,
        name,
        (original: (...args: unknown[]) => unknown) =>
          function (this: object, ...args: unknown[]) {
            const at = utils.flag(this, VALUE_PATH) as string | undefined;
            const context = utils.flag(this, 'message') as string | undefined;
            try {
              const result = original.apply(this, args);
              if (result instanceof Promise)
                return result.catch((err: unknown) => {
                  recordAssertionFailure(err, at, context);
                  throw err;
                });
              return result;
            } catch (err) {
              recordAssertionFailure(err, at, context);
              throw err;
            }
          },
      );
    }
  });
}
