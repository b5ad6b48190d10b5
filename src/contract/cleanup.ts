// Deleting a contract run's own records by id. Raw requests, no schema checks: cleanup is not a test.
// An answer the document does not describe must not stop it, or the records after it stay behind.
import { fetchPatiently, noticeOnStderr } from './retry.js';

/** Where the records are, and the token that may delete them. */
export interface CleanupTarget {
  baseUrl: string;
  apiKey: string;
}

/**
 * The two kinds of record a run writes, the operation that deletes each, and the field naming the id
 * in each element of its answer's per-id list (openapi.yaml; docs/behaviour.md, "DELETE /products and
 * detach" and "Product types").
 */
export const RECORD_KINDS = {
  products: { path: '/products', singular: 'product', plural: 'products', answerId: 'productGroupId' },
  productTypes: { path: '/product-types', singular: 'product type', plural: 'product types', answerId: 'id' },
} as const;
export type RecordKind = keyof typeof RECORD_KINDS;

/** The ids one delete call was sent, and why they may still be there. */
export interface FailedCall {
  kind: RecordKind;
  ids: string[];
  /** "500 {...}" or "no answer (...)". */
  reason: string;
}

/** The batch limit of both delete operations (openapi.yaml). */
const BATCH = 100;
/** A deployment that stops answering must not hold the run's end forever. */
const CALL_TIMEOUT_MS = 30_000;
const MAX_BODY_SHOWN = 200;

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_BODY_SHOWN ? `${flat.slice(0, MAX_BODY_SHOWN)}...` : flat;
};

/** A request of the cleanup as it is sent: what a report of its failure repeats as curl too. */
export function cleanupRequest(
  target: CleanupTarget,
  method: string,
  path: string,
  body?: unknown,
): { method: string; url: string; headers: Record<string, string>; body?: string } {
  return {
    method,
    url: target.baseUrl + path,
    headers: {
      accept: 'application/json',
      'x-api-key': target.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/**
 * A request of the cleanup: its status and text, or why nothing came back. A 429 (or a busy
 * gateway's answer to a list) is waited for as the run's own requests are (retry.ts): a deployment
 * that limits its rate would otherwise keep every record of the run it refused to delete.
 */
export async function send(
  target: CleanupTarget,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; text: string } | { error: string }> {
  const { url, ...request } = cleanupRequest(target, method, path, body);
  try {
    const { res } = await fetchPatiently(url, request, {
      signal,
      tryTimeoutMs: CALL_TIMEOUT_MS,
      onRetry: noticeOnStderr('contract'),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    const why = signal?.aborted
      ? 'stopped'
      : e.name === 'TimeoutError'
        ? `no answer within ${CALL_TIMEOUT_MS / 1000} s`
        : (e.cause?.message ?? e.message);
    return { error: `no answer (${why})` };
  }
}

/** The per-id statuses that leave nothing behind: deleted (200, 204), accepted (202), unknown (404). */
const GONE: ReadonlySet<number> = new Set([200, 202, 204, 404]);

/**
 * The status of each id in a 2xx answer's per-id list (`{"data":[{"productGroupId":id,"status":500}]}`,
 * or the list alone), or undefined when the answer holds no such list: a 200 may still carry a 500 for
 * every id, as a proxy in front of a deployment was seen to answer.
 */
function statusById(kind: RecordKind, text: string): Map<string, number> | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
  // an empty list names no id: it says nothing about any of them
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const field = RECORD_KINDS[kind].answerId;
  const statuses = new Map<string, number>();
  for (const item of list) {
    const id = (item as Record<string, unknown> | null)?.[field];
    const status = (item as Record<string, unknown> | null)?.status;
    if (typeof id !== 'string' || typeof status !== 'number') return undefined;
    statuses.set(id, status);
  }
  return statuses;
}

/**
 * The ids of a batch answered 2xx that may remain: those its per-id list gives another status than
 * GONE, by status, or those it does not name at all. Without such a list, any 2xx counts as done (the
 * document leaves a 204 and the body's shape open).
 */
function leftByAnswer(kind: RecordKind, batch: string[], status: number, text: string): FailedCall[] {
  const statuses = statusById(kind, text);
  if (!statuses) return [];
  // the ids left, by the status the list gave them (undefined: not named)
  const left = new Map<number | undefined, string[]>();
  for (const id of batch) {
    const of = statuses.get(id);
    if (of !== undefined && GONE.has(of)) continue;
    left.set(of, [...(left.get(of) ?? []), id]);
  }
  return [...left].map(([of, ids]) => {
    const them = ids.length === 1 ? 'it' : 'them';
    const why = of === undefined ? `its list does not name ${them}` : `its list gives ${them} status ${of}`;
    return { kind, ids, reason: `${status}, but ${why}` };
  });
}

/**
 * Deletes these ids in batches. Every batch is sent whatever the ones before it got. An id is done when
 * its batch is answered 2xx and, if the answer lists a status per id, its status is one of GONE.
 * Resolves to the calls whose ids may remain.
 */
export async function deleteIds(
  target: CleanupTarget,
  kind: RecordKind,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<FailedCall[]> {
  const failed: FailedCall[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const answer = await send(target, 'DELETE', RECORD_KINDS[kind].path, { data: batch }, signal);
    if ('error' in answer) failed.push({ kind, ids: batch, reason: answer.error });
    else if (answer.status < 200 || answer.status > 299)
      failed.push({ kind, ids: batch, reason: `${answer.status} ${clip(answer.text) || '(empty body)'}` });
    else failed.push(...leftByAnswer(kind, batch, answer.status, answer.text));
  }
  return failed;
}

/** One line per failed call: what it was sent and what it got. */
export const describeFailedCalls = (failed: readonly FailedCall[]): string[] =>
  failed.map(
    (f) =>
      `  DELETE ${RECORD_KINDS[f.kind].path} (${f.ids.length} ${f.ids.length === 1 ? 'id' : 'ids'}): ${f.reason}`,
  );

/**
 * One line per kind with every id in full: a report keeps only a failure's first lines, and a person
 * needs every id to delete.
 */
export function describeIds(ids: Partial<Record<RecordKind, readonly string[]>>): string[] {
  return (Object.keys(RECORD_KINDS) as RecordKind[])
    .filter((kind) => ids[kind]?.length)
    .map((kind) => `  ${RECORD_KINDS[kind].plural}: ${ids[kind]!.join(', ')}`);
}

/** The ids the failed calls were sent, by kind. */
export const idsOf = (failed: readonly FailedCall[]): Record<RecordKind, string[]> => ({
  products: failed.filter((f) => f.kind === 'products').flatMap((f) => f.ids),
  productTypes: failed.filter((f) => f.kind === 'productTypes').flatMap((f) => f.ids),
});

/** The command that removes every record of a run afterwards. */
export const cleanupCommand = (prefix: string, baseUrl: string): string =>
  `product-catalog-mock contract --cleanup ${prefix} --base-url ${baseUrl} --api-key "$CONTRACT_API_KEY"`;
