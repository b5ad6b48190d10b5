// What a suite file needs: the target, a checked client, its own ids, cleanup and the settle wait.
import { afterAll, describe, inject } from 'vitest';
import { createApi, type Api } from './api.js';
import { loadChecker } from './checker.js';
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
  const api = createApi(target, await loadChecker());
  const ids = new Registry(`${target.runPrefix}${area}-`, target.readonly);
  // Runs even when tests fail; a write refused in read-only mode never recorded an id.
  afterAll(() => ids.cleanup(api));
  return {
    target,
    api,
    ids,
    settled: (attempt) => eventually(target.settleMs, attempt),
    writing: (name, body) => (target.readonly ? describe.skip : describe)(name, body),
  };
}
