import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../domain/errors.js';
import type { ErrorBody } from '../domain/types.js';

/** What body-parser and other http-errors style errors carry. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  limit?: number;
}

export function sendError(
  res: Response,
  status: number,
  message: string,
  errors?: ErrorBody['errors'],
): void {
  const body: ErrorBody = errors?.length ? { message, status, errors } : { message, status };
  // For the request log: the message of the answer (src/http/workbenchHook.ts).
  res.locals.errorMessage = message;
  res.status(status).json(body);
}

/** Turns anything thrown into the error body of behaviour.md section 4; a 500 means a bug here. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, next) => {
  if (res.headersSent) return next(err);
  if (err instanceof ApiError) return sendError(res, err.status, err.message, err.errors);
  const e = (err ?? {}) as HttpLikeError;
  const status = e.status ?? e.statusCode ?? 500;
  if (e.type === 'entity.parse.failed') {
    return sendError(res, 400, `Malformed JSON body: ${e.message ?? 'cannot be parsed'}`);
  }
  if (e.type === 'entity.too.large') {
    return sendError(res, 413, `Request body is larger than the limit of ${e.limit ?? '?'} bytes`);
  }
  if (status >= 400 && status < 500) return sendError(res, status, e.message ?? 'Request rejected');
  console.error(err);
  sendError(res, 500, 'Internal error in the mock (a bug): ' + (e.message ?? String(err)));
};

/** The path a client asked for, prefix included, without the query. */
export const requestedPath = (req: Request): string => req.originalUrl.split('?')[0] ?? '';

export const notFoundHandler: RequestHandler = (req, res) =>
  sendError(res, 404, `No route ${req.method} ${requestedPath(req)}; see /docs for the API reference`);
