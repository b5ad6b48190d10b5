// Answers the pipeline gives: data in the { data } envelope, errors in the error body.
import { CatalogError, MethodNotAllowed, type ErrorKind } from '../domain/errors.js';
import type { Problem } from '../domain/problem.js';
import type { ErrorBody } from '../domain/types.js';
import type { MockAnswer } from './types.js';

/**
 * Tells the stored records of an answer from the rest: a record may be sent from the encoded cache,
 * which is right only for a value the store holds (never changed in place). The code that answers
 * names its source, e.g. the Scope its records come from; nothing is cached without one.
 */
export interface RecordSource {
  holds(value: object): boolean;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The HTTP status of each kind of error: the one place kinds become statuses. */
const STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'too-large': 413,
  'unsupported-media-type': 415,
  unprocessable: 422,
  'storage-full': 507,
  'storage-unavailable': 503,
};

const statusOf = (kind: ErrorKind): number => STATUS[kind];

/** Every 2xx body is wrapped as { data } (docs/behaviour.md, "Response envelope"). */
export function dataAnswer(payload: unknown, records?: RecordSource, status = 200): MockAnswer {
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE }, json: { data: payload }, records };
}

/** The error body: { message, status, errors? }, not wrapped (docs/behaviour.md, "Errors"). */
export function problemAnswer(
  status: number,
  message: string,
  errors?: Problem[],
  headers: Record<string, string> = {},
): MockAnswer {
  const json: ErrorBody = errors?.length ? { message, status, errors } : { message, status };
  return { status, headers: { 'content-type': JSON_CONTENT_TYPE, ...headers }, json };
}

/** Turns anything thrown into an error answer; anything but a CatalogError is a bug here: a 500. */
export function errorAnswer(err: unknown, log: (err: unknown) => void = console.error): MockAnswer {
  if (err instanceof CatalogError) {
    const headers: Record<string, string> =
      err instanceof MethodNotAllowed ? { allow: err.allowed.join(', ') } : {};
    return problemAnswer(statusOf(err.kind), err.message, err.errors, headers);
  }
  log(err);
  const message = err instanceof Error ? err.message : String(err);
  return problemAnswer(500, 'Internal error in the mock (a bug): ' + message);
}
