import express, { type RequestHandler } from 'express';
import { CatalogError, type ErrorKind } from '../domain/errors.js';
import { withLine } from '../domain/jsonPosition.js';
import type { Handle, MockRequest } from '../pipeline/types.js';
import { foreignCharset } from '../pipeline/bodyCharset.js';
import { scalarJsonBody } from '../pipeline/scalarBody.js';
import { bodyBytesRefused } from '../pipeline/bodyGuard.js';
import { writeAnswer } from './respond.js';

/** What body-parser and other http-errors style errors carry. */
interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  limit?: number;
  /** The text of a body that failed to parse. */
  body?: unknown;
  /** Set by zlib on a body that does not decompress. */
  errno?: number;
  /** The Content-Encoding body-parser does not read. A foreign charset is refused before it reads. */
  encoding?: string;
}

/** Whether text is JSON: express's parser refuses a JSON null, number or string as a body. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const KIND_OF_STATUS: Record<number, ErrorKind> = { 413: 'too-large', 415: 'unsupported-media-type' };

/** A body-parser failure in the mock's vocabulary; anything else is passed on as it is (a bug). */
export function bodyError(err: unknown): unknown {
  const e = (err ?? {}) as HttpLikeError;
  if (e.type === 'entity.parse.failed') {
    const text = typeof e.body === 'string' ? e.body.trim() : '';
    if (text !== '' && isJson(text)) return scalarJsonBody(text);
    return new CatalogError(
      'invalid',
      `Malformed JSON body: ${e.message === undefined ? 'cannot be parsed' : withLine(e.message, typeof e.body === 'string' ? e.body : '')}`,
    );
  }
  if (e.type === 'entity.too.large') {
    return new CatalogError('too-large', `Request body is larger than the limit of ${e.limit ?? '?'} bytes`);
  }
  // zlib's errors (Z_DATA_ERROR, and brotli's) carry a negative errno: the body is not what its
  // Content-Encoding says, in zlib's words ("incorrect header check").
  if (typeof e.errno === 'number' && e.errno < 0 && (e.status ?? e.statusCode) === 400) {
    return new CatalogError(
      'invalid',
      `The body cannot be decompressed as its Content-Encoding says (${e.message ?? 'corrupt'}); send it as it is, without Content-Encoding, or compressed that way`,
    );
  }
  if (e.type === 'encoding.unsupported') {
    return new CatalogError(
      'unsupported-media-type',
      `Content-Encoding ${e.encoding ?? '?'} is not accepted: send the body as it is, or compressed with gzip, deflate or br`,
    );
  }
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new CatalogError(KIND_OF_STATUS[status] ?? 'invalid', e.message ?? 'Request rejected');
  }
  return err;
}

const UNIT_BYTES: Record<string, number> = {
  b: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
  tb: 1024 ** 4,
  pb: 1024 ** 5,
};

/**
 * A body limit in bytes: a number, or a size such as "5mb" (units of 1024, as body-parser's); undefined
 * when it is neither, or below a byte. Read here, not by body-parser: its reading took "-1kb" as
 * -1024 and "1.5.5mb" as 1, and every body was then refused with a 413.
 */
function bodyLimitBytes(limit: string | number): number | undefined {
  const match = typeof limit === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([kmgtp]?b)?\s*$/i.exec(limit) : null;
  const bytes =
    typeof limit === 'number'
      ? limit
      : match
        ? Math.floor(Number(match[1]) * (UNIT_BYTES[(match[2] ?? 'b').toLowerCase()] ?? Number.NaN))
        : Number.NaN;
  // NaN compares false: refused too. Infinity is no limit, as body-parser takes it.
  return bytes >= 1 ? bytes : undefined;
}

/**
 * express's JSON parser with the body limit given; a limit that is no size, or below a byte (which
 * would refuse every body with a 413), is refused naming the option (body-parser's words name its
 * own, `limit`).
 */
function jsonParser(limit: string | number): RequestHandler {
  const bytes = bodyLimitBytes(limit);
  if (bytes === undefined) {
    throw new Error(
      `bodyLimit must be a size such as "5mb" or a number of bytes from 1, not ${typeof limit === 'string' ? JSON.stringify(limit) : String(limit)}`,
    );
  }
  return express.json({
    limit: bytes,
    // The bytes as parsed, after any Content-Encoding: Content-Length counts the compressed ones.
    verify: (req, _res, buf) => {
      (req as { bodyBytes?: number }).bodyBytes = buf.length;
      // Refused before JSON.parse reads it: parsing a deep body, or one of 200,000 small objects,
      // took seconds of the one thread.
      const refused = bodyBytesRefused(buf);
      if (refused) {
        throw Object.assign(new Error(refused.message), {
          status: refused.status,
          type: refused.status === 413 ? 'entity.too.costly' : 'entity.too.deep',
        });
      }
    },
  });
}

/**
 * Express in front of the pipeline: each request becomes a MockRequest (the body read by express's
 * JSON parser, only when the pipeline asks for it) and the answer is written back. Everything the
 * mock decides happens in the pipeline; this is transport only.
 */
export function expressAdapter(
  handle: Handle,
  options: { bodyLimit?: string | number } = {},
): RequestHandler {
  const parseJson = jsonParser(options.bodyLimit ?? '5mb');
  return (req, res, next) => {
    const request: MockRequest = {
      method: req.method,
      url: req.originalUrl,
      headers: req.headers,
      readBody: () =>
        new Promise((resolve, reject) => {
          // Only a JSON body is read; another type is the validator's 415, whatever its charset.
          const refused = req.is('application/json')
            ? foreignCharset(req.headers['content-type'])
            : undefined;
          if (refused) return reject(refused);
          parseJson(req, res, (err?: unknown) => {
            if (err) return reject(bodyError(err));
            request.bodyBytes = (req as { bodyBytes?: number }).bodyBytes;
            resolve(req.body);
          });
        }),
    };
    // For the request journal (workbenchHook.ts): what the pipeline learnt, should the client leave.
    res.locals.request = request;
    // A throw while writing goes to express's error handler too: left unhandled, it ended the process.
    handle(request)
      .then((answer) => writeAnswer(res, answer))
      .catch(next);
  };
}
