// Asking a deployment again when it answers "later": one that limits its rate (429), or a gateway
// or service busy for a moment (502, 503, 504), answers a recording of a thousand pages or a contract
// run of hundreds of requests now and then, and such an answer should neither end the one nor fail
// the other (docs/contract.md, "QA workflow: checking a deployment").
import { sameOriginFetch } from './sameOriginFetch.js';

/** Tries of one request after its first: five in all. */
const RETRIES = 4;

/** The longest wait accepted, from Retry-After or the doubling wait. */
export const MAX_WAIT_MS = 60_000;

/** Whether a method only reads, so that sending it again cannot apply anything twice. */
export const isRead = (method: string): boolean => {
  const upper = method.toUpperCase();
  return upper === 'GET' || upper === 'HEAD';
};

/**
 * Whether an answer says "later" to this request. A 429 says the request was not processed, so any
 * method is sent again; a 502, 503 or 504 may come after a write was applied, so only a read is.
 */
export function asksLater(method: string, status: number): boolean {
  if (status === 429) return true;
  return isRead(method) && (status === 502 || status === 503 || status === 504);
}

/**
 * Milliseconds to wait before try `retry` (1 for the first retry), or undefined when the answer
 * asks for more than MAX_WAIT_MS. A Retry-After in seconds or as an HTTP date (RFC 9110, 10.2.3) is
 * followed; without one (or one that cannot be read) the wait doubles from `baseMs`. Seconds with a
 * fraction (`1.5`, which some rate limiters send) are seconds too, and only a text that names a day
 * or month is read as a date: Date.parse takes `1.5` or `-1` for a day of 2001, long past, and the
 * tries would all go at once.
 */
export function retryWaitMs(
  retryAfter: string | null,
  retry: number,
  baseMs = 1000,
  now = Date.now(),
): number | undefined {
  const text = retryAfter?.trim() ?? '';
  let wait: number;
  if (/^\d+(\.\d+)?$/.test(text)) wait = Math.ceil(Number(text) * 1000);
  else if (/[a-z]/i.test(text) && !Number.isNaN(Date.parse(text))) wait = Math.max(0, Date.parse(text) - now);
  else wait = baseMs * 2 ** (retry - 1);
  return wait > MAX_WAIT_MS ? undefined : wait;
}

/** Resolves after `ms`, or rejects at once when `signal` stops the run. */
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

/** An onRetry that says each wait on stderr, as `command: ...`. */
export const noticeOnStderr =
  (command: string) =>
  (message: string): void =>
    void process.stderr.write(`${command}: ${message}\n`);

export interface PatienceOptions {
  /** The first wait when an answer gives no Retry-After, doubled at each try; 1000 ms. */
  retryBaseMs?: number;
  /** Told of each wait, to say it where the user looks. */
  onRetry?: (message: string) => void;
  signal?: AbortSignal;
  /** How long each try may wait for its answer (the waits between tries aside); no limit when absent. */
  tryTimeoutMs?: number;
}

/** What a wait before try `retry + 1` is announced as. */
const waitMessage = (said: string, wait: number, retry: number): string =>
  `${said}; asking again in ${(wait / 1000).toFixed(1)} s (try ${retry + 1} of ${RETRIES + 1})`;

/** What undici's fetch gives as the cause of a connection that was open and then dropped. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/**
 * Whether a request that got no answer is sent again: a read whose connection was reset or closed
 * under it (a proxy or load balancer dropping it) is. A write is not, as it may have been applied;
 * nor a request that found nobody (refused, unknown host): a wrong address should fail at once,
 * not after a minute of waits.
 */
function droppedRead(method: string, err: unknown): string | undefined {
  const code = ((err as { cause?: { code?: unknown } }).cause?.code ?? '') as string;
  return isRead(method) && DROPPED.has(code) ? code : undefined;
}

/** Statuses whose answers have no body: a Response made with one is refused. */
const NO_BODY = new Set([204, 205, 304]);

/** The answer with its body read whole, so that reading it later cannot fail. */
async function wholeAnswer(res: Response): Promise<Response> {
  const body = NO_BODY.has(res.status) || res.body === null ? null : await res.arrayBuffer();
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The cause of a read that failed because its answer broke off: a status came, its body did not whole. */
export class AnswerBrokeOff extends Error {
  constructor(
    readonly status: number,
    said: string,
  ) {
    super(`its answer ${status} broke off while its body was read: ${said}`);
  }
}

/**
 * The error of a read whose answer broke off, for callers that say `no answer (<its cause>)`: its
 * cause names the status that came and the broken body, not undici's "other side closed" alone.
 */
function brokeOff(err: unknown, status: number | undefined): unknown {
  if (status === undefined || !(err instanceof Error)) return err;
  const said = (err.cause as Error | undefined)?.message ?? err.message;
  return new TypeError(err.message, { cause: new AnswerBrokeOff(status, said) });
}

/**
 * `fetch`, sent again while the answer says "later" (asksLater), or a read's connection is dropped,
 * up to RETRIES more times. Resolves to the last answer, with why it was not asked again when it
 * still says "later": five such answers in a row, or a Retry-After over a minute. Rejects as fetch
 * does when there is no answer and the request is not sent again (droppedRead).
 */
export async function fetchPatiently(
  url: string,
  init: RequestInit & { method: string },
  opts: PatienceOptions = {},
): Promise<{ res: Response; gaveUp?: string }> {
  for (let retry = 1; ; retry++) {
    let res: Response;
    /** The status of an answer whose body is being read, when the connection drops under it. */
    let reading: number | undefined;
    try {
      const limits = [opts.signal, opts.tryTimeoutMs ? AbortSignal.timeout(opts.tryTimeoutMs) : undefined];
      // Redirects only within the origin: the key is never sent elsewhere (sameOriginFetch.ts).
      res = await sameOriginFetch(url, {
        ...init,
        signal: AbortSignal.any(limits.filter((s) => s !== undefined)),
      });
      // A read's answer is read whole here: one whose connection closed halfway through its body is
      // asked again as one dropped before it, instead of failing its reader with undici's "terminated".
      if (isRead(init.method)) {
        reading = res.status;
        res = await wholeAnswer(res);
        reading = undefined;
      }
    } catch (err) {
      const dropped = droppedRead(init.method, err);
      if (!dropped || retry > RETRIES || opts.signal?.aborted) throw brokeOff(err, reading);
      // No Retry-After to follow: the doubling wait, which stays under MAX_WAIT_MS for RETRIES tries.
      const wait = retryWaitMs(null, retry, opts.retryBaseMs) ?? MAX_WAIT_MS;
      const what =
        reading === undefined
          ? `the connection was dropped (${dropped})`
          : `its answer ${reading} broke off while its body was read (${dropped})`;
      opts.onRetry?.(waitMessage(`${init.method} ${url}: ${what}`, wait, retry));
      await pause(wait, opts.signal);
      continue;
    }
    if (!asksLater(init.method, res.status)) return { res };
    const retryAfter = res.headers.get('retry-after');
    const said = `${init.method} ${url} answered ${res.status}`;
    if (retry > RETRIES)
      return { res, gaveUp: `${said} ${retry} times in a row; the deployment is busy: try again later` };
    const wait = retryWaitMs(retryAfter, retry, opts.retryBaseMs);
    if (wait === undefined) {
      return {
        res,
        gaveUp: `${said} and asks to wait (Retry-After: ${retryAfter}) longer than a minute: try again then`,
      };
    }
    await res.body?.cancel();
    const why = retryAfter === null ? '' : ` (Retry-After: ${retryAfter})`;
    opts.onRetry?.(waitMessage(`${said}${why}`, wait, retry));
    await pause(wait, opts.signal);
  }
}
