import type { Problem } from './problem.js';

/**
 * What went wrong, in the mock's own words: the one error vocabulary of every layer. The HTTP
 * adapter maps each kind to a status in one place (src/pipeline/answers.ts).
 */
export type ErrorKind =
  /** The request is malformed or breaks a rule: the client should change it. */
  | 'invalid'
  /** What the request names does not exist (a product, a route, a region). */
  | 'not-found'
  /** No access token, or one the server does not accept. */
  | 'unauthenticated'
  /** An accepted token that may not act on this tenant. */
  | 'forbidden'
  /** The path exists, not with this method. */
  | 'method-not-allowed'
  /** The body is larger than the server accepts. */
  | 'too-large'
  /** The body is not in a media type the operation takes. */
  | 'unsupported-media-type'
  /** The store could not persist the change because the disk or file is full; nothing was applied. */
  | 'storage-full'
  /** The request is well formed but what it names cannot be used (a seed file that no longer loads). */
  | 'unprocessable'
  /**
   * The store could not persist the change for another reason, or read a record it serves (a seed
   * file changed while it was read when used); nothing was applied.
   */
  | 'storage-unavailable';

/** An error a client caused or should know about; `problems` lists each thing wrong, when there are several. */
export class CatalogError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: Problem[],
  ) {
    super(message);
    this.name = 'CatalogError';
  }
}

export const badRequest = (message: string, errors?: Problem[]): CatalogError =>
  new CatalogError('invalid', message, errors);

export const notFound = (message: string): CatalogError => new CatalogError('not-found', message);

/**
 * The method is not one the path has: a 405 whose Allow header lists those it has. Thrown where the
 * operation is looked up (the validator, the admin guard) and answered by the pipeline, which adds
 * the header (pipeline/answers.ts); here, below both, so that neither imports the other for it.
 */
export class MethodNotAllowed extends CatalogError {
  constructor(
    method: string,
    path: string,
    readonly allowed: readonly string[],
  ) {
    super('method-not-allowed', `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`);
  }
}
