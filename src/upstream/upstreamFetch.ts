// The one way the mock sends a request to its upstream deployment (docs/upstream.md): redirects are
// followed only within the upstream's origin, so that its key is never sent anywhere else. A shared
// equivalent for the contract kit may replace this one; it keeps the same contract.
// Node-free: the global fetch, as in a browser.

/** Redirects followed at most, all within the origin. */
const MAX_REDIRECTS = 5;

/** Why an upstream request got no usable answer: said in the 502 or 504 that answers it. */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';
  constructor(
    message: string,
    /** 504 when the deployment was too slow, 502 for everything else. */
    readonly status: 502 | 504,
  ) {
    super(message);
  }
}

export interface UpstreamRequest {
  method: 'GET' | 'HEAD' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Milliseconds the whole exchange (redirects included) may take. */
  timeoutMs: number;
}

/**
 * Fetches `url` and follows redirects only to the same origin (scheme, host and port). A redirect
 * elsewhere is not followed: the answer is an UpstreamFailure, and the headers (the key among them)
 * never leave for the other origin. Network failures and timeouts are UpstreamFailures too, whose
 * messages name the URL's origin and path but never a header.
 */
export async function sameOriginFetch(url: string, request: UpstreamRequest): Promise<Response> {
  const origin = new URL(url).origin;
  const signal = AbortSignal.timeout(request.timeoutMs);
  let target = url;
  let method = request.method;
  let body = request.body;
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetch(target, { method, headers: request.headers, body, redirect: 'manual', signal });
    } catch (err) {
      const cause = (err as Error).name === 'TimeoutError' || signal.aborted;
      if (cause) {
        throw new UpstreamFailure(
          `the upstream ${origin} did not answer ${method} ${pathOf(target)} within ${request.timeoutMs} ms`,
          504,
        );
      }
      const why = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
      throw new UpstreamFailure(
        `the upstream ${origin} could not be reached for ${method} ${pathOf(target)} (${why})`,
        502,
      );
    }
    if (res.status < 300 || res.status >= 400 || res.status === 304) return res;
    const location = res.headers.get('location');
    await res.body?.cancel();
    if (location === null) return res;
    const next = new URL(location, target);
    if (next.origin !== origin) {
      throw new UpstreamFailure(
        `the upstream ${origin} redirected ${method} ${pathOf(target)} to another origin (${next.origin}), which the mock does not follow: its key is sent to ${origin} only`,
        502,
      );
    }
    if (hop + 1 >= MAX_REDIRECTS) {
      throw new UpstreamFailure(
        `the upstream ${origin} redirected ${method} ${pathOf(url)} more than ${MAX_REDIRECTS} times`,
        502,
      );
    }
    // 303, and 301/302 after a POST as browsers do, become a GET without a body.
    if (res.status === 303 || (method === 'POST' && (res.status === 301 || res.status === 302))) {
      method = 'GET';
      body = undefined;
    }
    target = next.href;
  }
}

const pathOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};
