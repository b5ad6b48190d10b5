import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

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
  return createServer(
    {
      IncomingMessage: Request as unknown as typeof IncomingMessage,
      ServerResponse: Response as unknown as typeof ServerResponse,
    },
    app,
  );
}
