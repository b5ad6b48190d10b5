// Removing every record under a run's prefix, found by listing rather than from a list of ids: after an
// interrupted run (whose ids died with it), at the end of the generated checks, and for --cleanup.
import {
  cleanupCommand,
  deleteIds,
  describeFailedCalls,
  describeIds,
  RECORD_KINDS,
  send,
  type CleanupTarget,
  type FailedCall,
  type RecordKind,
} from './cleanup.js';
import { runPrefixProblem } from './runPrefix.js';

export interface SweepOptions {
  /** How long a write or a delete may take to show in a list (CONTRACT_SETTLE_MS). */
  settleMs: number;
  /**
   * Writes may have been answered (or still be in flight) just before the sweep: keep listing for
   * settleMs even when nothing shows yet. False for --cleanup, long after the run.
   */
  lateWrites: boolean;
  /** Stops the sweep: whatever it has not removed is reported as what may remain. */
  signal?: AbortSignal;
}

export interface SweepResult {
  removed: Record<RecordKind, number>;
  /** Ids still listed when the sweep ended, by kind. */
  remaining: Record<RecordKind, string[]>;
  failed: FailedCall[];
  /** Why the sweep could not see what remains (a list refused or too long to read, or the sweep stopped). */
  blind?: string;
}

const KINDS = Object.keys(RECORD_KINDS) as RecordKind[];
const PAGE = 100;
/** A deployment that ignores the filter must not have its whole catalog paged through. */
const MAX_PAGES = 100;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The `data` of a 200 answer, or why there is none. */
async function read(
  target: CleanupTarget,
  path: string,
  signal?: AbortSignal,
): Promise<{ data: unknown } | { error: string }> {
  const answer = await send(target, 'GET', path, undefined, signal);
  if ('error' in answer) return answer;
  const name = `GET ${path.split('?')[0]}`;
  if (answer.status !== 200) return { error: `${name} answered ${answer.status}` };
  try {
    return { data: (JSON.parse(answer.text) as { data?: unknown } | null)?.data };
  } catch {
    return { error: `${name} answered a body that is not JSON` };
  }
}

/**
 * The ids under the prefix that a list shows now, or why it showed none. `unseen` says why the list
 * may hold more of them than it showed: a list that had not ended after MAX_PAGES full pages (a
 * deployment that ignores the filter and holds more than MAX_PAGES * PAGE products, or a run that
 * wrote that many) was not seen whole, and "none under the prefix" from it means nothing.
 */
async function listed(
  target: CleanupTarget,
  kind: RecordKind,
  prefix: string,
  signal?: AbortSignal,
): Promise<{ ids: string[]; unseen?: string } | { error: string }> {
  // the prefix is checked here as well: a deployment that ignores the filter must lose nothing
  const own = (records: unknown[], field: string) =>
    records
      .map((r) => (r as Record<string, unknown> | null)?.[field])
      .filter((id): id is string => typeof id === 'string' && id.startsWith(prefix));
  if (kind === 'productTypes') {
    const answer = await read(target, '/product-types', signal);
    if ('error' in answer) return answer;
    if (!Array.isArray(answer.data)) return { error: 'GET /product-types answered no list' };
    return { ids: own(answer.data, 'productTypeId') };
  }
  const filter = encodeURIComponent(JSON.stringify({ startsWith: ['productGroupId', prefix] }));
  const sort = encodeURIComponent('productGroupId asc');
  const ids: string[] = [];
  let others = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const path = `/products?filter=${filter}&select=productGroupId&sort=${sort}&limit=${PAGE}&page=${page}`;
    const answer = await read(target, path, signal);
    if ('error' in answer) return answer;
    const list = (answer.data as { list?: unknown } | undefined)?.list;
    if (!Array.isArray(list)) return { error: 'GET /products answered no list' };
    const mine = own(list, 'productGroupId');
    ids.push(...mine);
    others += list.length - mine.length;
    if (list.length < PAGE) return { ids };
  }
  const ignored = others > 0 ? ' ignored the startsWith filter and' : '';
  return { ids, unseen: `GET /products${ignored} had not ended after ${MAX_PAGES} pages of ${PAGE}` };
}

/**
 * Which of `ids`, all under `prefix` and each sent a delete answered 2xx, a list still shows: asked
 * until none does or settleMs has passed since the first look, as a delete may leave a list late. A
 * list that could not be read, or not seen whole, is an error: it cannot tell.
 */
export async function stillListed(
  target: CleanupTarget,
  kind: RecordKind,
  prefix: string,
  ids: readonly string[],
  settleMs: number,
): Promise<{ ids: string[] } | { error: string }> {
  if (ids.length === 0) return { ids: [] };
  const deleted = new Set(ids);
  const start = Date.now();
  let pause = 100;
  for (;;) {
    const listing = await listed(target, kind, prefix);
    if ('error' in listing) return listing;
    const left = listing.ids.filter((id) => deleted.has(id));
    if (left.length === 0) return listing.unseen === undefined ? { ids: [] } : { error: listing.unseen };
    if (Date.now() - start >= settleMs) return { ids: left };
    await sleep(pause);
    pause = Math.min(pause * 2, 1_000);
  }
}

/**
 * Lists and deletes everything under the prefix until nothing new shows: a write may show in a list
 * only after settleMs, and a delete may disappear from it only after settleMs. Refuses a prefix that
 * is not a run's.
 */
export async function sweepPrefix(
  target: CleanupTarget,
  prefix: string,
  options: SweepOptions,
): Promise<SweepResult> {
  const problem = runPrefixProblem(prefix);
  if (problem) throw new Error(problem);
  const { settleMs, lateWrites, signal } = options;
  const start = Date.now();
  /** When each id was sent a delete, by kind. */
  const sentAt = { products: new Map<string, number>(), productTypes: new Map<string, number>() };
  /** Ids whose delete was answered 2xx. */
  const done = { products: new Set<string>(), productTypes: new Set<string>() };
  const remaining: Record<RecordKind, string[]> = { products: [], productTypes: [] };
  const failed: FailedCall[] = [];
  const result = (blind?: string): SweepResult => ({
    // a delete answered 2xx whose id still shows was not done after all
    removed: {
      products: [...done.products].filter((id) => !remaining.products.includes(id)).length,
      productTypes: [...done.productTypes].filter((id) => !remaining.productTypes.includes(id)).length,
    },
    remaining,
    failed,
    blind,
  });
  /** Why the latest list of a kind was not seen whole, by kind. */
  const unseen: Partial<Record<RecordKind, string>> = {};
  const partly = () => KINDS.map((kind) => unseen[kind]).find((why) => why !== undefined);
  let pause = 100;
  for (;;) {
    // a round that sent deletes is followed by one that lists what they left
    let sent = false;
    for (const kind of KINDS) {
      const listing = await listed(target, kind, prefix, signal);
      if ('error' in listing) return result(signal?.aborted ? 'the cleanup was stopped' : listing.error);
      const { ids } = listing;
      remaining[kind] = ids;
      unseen[kind] = listing.unseen;
      const fresh = ids.filter((id) => !sentAt[kind].has(id));
      if (fresh.length === 0) continue;
      sent = true;
      const refused = await deleteIds(target, kind, fresh, signal);
      failed.push(...refused);
      const notDone = new Set(refused.flatMap((f) => f.ids));
      const now = Date.now();
      for (const id of fresh) {
        sentAt[kind].set(id, now);
        if (!notDone.has(id)) done[kind].add(id);
      }
    }
    const now = Date.now();
    const writesMayShow = lateWrites && now - start < settleMs;
    const deletesMayShow = KINDS.some((kind) =>
      remaining[kind].some((id) => now - sentAt[kind].get(id)! < settleMs),
    );
    // what a list that did not end may hold past its end was never seen: it may remain
    if (!sent && !writesMayShow && !deletesMayShow) return result(partly());
    if (signal?.aborted) return result('the cleanup was stopped');
    await sleep(pause, signal);
    pause = Math.min(pause * 2, 1_000);
  }
}

/** Whether the sweep saw nothing of the run remain. */
export const swept = (result: SweepResult): boolean =>
  result.blind === undefined && KINDS.every((kind) => result.remaining[kind].length === 0);

/** What the sweep did, for a person: what was removed, and every id that may remain. */
export function describeSweep(result: SweepResult, prefix: string): string[] {
  const count = (kind: RecordKind) => {
    const n = result.removed[kind];
    return `${n} ${n === 1 ? RECORD_KINDS[kind].singular : RECORD_KINDS[kind].plural}`;
  };
  const removed = `removed ${count('products')} and ${count('productTypes')} under ${prefix}`;
  if (swept(result)) return [`${removed}; nothing under it remains.`];
  const head =
    result.blind === undefined
      ? `${removed}; these remain:`
      : `${removed}; then ${result.blind}, so records under it may remain.`;
  // blind or not, what it did see and could not remove is named in full
  return [head, ...describeFailedCalls(result.failed), ...describeIds(result.remaining)];
}

/**
 * Sweeps, then says what it did through `log`; resolves to whether nothing of the run remains. What
 * remains is followed by the `--cleanup` command that removes it, unless that command is what ran
 * (`byCleanup`): it then says what to look at before running it again.
 */
export async function sweepAndReport(
  target: CleanupTarget,
  prefix: string,
  options: SweepOptions,
  log: (line: string) => void,
  byCleanup = false,
): Promise<boolean> {
  const result = await sweepPrefix(target, prefix, options);
  const [first, ...rest] = describeSweep(result, prefix);
  log(`contract: ${first}`);
  rest.forEach((line) => log(line));
  if (swept(result)) return true;
  log(
    byCleanup
      ? 'The deployment kept them: see what its lists and deletes answered, above; run this command ' +
          'again once it removes them.'
      : `Remove them later with: ${cleanupCommand(prefix, target.baseUrl)}`,
  );
  return false;
}
