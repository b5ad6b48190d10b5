import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ApiError } from '../domain/errors.js';
import type { ErrorBody } from '../domain/types.js';
import { readablePath } from '../readablePath.js';

interface ValidatorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  errors?: ValidatorItem[];
  limit?: number;
}

export function sendError(
  res: Response,
  status: number,
  message: string,
  errors?: ErrorBody['errors'],
): void {
  const body: ErrorBody = errors?.length ? { message, status, errors } : { message, status };
  res.status(status).json(body);
}

function validatorItems(items: ValidatorItem[]): { path: string; message: string }[] {
  return items.map((item) => {
    const path = readablePath(item.path ?? '');
    // `not: {}` marks a field that may not be sent at all (spaceIds on a merge push).
    if (item.errorCode?.startsWith('not.')) return { path, message: 'may not be sent' };
    const message = item.message ?? 'is invalid';
    // null or a scalar where a list belongs: the way to empty a list is [].
    return {
      path,
      message: message === 'must be array' ? 'must be an array (send [] to clear it)' : message,
    };
  });
}

/** Turns anything thrown into the error body of behaviour.md section 4; a 500 means a bug here. */
export const errorHandler: ErrorRequestHandler = (err: unknown, req, res, next) => {
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
  if (status === 404 && Array.isArray(e.errors)) return notFoundHandler(req, res, next);
  if (status === 415) {
    const type = req.headers['content-type'];
    return type
      ? sendError(res, 415, `Content-Type ${type} is not accepted here; send a JSON body as application/json`)
      : sendError(res, 400, 'A JSON request body is required (Content-Type: application/json)');
  }
  if (status === 405) {
    const allow = (e as { headers?: { Allow?: string } }).headers?.Allow;
    if (allow) res.set('Allow', allow);
    return sendError(
      res,
      405,
      `${req.method} is not allowed on ${req.path}; allowed: ${allow ?? 'see /docs'}`,
    );
  }
  if (Array.isArray(e.errors) && status >= 400 && status < 500) {
    const items = validatorItems(e.errors);
    const message =
      status === 400
        ? items.map((i) => `${i.path} ${i.message}`).join('; ')
        : (e.message ?? 'Request rejected');
    return sendError(res, status, message, items);
  }
  if (status >= 400 && status < 500) return sendError(res, status, e.message ?? 'Request rejected');
  console.error(err);
  sendError(res, 500, 'Internal error in the mock (a bug): ' + (e.message ?? String(err)));
};

export const notFoundHandler: RequestHandler = (req, res) =>
  sendError(
    res,
    404,
    `No route ${req.method} ${req.originalUrl.split('?')[0]}; see /docs for the API reference`,
  );
