import {
  createServer,
  IncomingMessage,
  maxHeaderSize,
  ServerResponse,
  STATUS_CODES,
  type Server,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import { problemAnswer } from '../pipeline/answers.js';
import { EXPOSED_HEADERS } from './cors.js';

/**
 * An http server whose requests and responses are created with express's prototypes. Express sets
 * them on every request (Object.setPrototypeOf), and V8 treats that as a change of shape of a live
 * object, which cost more than the rest of a read (docs/performance.md, "Express prototypes").
 * Created with the right prototype already, the call changes nothing.
 */
export function createExpressServer(app: Express): Server {
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
      IncomingMessage: Request as unknown as typeof IncomingMessage,
      ServerResponse: Response as unknown as typeof ServerResponse,
    },
    app,
  );
  server.on('clientError', answerClientError);
  return server;
}

/** Connections whose malformed request has been answered. */
const answered = new WeakSet<Duplex>();

/**
 * A request node:http refuses before express sees it (a URL and headers over Node's 16 KB limit,
 * a malformed request) is answered in the error format, not with node's bare status line.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // llhttp reports every chunk that arrives after its first error: the connection is answered once.
  if (answered.has(socket)) return;
  answered.add(socket);
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight?.req?.complete) {
    // A malformed request behind one whose body was read whole: that one's answer is still being
    // made. Written now, the 400 would come first, and a client would read it as the answer to a
    // write that was applied. That answer is sent whole, then the connection ends (an answer
    // pipelined behind it is lost, as node's own handling loses both).
    inFlight.shouldKeepAlive = false;
    inFlight.once('finish', () => socket.end());
    return;
  }
  if (inFlight?.headersSent) {
    // The error is in the body of a request being answered: nothing can be added to that answer.
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const message = tooLarge
    ? `The request line and headers are larger than ${maxHeaderSize} bytes; shorten the URL ` +
      '(send a long list query as POST /products with a JSON body) or the headers'
    : err.code === 'HPE_INVALID_URL'
      ? 'The URL holds characters a URL may not: percent-encode them (encodeURIComponent) (HPE_INVALID_URL)'
      : `The request is not valid HTTP (${err.code ?? err.message})`;
  const body = JSON.stringify(problemAnswer(status, message).json);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      // The CORS headers of every other answer (cors.ts): without them a page on another origin
      // sees a CORS failure, not this message. A preflight refused here fails whatever it carries.
      'Access-Control-Allow-Origin: *\r\n' +
      `Access-Control-Expose-Headers: ${EXPOSED_HEADERS.join(',')}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
