// The server of `product-catalog-mock serve`, on the thread src/serveCommand.ts starts for it.
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { applyHeapPolicy } from './heapPolicy.js';
import { resolveSeed, seedFileOf } from './seed.js';
import { startServer } from './server.js';
import type { ServeOptions, ServerMessage } from './serveCommand.js';
import type { SeedData } from './store/store.js';
import { parseLatency } from './workbench/latency.js';
import { mediaOrigin } from './workbench/demoMedia.js';

/** A seed this large shows its progress, and says when it is ready. */
const LARGE_SEED = 10_000;

const opts = workerData as ServeOptions;
const post = (message: ServerMessage) => parentPort?.postMessage(message);
const seedFile = seedFileOf(opts.seed);
if (opts.watch && seedFile === undefined) {
  throw new Error(`--watch needs --seed FILE (a JSON dataset file), not "${opts.seed}"`);
}
applyHeapPolicy();
/**
 * The seed, with its progress posted when it is large. Not kept in a variable of this module: the
 * server rebases it onto its origin (demo media), and this copy would stay in memory beside it.
 */
async function loadSeed(mediaOrigin: string): Promise<SeedData> {
  const started = performance.now();
  let large = false;
  const seed = await resolveSeed(opts.seed, {
    mediaOrigin,
    onProgress: (done, total) => {
      large = total >= LARGE_SEED;
      if (large) post({ progress: { done, total } });
    },
  });
  if (large || seed.products.length >= LARGE_SEED) {
    post({ seeded: { products: seed.products.length, ms: performance.now() - started } });
  }
  return seed;
}

/**
 * A free port, for --port 0: known before the seed is generated, its media URLs name the server's
 * own origin from the start, and no rebased copy of a large catalog is made (see SeedSource).
 */
async function freePort(host: string): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const port = opts.port === 0 ? await freePort(opts.host) : opts.port;
const shownHost = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
const running = await startServer({
  port,
  host: opts.host,
  region: opts.region,
  apiKeys: opts.apiKey,
  data: opts.data,
  seed: await loadSeed(mediaOrigin(`http://${shownHost}:${port}`)),
  seedName: opts.seed,
  seedFile,
  watch: opts.watch,
  latency: opts.latency === undefined ? undefined : parseLatency(opts.latency),
  // Quiet and not watching, nothing is ever logged: pino is not even loaded.
  logger:
    opts.quiet && !opts.watch
      ? undefined
      : (await import('./workbench/logger.js')).createLogger({
          format: opts.logFormat,
          colorize: opts.colorize,
        }),
  logRequests: !opts.quiet,
});
applyHeapPolicy();
// The main thread says where it listens, once it passes signals on: see serveOnThread.
parentPort?.once('message', () => void running.close().then(() => process.exit(0)));
post({ listening: running.url });
