// The command line's option values: each parser turns the text given into the value, or refuses it
// with a message commander prints after the option's name.
import { InvalidArgumentError } from 'commander';
import { wholeMilliseconds } from '../../contract/milliseconds.js';
import { apiKeyProblem } from '../../pipeline/auth.js';
import { allowedHostProblem, corsOriginProblem } from '../../http/loopback.js';
import { parseLatency } from '../../workbench/latency.js';

/**
 * A number written in decimal: Number() alone reads "" and " " as 0 (an empty PORT= would then pick a
 * free port, not refuse) and "0x10" or "1e3" as numbers nobody meant to type.
 */
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** A parser of decimal numbers that `valid` accepts; `refusal` says what else is wanted. */
const numberOption =
  (valid: (n: number) => boolean, refusal: string) =>
  (value: string): number => {
    const n = DECIMAL.test(value) ? Number(value) : NaN;
    if (!valid(n)) throw new InvalidArgumentError(refusal);
    return n;
  };

export const port = numberOption(
  (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  'must be a port number 0-65535',
);
export const positiveNumber = numberOption((n) => Number.isFinite(n) && n > 0, 'must be a positive number');
export const positiveInteger = numberOption(
  (n) => Number.isInteger(n) && n >= 1,
  'must be a whole number from 1',
);
export const integer = numberOption(Number.isInteger, 'must be a whole number');
/**
 * A parser of a value that must name something: an empty one, as a script's unset variable gives
 * (`--data "$DATA_FILE"`), would otherwise be taken as absent (data kept in memory only) or fail
 * later with a message that names neither the option nor the value.
 */
const namedOption =
  (refusal: string) =>
  (value: string): string => {
    if (value.trim() === '') throw new InvalidArgumentError(refusal);
    return value;
  };

export const dataFile = namedOption('names no file: give the file to keep the data in');
/** --out of seed and record: an empty one was otherwise said to be a directory (the current one). */
export const outFile = namedOption('names no file: give the path of the file to write');
export const keyFile = namedOption('names no file: give the file of keys, one per line');
export const host = namedOption('names no address: give one such as 127.0.0.1, 0.0.0.0 or ::1');
/** --settle-ms: read as CONTRACT_SETTLE_MS is (wholeMilliseconds). */
export function milliseconds(value: string): number {
  const ms = wholeMilliseconds(value);
  if (ms === undefined)
    throw new InvalidArgumentError('must be a whole number of milliseconds (digits only)');
  return ms;
}

/** A --latency value ("N" or "A-B" milliseconds), kept as given once it parses. */
export function latency(value: string): string {
  try {
    parseLatency(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
  return value;
}

/** --api-key, repeatable: each value checked as the server checks it (apiKeyProblem). */
export function apiKeys(value: string, previous: string[] = []): string[] {
  const problem = apiKeyProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return [...previous, value];
}

/** --allowed-host, repeatable: a host name, `.domain`, or `all` (docs/security.md). */
export function allowedHost(value: string, previous: string[] = []): string[] {
  const problem = allowedHostProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return [...previous, value];
}

/** --cors-origin, repeatable: an origin, `null`, or `*` (docs/security.md). */
export function corsOrigin(value: string, previous: string[] = []): string[] {
  const problem = corsOriginProblem(value);
  if (problem) throw new InvalidArgumentError(problem);
  return [...previous, value];
}
