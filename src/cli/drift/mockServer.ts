// The mock the drift report compares with: served over HTTP on a free port of 127.0.0.1, with its
// records exactly as recorded. startServer would move media URLs on the demo placeholder origin
// (http://localhost:4010/__media, what a mock started with its default port answers) to its own
// origin, and every product holding one would differ from the deployment's.
import type { AddressInfo } from 'node:net';
import { closeApp, createApp } from '../../app.js';
import { createExpressServer } from '../../http/expressServer.js';
import type { SeedData } from '../../domain/types.js';

export interface DriftMock {
  url: string;
  close(): Promise<void>;
}

/** Starts the mock on `seed` without binding the seed's media to its origin. */
export async function startDriftMock(seed: SeedData): Promise<DriftMock> {
  const app = await createApp({ seed, seedName: 'drift' });
  const server = createExpressServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  }).catch(async (err: unknown) => {
    await closeApp(app);
    throw err;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeApp(app);
    },
  };
}
