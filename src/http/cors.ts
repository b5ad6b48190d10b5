// What every answer tells a browser about reading it from another origin (docs/behaviour.md,
// "Addressing"): any origin may, and the headers an app is told to read are readable.
import cors from 'cors';
import type { RequestHandler } from 'express';

/**
 * Response headers a page on another origin may read besides the CORS-safelisted ones: `Allow`,
 * which a 405 lists the path's methods in (README, "Responses and errors"), and `Retry-After`, which
 * a simulated failure carries when asked (docs/behaviour.md, "Simulated failures and latency"): an
 * app's retry logic reads it.
 */
export const EXPOSED_HEADERS: readonly string[] = ['Allow', 'Retry-After'];

/** Any origin: the mock serves pages under development wherever they are served from. */
export const ALLOWED_ORIGIN = '*';

/** Preflights are cached for 600 s: a page under development sends fewer of them. */
export const corsMiddleware = (): RequestHandler =>
  cors({ origin: ALLOWED_ORIGIN, maxAge: 600, exposedHeaders: [...EXPOSED_HEADERS] });
