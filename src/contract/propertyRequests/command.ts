// `contract --generated`: requests generated from openapi.yaml against a deployment or the mock in-process.
import { randomInt } from 'node:crypto';
import { ITEMS_WITHOUT_IDS_OPTION } from '../itemIds.js';
import { newRunPrefix } from '../runPrefix.js';
import { sweepAndReport } from '../sweep.js';
import { writeGeneratedReports } from './reports.js';
import { runGenerated, type GeneratedCheck, type GeneratedFailure } from './run.js';

export interface GeneratedOptions {
  /** As trimBaseUrl leaves it; undefined: the mock is started in-process. */
  baseUrl?: string;
  apiKey: string;
  examples?: number;
  seed?: number;
  readonly?: boolean;
  /** operationIds to run; empty: all. */
  only?: string[];
  /** operationIds to leave out. */
  skip?: string[];
  /** false: no DELETE operation is generated (the run's own ids are still deleted at the end). */
  destructive?: boolean;
  /** Starts every id the run writes; a new one when not given. */
  prefix?: string;
  /**
   * --items-without-ids: invalid requests whose items lack their id are sent to a deployment too. The
   * in-process mock always gets them: it ends with the run, and what it stored with it.
   */
  itemsWithoutIds?: boolean;
  /** How long a write may take to show in a list (the target's): the removal at the end waits for it. */
  settleMs: number;
  /** Stops the checks; what they wrote is still removed. */
  stop?: AbortSignal;
  /** Stops the removal too. */
  giveUp?: AbortSignal;
  /** --junit: also write a JUnit XML report here (an absolute path). */
  junit?: string;
  /** --report: also write an HTML report here (an absolute path). */
  report?: string;
}

const DEFAULT_EXAMPLES = 25;
/** Products the in-process mock starts with, so reads have something to answer. */
const IN_PROCESS_PRODUCTS = '60';
const IN_PROCESS_SCOPE = '/generated-tenant/checks';

function describe(f: GeneratedFailure, n: number): string {
  return [
    '',
    `${n}) FAIL ${f.operationId}, a ${f.kind} request (shrunk in ${f.shrinks} steps to the smallest that fails):`,
    ...f.problems.map((p) => `   - ${p}`),
    `   request: ${f.curl}`,
    `   answer:  ${f.answer}`,
  ].join('\n');
}

/**
 * Resolves to the exit code: 0 every property held and nothing the checks wrote remains, 1 otherwise.
 * Stopped by `stop`, it still removes what the checks wrote.
 */
export async function runGeneratedCommand(
  opts: GeneratedOptions,
  log = (line: string) => console.log(line),
): Promise<number> {
  const seed = opts.seed ?? randomInt(2 ** 31);
  const examples = opts.examples ?? DEFAULT_EXAMPLES;
  let close: (() => Promise<void>) | undefined;
  let baseUrl = opts.baseUrl;
  if (baseUrl === undefined) {
    // loaded only here: a run against a deployment needs none of the mock
    const { startServer } = await import('../../server.js');
    const { resolveSeed } = await import('../../seed/resolve.js');
    const server = await startServer({ port: 0, seed: await resolveSeed(IN_PROCESS_PRODUCTS) });
    close = () => server.close();
    baseUrl = server.url + IN_PROCESS_SCOPE;
  }
  const prefix = opts.prefix ?? newRunPrefix();
  log(
    `generated checks: ${baseUrl}${close ? ' (in-process mock)' : ''}, ${examples} requests per operation and kind, ` +
      `seed ${seed}${opts.readonly ? ', read-only' : `, ids prefixed ${prefix}`}`,
  );
  const itemsWithoutIds = close !== undefined || opts.itemsWithoutIds === true;
  if (!opts.readonly && !itemsWithoutIds)
    log(
      `held back: invalid requests whose items lack their id (productGroupId, productId, productTypeId); ` +
        `a deployment that accepted one could store it under an id outside ${prefix}, which no ` +
        `removal finds. ${ITEMS_WITHOUT_IDS_OPTION} sends them.`,
    );
  let failures: GeneratedFailure[] = [];
  const checks: GeneratedCheck[] = [];
  const startedAt = new Date();
  let clean = true;
  try {
    failures = await runGenerated({
      baseUrl,
      apiKey: opts.apiKey,
      examples,
      seed,
      readonly: opts.readonly ?? false,
      selected: (op) =>
        (opts.destructive !== false || op.method !== 'DELETE') &&
        !(opts.skip ?? []).includes(op.operationId) &&
        (!opts.only?.length || opts.only.includes(op.operationId)),
      prefix,
      itemsWithoutIds,
      log,
      signal: opts.stop,
      checked: (check) => checks.push(check),
    });
  } finally {
    // whatever ended the checks (a failure, an error, a signal), what they wrote is removed: found by
    // listing the prefix, since a stopped check leaves no list of its ids
    if (!opts.readonly) {
      clean = await sweepAndReport(
        { baseUrl, apiKey: opts.apiKey },
        prefix,
        { settleMs: opts.settleMs, lateWrites: true, signal: opts.giveUp },
        log,
      );
    }
    await close?.();
  }
  failures.forEach((f, i) => log(describe(f, i + 1)));
  const reports = writeGeneratedReports(checks, {
    junit: opts.junit,
    report: opts.report,
    target: opts.baseUrl ?? 'in-process mock',
    mode: `generated${opts.readonly ? ', read-only' : ''}, seed ${seed}`,
    startedAt,
  });
  if (reports.length) log('');
  reports.forEach((line) => log(line));
  const failed = `${failures.length} generated ${failures.length === 1 ? 'check' : 'checks'} failed`;
  if (opts.stop?.aborted)
    log(
      `\nthe checks were stopped${failures.length ? `; ${failed} before that, repeat with --seed ${seed}` : ''}`,
    );
  else log(failures.length ? `\n${failed}; repeat with --seed ${seed}` : '\nevery generated check passed');
  return failures.length || !clean ? 1 : 0;
}
