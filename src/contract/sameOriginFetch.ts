// The one rule for every request the commands that call a deployment send (record, contract, the
// contract suite and its generated checks): a redirect is followed only to the same origin. They
// send the deployment's key in `x-api-key`, which fetch keeps on a redirect to another origin (it
// drops only `Authorization`): a redirect elsewhere handed the key to whoever it named
// (docs/security.md, "Commands that call a deployment").

/** Redirects followed in a row before giving up, as a loop would otherwise never end. */
const MAX_REDIRECTS = 5;

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Headers that describe a body: dropped with the body when a redirect turns a request into a GET. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

/** A redirect not followed, and why; its message says where it pointed and what to do. */
export class RedirectRefused extends Error {
  override name = 'RedirectRefused';
  constructor(
    readonly from: string,
    readonly status: number,
    /** Where the redirect pointed: an absolute URL. */
    readonly location: string,
    why: string,
  ) {
    super(`${from} answered ${status}, a redirect to ${location}: ${why}`);
  }
}

const originOf = (url: string): string => new URL(url).origin;

/**
 * `fetch` that follows a redirect only within the origin (scheme, host and port) of the URL asked
 * for, at most MAX_REDIRECTS in a row, as fetch would follow it (303, and 301 or 302 after a POST,
 * become a GET without the body). A redirect to another origin is not followed: it rejects with
 * RedirectRefused, which names the URL it pointed to, and nothing, the key least of all, is sent
 * there. A 3xx without a Location is answered as it is.
 */
export async function sameOriginFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const origin = originOf(url);
  let current = url;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  const headers = new Headers(init.headers);
  for (let followed = 0; ; followed++) {
    const res = await fetch(current, { ...init, method, body, headers, redirect: 'manual' });
    const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel();
    let next: string;
    try {
      next = new URL(location, current).href;
    } catch {
      throw new RedirectRefused(`${method} ${current}`, res.status, location, 'not a URL; not followed');
    }
    if (originOf(next) !== origin) {
      throw new RedirectRefused(
        `${method} ${current}`,
        res.status,
        next,
        `another origin than ${origin}, so it was not followed and nothing was sent there (the key least of all). ` +
          'If that is the address of the deployment itself, give it instead',
      );
    }
    if (followed >= MAX_REDIRECTS) {
      throw new RedirectRefused(
        `${method} ${current}`,
        res.status,
        next,
        `the ${MAX_REDIRECTS + 1}th redirect in a row; not followed (a redirect loop?)`,
      );
    }
    if (
      (res.status === 303 && method !== 'HEAD') ||
      ((res.status === 301 || res.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
      for (const name of BODY_HEADERS) headers.delete(name);
    }
    current = next;
  }
}
