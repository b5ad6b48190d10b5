// Where the suite runs and how carefully: read once from the environment, shared by setup and tests.
import { newRunPrefix, runPrefixProblem } from '../runPrefix.js';
import { wholeMilliseconds } from '../milliseconds.js';
import { tokenToSend, trimBaseUrl } from '../preflight.js';

export interface Target {
  /** Everything up to and including /{tenantId}/{environment}, no trailing slash. */
  baseUrl: string;
  apiKey: string;
  /** CONTRACT_READONLY=1 (or true, yes): read and error checks only, nothing is written. */
  readonly: boolean;
  /** How long a read after a write may keep retrying before it fails. */
  settleMs: number;
  /** Starts every id this run writes, so cleanup can never touch anything else. */
  runPrefix: string;
  /** True when the suite started the mock itself. */
  inProcess: boolean;
  /** Which tests run: operationIds or tier tags (see selection.ts); empty means all. */
  only: string[];
  /** Tests left out, by operationId or tier tag. */
  skip: string[];
  /** false (--no-destructive): tests of DELETE operations are skipped. */
  destructive: boolean;
  /**
   * Batch items without their id may be sent (src/contract/itemIds.ts): CONTRACT_ITEMS_WITHOUT_IDS=1
   * (--items-without-ids), and always to the in-process mock.
   */
  itemsWithoutIds: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractTarget: Target;
  }
}

const DEFAULT_SETTLE_MS = 5_000;
/** The in-process mock is consistent at once; a short wait keeps a failing run fast. */
const IN_PROCESS_SETTLE_MS = 300;

/**
 * The run's prefix: CONTRACT_RUN_PREFIX, which the contract command sets so that it knows what to
 * remove if the run is interrupted, or a new one.
 */
function runPrefix(raw: string | undefined): string {
  if (raw === undefined) return newRunPrefix();
  const problem = runPrefixProblem(raw);
  if (problem) throw new Error(`CONTRACT_RUN_PREFIX: ${problem}`);
  return raw;
}

function settleMs(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = wholeMilliseconds(raw);
  if (ms === undefined)
    throw new Error(`CONTRACT_SETTLE_MS must be a whole number of milliseconds (digits only), got "${raw}"`);
  return ms;
}

/** What a yes/no variable may be set to, in any case. */
const YES = ['1', 'true', 'yes'] as const;
const NO = ['0', 'false', 'no'] as const;

/**
 * A yes/no variable: unset is no. Any other value is refused rather than read as no: a CONTRACT_READONLY
 * of "on" or "Y" read as no would write to the deployment the person meant to protect.
 */
export function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if ((YES as readonly string[]).includes(value)) return true;
  if ((NO as readonly string[]).includes(value)) return false;
  throw new Error(
    `${name} must be one of ${YES.join(', ')} (on) or ${NO.join(', ')} (off), in any case; got "${raw}"`,
  );
}

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The target named by CONTRACT_* variables; baseUrl is undefined when the mock must be started. The one
 * reader of these variables: the suite, its reporter and both kinds of `contract` run read them here.
 * Throws, with a message naming the variable, on a value it cannot read.
 */
export function targetFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Omit<Target, 'baseUrl'> & { baseUrl?: string } {
  const baseUrl = trimBaseUrl(env.CONTRACT_BASE_URL ?? '') || undefined;
  if (baseUrl !== undefined && !/^https?:\/\//.test(baseUrl)) {
    throw new Error(
      `CONTRACT_BASE_URL must be an http(s) URL ending in /{tenantId}/{environment}, got "${baseUrl}"`,
    );
  }
  return {
    baseUrl,
    apiKey: tokenToSend(env.CONTRACT_API_KEY),
    readonly: flag(env, 'CONTRACT_READONLY'),
    settleMs: settleMs(env.CONTRACT_SETTLE_MS, baseUrl ? DEFAULT_SETTLE_MS : IN_PROCESS_SETTLE_MS),
    runPrefix: runPrefix(env.CONTRACT_RUN_PREFIX),
    inProcess: baseUrl === undefined,
    only: list(env.CONTRACT_ONLY),
    skip: list(env.CONTRACT_SKIP),
    destructive: !flag(env, 'CONTRACT_NO_DESTRUCTIVE'),
    itemsWithoutIds: flag(env, 'CONTRACT_ITEMS_WITHOUT_IDS') || baseUrl === undefined,
  };
}
