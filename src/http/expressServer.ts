import {
  createServer,
  IncomingMessage,
  maxHeaderSize,
  ServerResponse,
  STATUS_CODES,
  type Server,
  type ServerOptions as HttpServerOptions,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { problemAnswer } from '../pipeline/answers.js';
import type { Workbench } from '../workbench/workbench.js';
import { ALLOWED_ORIGIN, EXPOSED_HEADERS } from './cors.js';
import { attachedWorkbench } from './appWorkbench.js';

/**
 * node's limits on how long a request may take to arrive (node:http's defaults when absent: headers
 * within 60 s, the whole request within 300 s, checked every 30 s).
 */
export type RequestTimeouts = Pick<
  HttpServerOptions,
  'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'
>;

/**
 * An http server whose requests and responses are created with express's prototypes. Express sets
 * them on every request (Object.setPrototypeOf), and V8 treats that as a change of shape of a live
 * object, which cost more than the rest of a read (docs/performance.md, "Express prototypes").
 * Created with the right prototype already, the call changes nothing.
 */
export function createExpressServer(
  app: Express,
  timeouts: RequestTimeouts = {},
  /** Whose log and journal get the requests node refuses; an app createApp made names its own. */
  workbench: Workbench | undefined = attachedWorkbench(app),
): Server {
  // Plain functions, not classes: express's prototypes must be the objects' own prototypes.
  function Request(this: object, ...args: unknown[]): void {
    Reflect.apply(IncomingMessage, this, args);
  }
  Request.prototype = app.request;
  function Response(this: object, ...args: unknown[]): void {
    Reflect.apply(ServerResponse, this, args);
  }
  Response.prototype = app.response;
  const server = createServer(
    {
      ...timeouts,
      IncomingMessage: Request as unknown as typeof IncomingMessage,
      ServerResponse: Response as unknown as typeof ServerResponse,
    },
    app,
  );
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const refusal = answerClientError(err, socket, server);
    // The log and journal of an app createApp made get these requests too (docs/workbench.md, "Request log").
    // A request that timed out is not one the client sent wrong: the log and journal keep requests.
    if (refusal && workbench && err.code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
      workbench.completed({ ...requestLineOf(err), at: Date.now(), durationMs: 0, ...refusal });
    }
  });
  return server;
}

/** The longest URL a log line or journal entry shows of a refused request. */
const URL_SHOWN = 200;

/**
 * The method and URL of a request node refused, from the bytes it was reading: a request line, when
 * they begin with one (a long URL fits in the first chunk a client sends); '-' otherwise.
 */
function requestLineOf(err: NodeJS.ErrnoException): { method: string; url: string } {
  const raw = (err as { rawPacket?: unknown }).rawPacket;
  const head = Buffer.isBuffer(raw) ? raw.subarray(0, URL_SHOWN + 64).toString('latin1') : '';
  // Printable ASCII only: a refused URL may hold control characters, which a log line would replay
  // to the terminal showing it (an escape sequence can retitle or garble it).
  const line = /^([A-Z]{1,16}) (\/[\x21-\x7e]*)/.exec(head);
  if (!line) return { method: '-', url: '-' };
  const url = line[2]!;
  return { method: line[1]!, url: url.length > URL_SHOWN ? `${url.slice(0, URL_SHOWN)}...` : url };
}

/** The status and message that answer a request node refused before express saw it. */
function refusalOf(err: NodeJS.ErrnoException, server: Server): { status: number; message: string } {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      message:
        `The request line and headers are larger than ${maxHeaderSize} bytes; shorten the URL ` +
        '(send a long list query as POST /products with a JSON body) or the headers',
    };
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // Not malformed: the client stopped sending, or sent too slowly, before the request was whole.
    const limits = [`its headers within ${server.headersTimeout / 1000} s`];
    if (server.requestTimeout > 0) limits.push(`all of it within ${server.requestTimeout / 1000} s`);
    return {
      status: 408,
      message: `The request did not arrive in time (${limits.join(', ')}): send it again, whole`,
    };
  }
  if (err.code === 'HPE_INVALID_URL') {
    return {
      status: 400,
      message:
        'The URL holds characters a URL may not: percent-encode them (encodeURIComponent) (HPE_INVALID_URL)',
    };
  }
  return { status: 400, message: `The request is not valid HTTP (${err.code ?? err.message})` };
}

/** Connections whose malformed request has been answered. */
const answered = new WeakSet<Duplex>();

/**
 * A request node:http refuses before express sees it (a URL and headers over Node's 16 KB limit,
 * a malformed request) is answered in the error format, not with node's bare status line. Returns
 * the status and message answered, for the request log; undefined when nothing was answered.
 */
function answerClientError(
  err: NodeJS.ErrnoException,
  socket: Duplex,
  server: Server,
): { status: number; message: string } | undefined {
  // llhttp reports every chunk that arrives after its first error: the connection is answered once.
  if (answered.has(socket)) return undefined;
  answered.add(socket);
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return undefined;
  }
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight?.req?.complete) {
    // A malformed request behind one whose body was read whole: that one's answer is still being
    // made. Written now, the 400 would come first, and a client would read it as the answer to a
    // write that was applied. That answer is sent whole, then the connection ends (an answer
    // pipelined behind it is lost, as node's own handling loses both).
    inFlight.shouldKeepAlive = false;
    inFlight.once('finish', () => socket.end());
    return undefined;
  }
  if (inFlight?.headersSent) {
    // The error is in the body of a request being answered: nothing can be added to that answer.
    socket.destroy();
    return undefined;
  }
  const { status, message } = refusalOf(err, server);
  const body = JSON.stringify(problemAnswer(status, message).json);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      // As every other answer (browserBoundary.ts).
      'X-Content-Type-Options: nosniff\r\n' +
      // The CORS headers of every other answer (cors.ts): without them a page on another origin
      // sees a CORS failure, not this message. A preflight refused here fails whatever it carries.
      `Access-Control-Allow-Origin: ${ALLOWED_ORIGIN}\r\n` +
      `Access-Control-Expose-Headers: ${EXPOSED_HEADERS.join(',')}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  return { status, message };
}
