// Requests of the drift report follow a redirect only within the origin they were sent to: a token
// sent to a deployment must not travel on to another host a redirect names (docs/drift.md,
// "Requests"). Kept small and on its own so that it can join a rule shared by every command that
// talks to a deployment.
import { fetchPatiently, type PatienceOptions } from '../contract/retry.js';

/** Redirects followed within one origin before the request is given up. */
export const MAX_REDIRECTS = 5;

/** A redirect to another origin, or too many of them: the request is not sent on. */
export class RedirectRefused extends Error {
  override name = 'RedirectRefused';
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/**
 * fetchPatiently with `redirect: 'manual'`: a redirect to the same origin is followed (a 303, and a
 * 301 or 302 of a POST, as a GET without the body, as fetch does), one to another origin is refused
 * with RedirectRefused, whose message names both origins.
 */
export async function fetchSameOrigin(
  url: string,
  init: RequestInit & { method: string },
  opts: PatienceOptions = {},
): Promise<Response> {
  let current = url;
  let request = init;
  for (let hop = 0; ; hop++) {
    const { res } = await fetchPatiently(current, { ...request, redirect: 'manual' }, opts);
    const location = res.headers.get('location');
    if (!REDIRECT.has(res.status) || location === null) return res;
    await res.body?.cancel();
    const next = new URL(location, current);
    const from = new URL(current).origin;
    if (next.origin !== from) {
      throw new RedirectRefused(
        `${request.method} ${current} answered ${res.status} with a redirect to ${next.origin}, another origin than ${from}: not followed, so the token stays with ${from}`,
      );
    }
    if (hop >= MAX_REDIRECTS) {
      throw new RedirectRefused(`${init.method} ${url}: more than ${MAX_REDIRECTS} redirects, not followed`);
    }
    const toGet =
      res.status === 303 || ((res.status === 301 || res.status === 302) && request.method === 'POST');
    if (toGet) {
      const headers = new Headers(request.headers);
      headers.delete('content-type');
      request = { ...request, method: 'GET', body: undefined, headers };
    }
    current = next.toString();
  }
}
