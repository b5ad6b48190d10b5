// Before any test: does the base URL answer, does it name a catalog, is the token accepted? One read.
// A misconfigured run ends here with one explanation instead of a hundred failing tests.
import { AnswerBrokeOff, fetchPatiently } from './retry.js';
import { RedirectRefused } from './sameOriginFetch.js';

/** The prefixes a deployment serves a catalog under (docs/behaviour.md, "Addressing"). */
const BASE_URL_SHAPES = [
  'https://HOST/{tenantId}/{environment}',
  'https://HOST/api/tenants/{tenantId}/{environment}',
  'https://HOST/regions/{region}/products/v1/tenants/{tenantId}/{environment}',
];

/** The exit code of a run that never started (contract, record): the target is misconfigured. */
export const EXIT_MISCONFIGURED = 2;

/** The token sent when none is given: the mock accepts any non-empty token by default. */
export const DEFAULT_TOKEN = 'contract-test-token';

/** The token to send: the one given, trimmed, or DEFAULT_TOKEN when none or a blank one is given. */
export const tokenToSend = (given: string | undefined): string => given?.trim() || DEFAULT_TOKEN;

/** A base URL as given, without surrounding spaces or trailing slashes. */
export const trimBaseUrl = (given: string): string => given.trim().replace(/\/+$/, '');

export interface PreflightFailure {
  /** What was tried. */
  tried: string;
  /** What came back, or that nothing did. */
  got: string;
  /** What to do about it. */
  advice: string;
}

const TIMEOUT_MS = 15_000;
const MAX_BODY_SHOWN = 200;

const shapes = BASE_URL_SHAPES.map((s) => `    ${s}`).join('\n');
const shapeAdvice = `The base URL must end in /{tenantId}/{environment}, in one of these shapes:\n${shapes}`;

/** Why the base URL cannot name a catalog, before anything is sent; undefined when it may. */
function baseUrlShapeProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `"${baseUrl}" is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${baseUrl}" is not an http(s) URL`;
  if (url.search || url.hash) return `"${baseUrl}" carries a query or fragment`;
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length < 2) return `"${baseUrl}" has no /{tenantId}/{environment} in its path`;
  const [last2, last1] = segments.slice(-2);
  if (last2 === 'tenants' || (segments.length === 2 && last2 === 'api') || last1 === 'tenants')
    return `"${baseUrl}" stops before /{tenantId}/{environment}`;
  return undefined;
}

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_BODY_SHOWN ? `${flat.slice(0, MAX_BODY_SHOWN)}...` : flat || '(empty body)';
};

/**
 * What to do about a read that got no whole answer. One that broke off halfway reached the service:
 * the host and port are right, and something cuts its answers short.
 */
export function noAnswerAdvice(err: Error): string {
  if (err.cause instanceof AnswerBrokeOff) {
    return (
      `The service answered ${err.cause.status}, but its answer broke off before its end each time it was asked: ` +
      'the service, or a proxy or gateway in front of it, cuts answers short. Check its logs, then run again.'
    );
  }
  return 'Check the host and port of --base-url, and that the service is running and reachable from this machine.';
}

/**
 * Checks the target (a base URL as trimBaseUrl leaves it) with one read; undefined when a contract run
 * can start. A rate limit or a busy gateway is waited for as in the run itself (retry.ts): the first
 * request of a run is the likeliest to meet one, and a deployment that limits its rate is not
 * misconfigured. `onRetry` is told of each wait.
 */
export async function preflight(
  baseUrl: string,
  apiKey: string,
  onRetry?: (message: string) => void,
): Promise<PreflightFailure | undefined> {
  const shapeProblem = baseUrlShapeProblem(baseUrl);
  if (shapeProblem) {
    return { tried: `reading the base URL`, got: shapeProblem, advice: shapeAdvice };
  }
  const url = `${baseUrl}/products?limit=1&select=productGroupId`;
  const tried = `GET ${url} with x-api-key: ${apiKey ? '<redacted>' : '(empty)'}`;
  let res: Response;
  let gaveUp: string | undefined;
  try {
    ({ res, gaveUp } = await fetchPatiently(
      url,
      { method: 'GET', headers: { accept: 'application/json', 'x-api-key': apiKey } },
      { tryTimeoutMs: TIMEOUT_MS, onRetry },
    ));
  } catch (err) {
    if (err instanceof RedirectRefused) {
      return {
        tried,
        got: `${err.status}, a redirect to ${err.location}`,
        advice: `${err.message}.`,
      };
    }
    const e = err as Error & { cause?: Error & { code?: string } };
    const cause = e.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : e.cause?.message;
    return { tried, got: `nothing: ${cause ?? e.message}`, advice: noAnswerAdvice(e) };
  }
  const text = await res.text();
  const got = `${res.status} ${clip(text)}`;
  const json = (res.headers.get('content-type') ?? '').includes('json');
  if (res.status === 401 || res.status === 403) {
    return {
      tried,
      got,
      advice:
        res.status === 401
          ? 'The token was refused. Pass a token of this deployment with --api-key (it is sent as x-api-key).'
          : 'The token was accepted but may not read this tenant. Use a token granted for this tenant and environment.',
    };
  }
  if (res.status === 404 || (res.ok && !json)) {
    return { tried, got, advice: `No catalog answers at this base URL. ${shapeAdvice}` };
  }
  if (res.status === 400) {
    return {
      tried,
      got,
      advice: `The service refused the tenant or environment of the base URL. ${shapeAdvice}`,
    };
  }
  if (gaveUp) return { tried, got, advice: `${gaveUp}.` };
  if (!res.ok) {
    return {
      tried,
      got,
      advice:
        'The service failed a plain read, the first request sent. Check that it is healthy, then run again.',
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const data = (body as { data?: { list?: unknown } } | undefined)?.data;
  if (!Array.isArray(data?.list)) {
    return { tried, got, advice: `This does not answer like a product catalog. ${shapeAdvice}` };
  }
  return undefined;
}

/** What a command that checks its target first is called in the explanation of a failed check. */
export interface CheckedRun {
  /** The command, which starts the explanation. */
  command: string;
  /** What the target is not ready for. */
  purpose: string;
  /** What did not happen. */
  untouched: string;
}

const CONTRACT_RUN: CheckedRun = {
  command: 'contract',
  purpose: 'a contract run',
  untouched: 'no test was run and nothing was written',
};

/** The explanation printed for a failed preflight: a handful of lines. */
export function describeFailure(failure: PreflightFailure, run: CheckedRun = CONTRACT_RUN): string {
  return [
    `${run.command}: the target is not ready for ${run.purpose}; ${run.untouched}.`,
    `  tried: ${failure.tried}`,
    `  got:   ${failure.got}`,
    '',
    failure.advice,
  ].join('\n');
}
