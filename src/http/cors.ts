// What every answer tells a browser about reading it from another origin (docs/behaviour.md,
// "Addressing"): any origin may, with or without credentials, and the headers an app is told to read
// are readable.
import cors from 'cors';
import type { RequestHandler } from 'express';

/**
 * Response headers a page on another origin may read besides the CORS-safelisted ones: `Allow`,
 * which a 405 lists the path's methods in (README, "Responses and errors"), and `Retry-After`, which
 * a simulated failure carries when asked (docs/behaviour.md, "Simulated failures and latency"): an
 * app's retry logic reads it; and `X-Mock-Source`, which says under `serve --upstream` where an
 * answer came from (docs/upstream.md, "Where an answer came from").
 */
export const EXPOSED_HEADERS: readonly string[] = ['Allow', 'Retry-After', 'X-Mock-Source'];

/**
 * Any origin, where an answer is written before the request's headers are read (a 431): the mock
 * serves pages under development wherever they are served from.
 */
export const ALLOWED_ORIGIN = '*';

/**
 * The request's own origin, and credentials allowed: a page whose fetches say
 * `credentials: 'include'` (or an axios `withCredentials`) is refused every answer that says `*`
 * (docs/behaviour.md, "Addressing"). A request without an Origin header is not a browser's
 * cross-origin one and needs none of this. Preflights are cached for 600 s: a page under development
 * sends fewer of them.
 */
export const corsMiddleware = (): RequestHandler =>
  cors({ origin: true, credentials: true, maxAge: 600, exposedHeaders: [...EXPOSED_HEADERS] });
