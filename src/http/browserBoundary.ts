// Where a browser may reach the mock from (docs/security.md): the names it answers to (`Host`), the
// pages that may read its answers (CORS) and the pages that may call its admin endpoints. A page
// the developer visits must not drive a mock on their laptop: DNS rebinding reaches it under a name
// the page controls, and a cross-site simple request needs no CORS to reset it.
import { isIP } from 'node:net';
import type { RequestHandler } from 'express';
import { CatalogError } from '../domain/errors.js';
import { corsMiddleware } from './cors.js';
import { ALL_HOSTS, allowedHostProblem, corsOriginProblem, hostnameOf, isLoopback } from './loopback.js';

/** What draws the boundary: createApp's options, the command line's --host, --allowed-host and --cors-origin. */
export interface BoundaryOptions {
  /** The address the server listens on: a `Host` naming it is answered. */
  host?: string;
  /**
   * More names a `Host` may give: `mock.example.test`, or `.example.test` for it and every name below
   * it; `'all'` (or a list holding `all`) answers every `Host`.
   */
  allowedHosts?: readonly string[] | 'all';
  /**
   * More origins whose pages may read the answers and call the admin endpoints, besides every
   * loopback one: `https://app.example.test` (scheme, host and port), `null` (a sandboxed or file
   * page), or `*` for every origin.
   */
  corsOrigins?: readonly string[];
}

/** The boundary as a request meets it. */
export interface Boundary {
  /** Whether a request's `Host` header may be answered. */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** Whether a page of this origin (an `Origin` header's value) may read answers. */
  originAllowed(origin: string): boolean;
}

/** Listening on every address names none a `Host` may give. */
const WILDCARD = new Set(['0.0.0.0', '::', '']);

/** Refuses options a request would never match, at start-up (the CLI refuses them as it parses). */
function checkBoundaryOptions(options: BoundaryOptions): void {
  const { allowedHosts, corsOrigins } = options;
  if (allowedHosts !== undefined && allowedHosts !== ALL_HOSTS) {
    if (!Array.isArray(allowedHosts)) {
      throw new Error(`allowedHosts must be a list of host names or '${ALL_HOSTS}'`);
    }
    for (const value of allowedHosts as readonly string[]) {
      const problem = allowedHostProblem(value);
      if (problem) throw new Error(`allowedHosts: ${problem}`);
    }
  }
  if (corsOrigins !== undefined) {
    if (!Array.isArray(corsOrigins)) throw new Error('corsOrigins must be a list of origins');
    for (const value of corsOrigins as readonly string[]) {
      const problem = corsOriginProblem(value);
      if (problem) throw new Error(`corsOrigins: ${problem}`);
    }
  }
}

/** The boundary the options draw. */
export function boundaryOf(options: BoundaryOptions = {}): Boundary {
  checkBoundaryOptions(options);
  const hosts = options.allowedHosts === ALL_HOSTS ? [ALL_HOSTS] : (options.allowedHosts ?? []);
  const anyHost = hosts.some((h) => h.trim().toLowerCase() === ALL_HOSTS);
  const names = new Set<string>();
  const domains: string[] = [];
  for (const value of hosts) {
    const name = hostnameOf(value);
    if (name.startsWith('.')) domains.push(name);
    else names.add(name);
  }
  const listened = options.host === undefined ? '' : hostnameOf(options.host);
  if (!WILDCARD.has(listened)) names.add(listened);
  const origins = new Set((options.corsOrigins ?? []).map((o) => o.trim().replace(/\/$/, '')));
  const anyOrigin = origins.has('*');
  const hostAllowed = (hostHeader: string): boolean => {
    const name = hostnameOf(hostHeader);
    // An address cannot be rebound: a page whose origin is an address is on that address.
    if (isLoopback(name) || isIP(name) !== 0 || names.has(name)) return true;
    return domains.some((d) => name === d.slice(1) || name.endsWith(d));
  };
  const originAllowed = (origin: string): boolean => {
    if (anyOrigin || origins.has(origin)) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(hostnameOf(url.host));
  };
  // Every request asks with the same few values: remembered, the answer costs a lookup, where
  // reading an address took microseconds of every read (docs/performance.md, "One middleware per request").
  const knownHosts = remembered(hostAllowed);
  const knownOrigins = remembered(originAllowed);
  return {
    // No Host: not a browser's request (every browser sends one), so no rebinding.
    hostAllowed: (hostHeader) => anyHost || hostHeader === undefined || knownHosts(hostHeader),
    originAllowed: knownOrigins,
  };
}

/** Values remembered at most: a client that sends a new Host each time empties the memory, no more. */
const REMEMBERED = 64;

/** `decide`, remembering its answers for up to REMEMBERED values. */
function remembered(decide: (value: string) => boolean): (value: string) => boolean {
  const answers = new Map<string, boolean>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) {
      answer = decide(value);
      if (answers.size >= REMEMBERED) answers.clear();
      answers.set(value, answer);
    }
    return answer;
  };
}

/**
 * Whether a request comes from a page on another site: an `Origin` that names neither the request's
 * own origin nor one the boundary allows, or, without one, `Sec-Fetch-Site: cross-site`.
 */
function crossSiteRefused(
  boundary: Boundary,
  origin: string | undefined,
  fetchSite: string | undefined,
  hostHeader: string | undefined,
): boolean {
  if (origin !== undefined) {
    if (boundary.originAllowed(origin)) return false;
    // The mock's own pages (/docs) send their own origin with every write.
    try {
      return hostHeader === undefined || new URL(origin).host !== hostHeader.toLowerCase();
    } catch {
      return true;
    }
  }
  return fetchSite === 'cross-site';
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The app's guard, before any route, with its CORS: a `Host` the boundary does not allow gets a 403
 * naming --allowed-host, and a cross-site request to /__admin one naming --cors-origin. Neither
 * reaches the request journal (res.locals.outsideBoundary, see workbenchHook.ts): a page outside
 * must not push the app's requests out of it. Every answer says `X-Content-Type-Options: nosniff`:
 * a browser then never reads a JSON answer, or a demo picture, as a page or a script. One
 * middleware, not three: every request enters each (docs/performance.md, "One middleware per request").
 */
export function boundaryGuard(boundary: Boundary): RequestHandler {
  const cors = corsMiddleware(boundary);
  return (req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const host = req.headers.host;
    if (!boundary.hostAllowed(host)) {
      res.locals.outsideBoundary = true;
      const name = hostnameOf(host ?? '');
      return next(
        new CatalogError(
          'forbidden',
          `Host "${host}" is not a name this mock answers to: it answers loopback names (localhost, *.localhost), ` +
            `IP addresses and the --host it listens on, so that a web page cannot reach it under a name of its own (DNS rebinding). ` +
            `If you reach it by this name, start it with --allowed-host ${name} (allowedHosts in code; --allowed-host ${ALL_HOSTS} answers every name)`,
        ),
      );
    }
    // In any case: express routes /__ADMIN/reset as /__admin/reset.
    if (req.path.toLowerCase().startsWith('/__admin')) {
      const origin = first(req.headers.origin);
      if (crossSiteRefused(boundary, origin, first(req.headers['sec-fetch-site']), host)) {
        res.locals.outsideBoundary = true;
        return next(
          new CatalogError(
            'forbidden',
            `A page on another site (${origin === undefined ? 'Sec-Fetch-Site: cross-site' : `Origin ${origin}`}) may not call the admin endpoints: ` +
              'by default only pages on loopback origins (such as http://localhost:5173) may. ' +
              `To let this one, start the mock with --cors-origin ${origin ?? 'ORIGIN'} (corsOrigins in code)`,
          ),
        );
      }
    }
    cors(req, res, next);
  };
}
