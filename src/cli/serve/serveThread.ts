// The server of `product-catalog-mock serve`, on the thread tuning.ts starts for it.
import { parentPort, workerData } from 'node:worker_threads';
import { startServing, type ServeOptions } from './startServing.js';
import type { ServerMessage } from './tuning.js';

const post = (message: ServerMessage) => parentPort?.postMessage(message);
const running = await startServing(workerData as ServeOptions, {
  progress: (done, total, step) => post({ progress: { done, total, step } }),
  seeded: (products, ms, cache) => post({ seeded: { products, ms, cache } }),
  allRead: (products, ms) => post({ allRead: { products, ms } }),
});
// The main thread says where it listens, once it passes signals on: see serveOnThread.
parentPort?.once('message', () => void running.close().then(() => process.exit(0)));
post({ listening: running.url });
