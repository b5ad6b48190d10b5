// What every answer tells a browser about reading it from another origin (docs/behaviour.md,
// "Addressing"): the origins the boundary allows may, with or without credentials, and the headers an
// app is told to read are readable.
import cors from 'cors';
import type { RequestHandler } from 'express';
import type { Boundary } from './browserBoundary.js';

/**
 * Response headers a page on another origin may read besides the CORS-safelisted ones: `Allow`,
 * which a 405 lists the path's methods in (docs/api.md, "Responses and errors"), and `Retry-After`, which
 * a simulated failure carries when asked (docs/behaviour.md, "Simulated failures and latency"): an
 * app's retry logic reads it; and `X-Mock-Source`, which says under `serve --upstream` where an
 * answer came from (docs/upstream.md, "Where an answer came from").
 */
export const EXPOSED_HEADERS: readonly string[] = ['Allow', 'Retry-After', 'X-Mock-Source'];

/**
 * Any origin, where an answer is written before the request's headers are read (a 431): the answer
 * holds nothing but the refusal's own message, so a page anywhere may read it (docs/security.md).
 */
export const ALLOWED_ORIGIN = '*';

/**
 * The request's own origin, and credentials allowed, for the origins the boundary allows (every
 * loopback one by default, more with --cors-origin: docs/security.md): a page whose fetches say
 * `credentials: 'include'` (or an axios `withCredentials`) is refused every answer that says `*`
 * (docs/behaviour.md, "Addressing"). Any other origin gets no CORS header: its page reads nothing.
 * A request without an Origin header is not a browser's cross-origin one and needs none of this.
 * Preflights are cached for 600 s: a page under development sends fewer of them.
 */
export const corsMiddleware = (boundary: Boundary): RequestHandler =>
  cors({
    origin: (origin, allow) => allow(null, origin !== undefined && boundary.originAllowed(origin)),
    credentials: true,
    maxAge: 600,
    exposedHeaders: [...EXPOSED_HEADERS],
  });
