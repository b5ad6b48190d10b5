// What a suite file needs: the target, a checked client, its own ids, cleanup and the settle wait.
import { afterAll, beforeEach, describe, inject, type RunnerTask as Task } from 'vitest';
import { createApi, type Api } from './api.js';
import { loadChecker } from './checker.js';
import { failureContext, installAssertionHook } from './failure.js';
import { excludedBecause, identify } from './selection.js';
import { Registry } from './registry.js';
import { eventually } from './settle.js';
import type { Target } from './target.js';

export interface Kit {
  target: Target;
  api: Api;
  /** Ids of this file, under `<run prefix><area>-`. */
  ids: Registry;
  /** A read after a write: retried within CONTRACT_SETTLE_MS. */
  settled<T>(attempt: () => Promise<T>): Promise<T>;
  /** describe() for anything that writes; skipped in read-only mode. */
  writing(name: string, body: () => void): void;
}

/** Call once at the top of a suite file; registers the cleanup of everything the file writes. */
export async function contractKit(area: string): Promise<Kit> {
  const target = inject('contractTarget');
  if (!target)
    throw new Error('no contract target: run with contract-tests/vitest.config.ts (its globalSetup)');
  const checker = await loadChecker();
  const api = createApi(target, checker);
  installAssertionHook();
  beforeEach((ctx) => {
    failureContext.startTest(ctx.task);
    const reason = excludedBecause(identify(namesOf(ctx.task), checker), target);
    if (reason) ctx.skip(reason);
  });
  const ids = new Registry(`${target.runPrefix}${area}-`, target.readonly);
  // Runs even when tests fail; a write refused in read-only mode never recorded an id.
  afterAll(() => ids.cleanup(target));
  return {
    target,
    api,
    ids,
    settled: (attempt) => eventually(target.settleMs, attempt),
    writing: (name, body) => (target.readonly ? describe.skip : describe)(name, body),
  };
}

/** The test's name, then its describe blocks' names, innermost first. */
export function namesOf(task: Task): string[] {
  const names: string[] = [];
  for (let t: Task | undefined = task; t && t.type !== undefined && t !== t.file; t = t.suite)
    names.push(t.name);
  return names;
}
