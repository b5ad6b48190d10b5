// The server of `product-catalog-mock serve`, on the thread tuning.ts starts for it.
import { parentPort, workerData } from 'node:worker_threads';
import { startServing, type ServeOptions } from './startServing.js';
import type { Listening } from './tuning.js';

const running = await startServing(workerData as ServeOptions);
// The main thread says where it listens, once it passes signals on: see serveOnThread.
parentPort?.once('message', () => void running.close().then(() => process.exit(0)));
parentPort?.postMessage({ listening: running.url } satisfies Listening);
