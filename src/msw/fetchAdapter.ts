// A fetch Request to the pipeline's MockRequest and its MockAnswer back to a fetch Response: what the
// express adapter (src/http/expressAdapter.ts) does for node's http server, with web APIs only.
import { CatalogError } from '../domain/errors.js';
import { withLine } from '../domain/jsonPosition.js';
import type { MockAnswer, MockRequest } from '../pipeline/types.js';
import { foreignCharset } from '../pipeline/bodyCharset.js';
import { scalarJsonBody } from '../pipeline/scalarBody.js';
import { bodyBytesRefused } from '../pipeline/bodyGuard.js';

/** The express adapter's default limit (5mb), in bytes. */
const BODY_LIMIT = 5 * 1024 * 1024;

/** As express.json() reads a body: only a JSON content type; an object or array; a 400 when malformed. */
async function readJsonBody(request: Request, limit: number, read: MockRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  // Not JSON: left unread, and the validator answers 415 (or 400 when a body is required).
  if (!/^application\/json\s*(;|$)/i.test(type)) return undefined;
  const refused = foreignCharset(type);
  if (refused) throw refused;
  const bytes = await request.arrayBuffer();
  read.bodyBytes = bytes.byteLength;
  if (bytes.byteLength > limit) {
    throw new CatalogError('too-large', `Request body is larger than the limit of ${limit} bytes`);
  }
  // As the server refuses them, before they are parsed (src/http/expressAdapter.ts).
  const past = bodyBytesRefused(new Uint8Array(bytes));
  if (past) throw new CatalogError(past.status === 413 ? 'too-large' : 'invalid', past.message);
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new CatalogError('invalid', `Malformed JSON body: ${withLine((err as Error).message, text)}`);
  }
  // As express.json() (strict) takes only an object or an array, and says so.
  if (parsed === null || typeof parsed !== 'object') throw scalarJsonBody(text.trim());
  return parsed;
}

/** The neutral request for a fetch Request; `url` is the path (and query) the pipeline routes on. */
export function mockRequestOf(request: Request, url: string, limit = BODY_LIMIT): MockRequest {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const read: MockRequest = {
    method: request.method.toUpperCase(),
    url,
    headers,
    readBody: () => readJsonBody(request, limit, read),
  };
  return read;
}

/**
 * The headers of an answer as the server sends them: every answer says `X-Content-Type-Options:
 * nosniff` (docs/security.md, "Response headers"), as src/http/browserBoundary.ts has the server say.
 */
const headersOf = (answer: MockAnswer): Record<string, string> => ({
  ...answer.headers,
  'X-Content-Type-Options': 'nosniff',
});

/**
 * The fetch Response for an answer: its status, its headers, its JSON encoded. The answer to a HEAD
 * request has no body, as the server sends none: under msw's node interceptor a body given here
 * reached the caller of `fetch(url, { method: 'HEAD' })`.
 */
export function responseOf(answer: MockAnswer, method = 'GET'): Response {
  // A simulated network failure: fetch rejects, as it does when a connection drops.
  if (answer.closeWithoutAnswer) return Response.error();
  const body =
    answer.json === undefined || method.toUpperCase() === 'HEAD' ? null : JSON.stringify(answer.json);
  if (answer.cutOff && body !== null) return cutOff(answer, body);
  return new Response(body, { status: answer.status, headers: headersOf(answer) });
}

/**
 * A simulated `network=cut`: the status and headers whole, then a body that fails after its first
 * half, so that reading it rejects as it does when a connection drops halfway through an answer.
 */
function cutOff(answer: MockAnswer, body: string): Response {
  const bytes = new TextEncoder().encode(body);
  let halfSent = false;
  // Failed on the read after the half, not at once: a stream that fails drops what it still queues.
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (halfSent) {
        controller.error(
          new TypeError('The connection closed halfway through the answer (a simulated network failure)'),
        );
        return;
      }
      halfSent = true;
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.length / 2)));
    },
  });
  return new Response(stream, { status: answer.status, headers: headersOf(answer) });
}
