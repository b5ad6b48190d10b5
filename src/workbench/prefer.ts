// The `Prefer` request header of a simulated answer: `code=503`, `delay=1500`, or both.
import { badRequest } from '../domain/errors.js';

/** The longest delay a request or a rule may ask for: a minute is slow enough for any loading state. */
export const MAX_DELAY_MS = 60_000;
/** Failures any operation may be asked for, whether it documents them or not: what a gateway or a busy service answers. */
export const ALWAYS_SIMULATED = [429, 500, 502, 503, 504] as const;
/** The longest Retry-After a simulated failure may carry, in seconds: a day. */
export const MAX_RETRY_AFTER_S = 86_400;

export interface Preference {
  /** The status to answer instead of the operation's own answer. */
  code?: number;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
  /** Seconds for the Retry-After header of the simulated failure. */
  retryAfterSeconds?: number;
  /** Close the connection without an answer, or halfway through one, as a network failure does. */
  network?: NetworkFailure;
}

/**
 * The network failures the mock simulates: `reset`, the connection closed without an answer and
 * nothing done; `lost`, the operation run (a write applied) and its answer lost on the way back, the
 * failure a retry of a write must cope with; `cut`, the operation run and its answer cut off halfway,
 * status and headers whole, so that reading the body fails (docs/behaviour.md, "Simulated failures
 * and latency").
 */
const NETWORK_FAILURES = ['reset', 'lost', 'cut'] as const;
export type NetworkFailure = (typeof NETWORK_FAILURES)[number];

/**
 * The status a request log and journal give a connection the mock closed without answering: the
 * one nginx logs for the same (no answer was sent, so no client sees it).
 */
export const CLOSED_WITHOUT_ANSWER = 444;

/** A delay in ms, as a request or a rule gives it: a whole number, 0 to MAX_DELAY_MS. */
function checkDelay(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DELAY_MS) {
    throw badRequest(`${what} must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
  }
  return value;
}

/** The preferences the mock acts on; others (return=minimal, ...) are left to the server they are for. */
const ACTED_ON = new Set(['code', 'delay', 'network', 'retry-after']);

/**
 * Reads the preferences this server acts on from Prefer header values (RFC 7240: comma-separated,
 * the header may repeat). As RFC 7240 has it, the first of a preference given twice is
 * the one taken, and the later ones are ignored. One given without a value (`Prefer: code`) is read
 * as given an empty value, and so refused: ignored, it asked for a failure and none came.
 */
export function parsePrefer(header: string | readonly string[] | undefined): Preference {
  if (header === undefined) return {};
  const preference: Preference = {};
  const seen = new Set<string>();
  for (const item of (typeof header === 'string' ? header : header.join(',')).split(/[,;]/)) {
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    if (!ACTED_ON.has(name) || seen.has(name)) continue;
    seen.add(name);
    const text =
      eq < 0
        ? ''
        : item
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(text)) {
        throw badRequest(`Prefer: code=${text} is not an HTTP status; send e.g. Prefer: code=503`);
      }
      preference.code = Number(text);
    } else if (name === 'delay') {
      preference.delayMs = checkDelay(/^\d+$/.test(text) ? Number(text) : NaN, `Prefer: delay=${text}:`);
    } else if (name === 'network') {
      if (!(NETWORK_FAILURES as readonly string[]).includes(text.toLowerCase())) {
        throw badRequest(
          `Prefer: network=${text} is not a network failure the mock simulates; send Prefer: network=reset ` +
            '(no answer, nothing done), network=lost (the operation runs, its answer is lost) or ' +
            'network=cut (the operation runs, its answer is cut off halfway)',
        );
      }
      preference.network = text.toLowerCase() as NetworkFailure;
    } else if (name === 'retry-after') {
      preference.retryAfterSeconds = checkRetryAfter(
        /^\d+$/.test(text) ? Number(text) : NaN,
        `Prefer: retry-after=${text}:`,
      );
    }
  }
  if (preference.network !== undefined && preference.code !== undefined) {
    throw badRequest(
      `Prefer: network=${preference.network} is a failure of the connection, not an answer; it cannot go with code=${preference.code}`,
    );
  }
  // Retry-After belongs to a failure (RFC 9110, 10.2.3): alone it would be silently dropped.
  if (
    preference.retryAfterSeconds !== undefined &&
    !(preference.code !== undefined && preference.code >= 400)
  ) {
    throw badRequest(
      `Prefer: retry-after=${preference.retryAfterSeconds} needs a failure code beside it, e.g. Prefer: code=503, retry-after=${preference.retryAfterSeconds}`,
    );
  }
  return preference;
}

/** Seconds for a Retry-After, as a request or a rule gives them: a whole number, 0 to MAX_RETRY_AFTER_S. */
function checkRetryAfter(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_RETRY_AFTER_S) {
    throw badRequest(`${what} must be a whole number of seconds from 0 to ${MAX_RETRY_AFTER_S}`);
  }
  return value;
}

/**
 * The statuses a request may ask for on an operation: those it documents (a 2xx or 3xx asked for is
 * its own answer), and ALWAYS_SIMULATED.
 */
export function simulatedStatuses(documented: Iterable<string>): number[] {
  const statuses = new Set<number>(ALWAYS_SIMULATED);
  for (const key of documented) if (/^[1-5]\d\d$/.test(key)) statuses.add(Number(key));
  return [...statuses].sort((a, b) => a - b);
}

/** Throws a 400 naming the allowed statuses when `code` is not one of them. */
export function checkSimulatedStatus(code: number, allowed: readonly number[], operationId: string): void {
  if (!allowed.includes(code)) {
    throw badRequest(
      `Prefer: code=${code} cannot be simulated on ${operationId}; allowed: ${allowed.join(', ')}`,
    );
  }
}

/**
 * What the request log and journal say of a connection closed as a simulated network failure; for
 * `lost` and `cut`, answerLost adds the status the operation answered once it ran.
 */
export function simulatedNetworkFailure(network: NetworkFailure, source: string): string {
  switch (network) {
    case 'lost':
      return `Simulated network failure (${source}): the operation ran, then the connection was reset: its answer was lost`;
    case 'cut':
      return `Simulated network failure (${source}): the operation ran, then its answer was cut off halfway and the connection closed`;
    case 'reset':
      return `Simulated network failure (${source}): the connection was reset without an answer; nothing was changed`;
  }
}

/**
 * The log and journal message of a `lost` or `cut` answer, once the operation's own status is known: a 2xx
 * to a write means the change is stored, a 4xx that nothing was.
 */
export function answerLost(message: string, status: number): string {
  return `${message} (it was ${status})`;
}

/** The error body of a simulated failure: the documented error shape, saying what happened. */
export function simulatedError(status: number, source: string): { message: string; status: number } {
  return { message: `Simulated failure ${status} (${source}); nothing was changed`, status };
}
