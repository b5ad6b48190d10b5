// When a recording asks a page again: a deployment that limits its rate (429), or a gateway or
// service that is busy for a moment (502, 503, 504), answers a long recording now and then, and one
// such answer among a thousand pages should not end it (README, "QA workflow: checking a deployment").

/** Answers that say "later" rather than "no". */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/** Tries of one request after its first: five in all. */
export const RETRIES = 4;

/** The longest wait a recording accepts, from Retry-After or its own backoff. */
export const MAX_WAIT_MS = 60_000;

/**
 * Milliseconds to wait before try `retry` (1 for the first retry), or undefined when the answer
 * asks for more than MAX_WAIT_MS. A Retry-After in seconds or as an HTTP date (RFC 9110, 10.2.3) is
 * followed; without one (or one that cannot be read) the wait doubles from `baseMs`.
 */
export function retryWaitMs(
  retryAfter: string | null,
  retry: number,
  baseMs = 1000,
  now = Date.now(),
): number | undefined {
  const text = retryAfter?.trim() ?? '';
  let wait: number;
  if (/^\d+$/.test(text)) wait = Number(text) * 1000;
  else if (text !== '' && !Number.isNaN(Date.parse(text))) wait = Math.max(0, Date.parse(text) - now);
  else wait = baseMs * 2 ** (retry - 1);
  return wait > MAX_WAIT_MS ? undefined : wait;
}

/** Resolves after `ms`, or rejects at once when `signal` stops the recording. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
