// The server of `product-catalog-mock serve`, on the thread src/serveCommand.ts starts for it.
import { parentPort, workerData } from 'node:worker_threads';
import { applyHeapPolicy } from './heapPolicy.js';
import { resolveSeed } from './seed.js';
import { startServer } from './server.js';
import { warmSearchTexts } from './searchWarmup.js';
import { checkDataPath } from './store/dataPath.js';
import type { Listening, ServeOptions } from './serveCommand.js';

const opts = workerData as ServeOptions;
// Before the seed is built, which can take a while: a --data path that cannot be written ends it at once.
if (opts.data) await checkDataPath(opts.data);
// The heap policy comes once the catalog is loaded: a small growth while a catalog is built collects
// the growing old generation over and over (docs/performance.md, "Start-up").
const seed = await resolveSeed(opts.seed);
const running = await startServer({
  port: opts.port,
  host: opts.host,
  region: opts.region,
  apiKeys: opts.apiKey,
  publicReads: opts.publicReads,
  data: opts.data,
  compactAfterMb: opts.compactAfter,
  seed,
  seedName: opts.seed,
});
applyHeapPolicy();
// The main thread says where it listens, once it passes signals on: see serveOnThread.
parentPort?.once('message', () => void running.close().then(() => process.exit(0)));
parentPort?.postMessage({ listening: running.url } satisfies Listening);
void warmSearchTexts(seed.products);
