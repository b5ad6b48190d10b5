import type { ErrorKind } from '../domain/errors.js';

/** The HTTP status of each kind of error: the one place kinds become statuses. */
const STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  'too-large': 413,
  'unsupported-media-type': 415,
  'storage-full': 507,
};

export const statusOf = (kind: ErrorKind): number => STATUS[kind];
