// What a suite file needs: the target, a checked client, its own ids, cleanup and the settle wait.
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  inject,
  type RunnerTask as Task,
  type TestContext,
} from 'vitest';
import { createApi, type Api, type Request } from './api.js';
import type { DocumentedOperation } from '../../openapi/operations.js';
import { loadChecker, type Checker } from './checker.js';
import { failureContext, installAssertionHook, toCurl, type FailureDetail } from './failure.js';
import { bodyOf, excludedBecause, identify, itemsHeldBack, requestHeldBack } from './selection.js';
import { CleanupFailed, Registry } from './registry.js';
import { cleanupRequest, RECORD_KINDS, type FailedCall } from '../cleanup.js';
import { eventually } from './settle.js';
import type { Target } from './target.js';

export interface Kit {
  target: Target;
  api: Api;
  /** Ids of this file, under `<run prefix><area>-`. */
  ids: Registry;
  /**
   * The same client on another scope of the deployment: the base URL with its tenant or its
   * environment replaced by one this run names (under its prefix), where nothing of the run's was
   * written. Only for reads: what it finds there, the deployment did not keep apart.
   */
  elsewhere(part: 'tenant' | 'environment'): Api;
  /** A read after a write: retried within CONTRACT_SETTLE_MS. */
  settled<T>(attempt: () => Promise<T>): Promise<T>;
  /** describe() for anything that writes; skipped in read-only mode. */
  writing(name: string, body: () => void): void;
  /**
   * beforeAll() for the block it is called in, and the only one a suite file uses: it runs only when
   * the selection leaves one of the block's tests in, and a write the selection holds back skips the
   * block's tests instead of being sent.
   */
  setup(body: () => Promise<void>): void;
}

/** A request the selection holds back, met outside a test (in a setup). */
class HeldBack extends Error {}

/** Call once at the top of a suite file; registers the cleanup of everything the file writes. */
export async function contractKit(area: string): Promise<Kit> {
  const target = inject('contractTarget');
  if (!target)
    throw new Error('no contract target: run with contract-tests/vitest.config.ts (its globalSetup)');
  const checker = await loadChecker();
  /** The test running now; none while a setup runs. */
  let running: TestContext | undefined;
  /** Blocks whose setup met a held-back write, by suite id, with the reason their tests are skipped. */
  const heldBlocks = new Map<string, string>();
  /** Whether this file sent a request that may write (an undocumented one counts). */
  let wrote = false;
  const beforeSending = (op: DocumentedOperation | undefined, request: Request): void => {
    const reason = requestHeldBack(op, target, request) ?? itemsHeldBack(op, bodyOf(request), target);
    if (reason === undefined) {
      wrote ||= !op?.safe;
      return;
    }
    if (running) running.skip(reason);
    throw new HeldBack(reason);
  };
  const api = createApi(target, checker, beforeSending);
  const elsewhere = (part: 'tenant' | 'environment'): Api => {
    const reads = (op: DocumentedOperation | undefined, request: Request) => {
      if (!op?.safe) throw new Error(`elsewhere() is for reads; ${request.method} ${request.path} writes`);
      beforeSending(op, request);
    };
    return createApi({ ...target, baseUrl: otherScope(target, part) }, checker, reads);
  };
  installAssertionHook();
  beforeEach((ctx) => {
    failureContext.startTest(ctx.task);
    const reason = excludedBecause(identify(namesOf(ctx.task), checker), target) ?? heldBlockOf(ctx.task);
    if (reason) ctx.skip(reason);
    running = ctx;
  });
  afterEach((ctx) => {
    running = undefined;
    // a test skipped midway (a write held back) failed nothing
    const met = ctx.task.result?.state === 'skip' ? undefined : failureContext.mismatchesMet();
    failureContext.end();
    // an answer outside openapi.yaml's schemas fails the test once its own checks have run (api.ts)
    if (met) throw met;
  });
  const heldBlockOf = (task: Task): string | undefined => {
    for (let s = task.suite; s; s = s.suite) if (heldBlocks.has(s.id)) return heldBlocks.get(s.id);
    return undefined;
  };
  const ids = new Registry(`${target.runPrefix}${area}-`, target.readonly);
  // Runs even when tests fail. A file that sent no write (read-only, or none of its writing tests
  // selected) created nothing: its declared ids are not sent a delete.
  // eslint-disable-next-line no-empty-pattern
  afterAll(async ({}, file) => {
    if (!wrote) return;
    // a failed cleanup is reported like a failed setup: the delete's operation and its curl line are
    // recorded on the file (results.ts reads them there)
    failureContext.startTest(file);
    try {
      await ids.cleanup(target);
    } catch (err) {
      if (err instanceof CleanupFailed) failureContext.record(cleanupFailure(err.calls[0]!, target, checker));
      throw err;
    } finally {
      failureContext.end();
    }
  });
  return {
    target,
    api,
    elsewhere,
    ids,
    settled: (attempt) => eventually(target.settleMs, attempt),
    writing: (name, body) => (target.readonly ? describe.skip : describe)(name, body),
    setup: (body) => {
      /** An answer of the setup outside openapi.yaml's schemas, when nothing else failed in it. */
      let shapeOnly: Error | undefined;
      // vitest reads the first parameter's pattern as the fixtures wanted: none; the block is the second
      // eslint-disable-next-line no-empty-pattern
      beforeAll(async ({}, suite) => {
        // a setup for tests that will not run would write for nothing
        if (!testsOf(suite).some((t) => selected(t, checker, target))) return;
        // a failed setup is reported like a failed test: its operation, curl line and difference
        // are recorded on the block (results.ts reads them there)
        failureContext.startTest(suite);
        let failed: unknown;
        try {
          await body();
        } catch (err) {
          if (!(err instanceof HeldBack)) failed = err;
          else heldBlocks.set(suite.id, `${err.message} (in the setup of "${suite.name}")`);
        }
        const met =
          failed === undefined && heldBlocks.has(suite.id) ? undefined : failureContext.mismatchesMet();
        failureContext.end();
        // an answer outside openapi.yaml's schemas fails the setup once its own checks have run, as a test
        if (failed !== undefined) throw met ? new AggregateError([failed, ...errorsOf(met)]) : failed;
        // When that was all, the setup did its work: its tests still run and say what they find, and
        // the shape fails the block once they have (docs/contract.md, "Contract tests").
        shapeOnly = met;
      });
      afterAll(() => {
        if (shapeOnly) throw shapeOnly;
      });
    },
  };
}

/** The errors one thrown error stands for: vitest reports each of an AggregateError's as its own. */
const errorsOf = (err: Error): unknown[] => (err instanceof AggregateError ? err.errors : [err]);

/**
 * The target's base URL with its tenant or environment, the last two segments of its path, replaced
 * by one no deployment holds: `<run prefix>other-tenant`, a valid tenant id and environment name.
 */
function otherScope(target: Target, part: 'tenant' | 'environment'): string {
  const url = new URL(target.baseUrl);
  const segments = url.pathname.split('/');
  segments[segments.length - (part === 'tenant' ? 2 : 1)] = `${target.runPrefix}other-${part}`;
  url.pathname = segments.join('/');
  return url.toString().replace(/\/$/, '');
}

/** A failed delete of the cleanup as a failure report: its operation, and the call as curl. */
function cleanupFailure(call: FailedCall, target: Target, checker: Checker): FailureDetail {
  const path = RECORD_KINDS[call.kind].path;
  return {
    operationId: checker.operation('DELETE', path)?.operationId,
    curl: toCurl(cleanupRequest(target, 'DELETE', path, { data: call.ids })),
    differences: [],
  };
}

/** Every test in a block, its inner blocks' too. */
function testsOf(task: Task): Task[] {
  return task.type === 'suite' ? task.tasks.flatMap(testsOf) : [task];
}

/** Whether a test will run: not marked skip (read-only, todo) and left in by the selection. */
const selected = (test: Task, checker: Checker, target: Target): boolean =>
  test.mode !== 'skip' && test.mode !== 'todo' && !excludedBecause(identify(namesOf(test), checker), target);

/** The test's name, then its describe blocks' names, innermost first. */
function namesOf(task: Task): string[] {
  const names: string[] = [];
  for (let t: Task | undefined = task; t && t.type !== undefined && t !== t.file; t = t.suite)
    names.push(t.name);
  return names;
}
