import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockApp, type AppOptions } from './app.js';
import { loadApiDocument } from './openapi/apiDocument.js';
import { checkStartOptions } from './startOptions.js';
import { createExpressServer } from './http/expressServer.js';
import type { SeedData } from './domain/types.js';

export interface ServerOptions extends AppOptions {
  /** 0 picks a free port. */
  port?: number;
  /** The address to listen on; default 127.0.0.1. A `Host` header naming it is answered (docs/security.md). */
  host?: string;
  /** With seedFile: each valid edit of the file becomes the seed (every scope starts over). */
  watch?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  /** The seed as served: its demo media on this server's origin. */
  seed(): SeedData;
  /** Stops listening, then closes the --data file once the writes given are stored. */
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  // Before the app: createMock checks the options it takes again, watch is the server's own.
  checkStartOptions(await loadApiDocument(), options);
  const host = options.host ?? '127.0.0.1';
  const { app, workbench } = await createMockApp({ ...options, host });
  const server = createExpressServer(app, {}, workbench);
  // Read here, not in the closure below: a closure that names `options` keeps it, and the seed it
  // holds (as generated, before it is rebased onto this origin), for the life of the server.
  const listenPort = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) => reject(listenError(err, host, listenPort));
    server.once('error', failed);
    server.listen(listenPort, host, () => {
      server.off('error', failed);
      resolve();
    });
  }).catch(async (err: unknown) => {
    // The mock opened its --data file: closed, not left to the collector.
    await workbench.close();
    throw err;
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  // Before any request is read: from the first one on, the seed's demo media name this origin.
  workbench.bindOrigin(url);
  const unwatch = options.watch ? workbench.watchSeed() : undefined;
  server.once('close', () => unwatch?.());
  return {
    url,
    port,
    server,
    seed: () => workbench.seeds.current,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
      // Left open, a --data journal would be closed only when collected, with a warning.
      await workbench.close();
    },
  };
}

/** A failure to listen, said in the options' terms; its code is kept. */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): NodeJS.ErrnoException {
  const why =
    err.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is in use: stop what listens there, or give another port (0 picks a free one)`
      : err.code === 'EADDRNOTAVAIL'
        ? `${host} is not an address of this machine: give one it has, such as 127.0.0.1`
        : err.code === 'EACCES'
          ? `port ${port} needs privileges: give a port from 1024, or 0 for a free one`
          : // A name that does not resolve (a typo such as "locahost"), or that could not be looked up.
            err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
            ? `${host} is not an address, nor a name this machine resolves: give an address such as 127.0.0.1, 0.0.0.0 or ::1`
            : undefined;
  return why ? Object.assign(new Error(`Cannot listen: ${why}`), { code: err.code }) : err;
}
