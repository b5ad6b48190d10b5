// Deleting a contract run's own records by id. Raw requests, no schema checks: cleanup is not a test.
// An answer the document does not describe must not stop it, or the records after it stay behind.

/** Where the records are, and the token that may delete them. */
export interface CleanupTarget {
  baseUrl: string;
  apiKey: string;
}

/** The two kinds of record a run writes, and the operation that deletes each. */
export const RECORD_KINDS = {
  products: { path: '/products', singular: 'product', plural: 'products' },
  productTypes: { path: '/product-types', singular: 'product type', plural: 'product types' },
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

/** A request of the cleanup: its status and text, or why nothing came back. */
export async function send(
  target: CleanupTarget,
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<{ status: number; text: string } | { error: string }> {
  const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
  try {
    const res = await fetch(target.baseUrl + path, {
      method,
      headers: {
        accept: 'application/json',
        'x-api-key': target.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const e = err as Error & { cause?: Error };
    const why = timeout.aborted
      ? `no answer within ${CALL_TIMEOUT_MS / 1000} s`
      : signal?.aborted
        ? 'stopped'
        : (e.cause?.message ?? e.message);
    return { error: `no answer (${why})` };
  }
}

/**
 * Deletes these ids in batches. Every batch is sent whatever the ones before it got; any 2xx counts as
 * done (the document leaves a 204 and the body's shape open). Resolves to the batches that may remain.
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
