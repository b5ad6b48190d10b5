// How the mock sends a request to its upstream deployment (docs/upstream.md): through the project's
// one rule for outgoing requests to a deployment, src/contract/sameOriginFetch.ts (a redirect is
// followed only within the upstream's origin, so that its key is never sent anywhere else), with a
// time limit, and every failure turned into the 502 or 504 that answers it.
// Node-free: the global fetch, as in a browser.
import { RedirectRefused, sameOriginFetch } from '../contract/sameOriginFetch.js';

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
 * Fetches `url` with sameOriginFetch. A redirect elsewhere is not followed: the answer is an
 * UpstreamFailure, and the headers (the key among them) never leave for the other origin. Network
 * failures and timeouts are UpstreamFailures too, whose messages name the URL's origin and path but
 * never a header.
 */
export async function upstreamFetch(url: string, request: UpstreamRequest): Promise<Response> {
  const origin = new URL(url).origin;
  const signal = AbortSignal.timeout(request.timeoutMs);
  const { method } = request;
  try {
    return await sameOriginFetch(url, { method, headers: request.headers, body: request.body, signal });
  } catch (err) {
    if (err instanceof RedirectRefused) {
      throw new UpstreamFailure(
        `the upstream ${origin} redirected ${method} ${pathOf(url)} to ${err.location}, which the mock does not follow (another origin, or too many redirects): its key is sent to ${origin} only`,
        502,
      );
    }
    if ((err as Error).name === 'TimeoutError' || signal.aborted) {
      throw new UpstreamFailure(
        `the upstream ${origin} did not answer ${method} ${pathOf(url)} within ${request.timeoutMs} ms`,
        504,
      );
    }
    const why = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
    throw new UpstreamFailure(
      `the upstream ${origin} could not be reached for ${method} ${pathOf(url)} (${why})`,
      502,
    );
  }
}

const pathOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};
