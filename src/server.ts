import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, workbenchOf, type MockOptions } from './app.js';
import { createExpressServer } from './http/expressServer.js';
import type { SeedData } from './store/store.js';

export interface ServerOptions extends MockOptions {
  /** 0 picks a free port. */
  port?: number;
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
  const app = await createApp(options);
  const host = options.host ?? '127.0.0.1';
  const server = createExpressServer(app);
  // Read here, not in the closure below: a closure that names `options` keeps it, and the seed it
  // holds (as generated, before it is rebased onto this origin), for the life of the server.
  const listenPort = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}`;
  // Before any request is read: from the first one on, the seed's demo media name this origin.
  const workbench = workbenchOf(app);
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
