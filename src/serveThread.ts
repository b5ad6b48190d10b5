// The server of `product-catalog-mock serve`, on the thread src/serveCommand.ts starts for it.
import { parentPort, workerData } from 'node:worker_threads';
import { applyHeapPolicy } from './heapPolicy.js';
import { resolveSeed } from './seed.js';
import { startServer } from './server.js';
import type { ServeOptions } from './serveCommand.js';

const opts = workerData as ServeOptions;
applyHeapPolicy();
const seed = await resolveSeed(opts.seed);
const running = await startServer({
  port: opts.port,
  host: opts.host,
  region: opts.region,
  apiKeys: opts.apiKey,
  data: opts.data,
  seed,
  seedName: opts.seed,
});
applyHeapPolicy();
// One write: a reader that stops at the first line must not close the pipe under the others.
console.log(
  [
    `product-catalog-mock listening on ${running.url}`,
    `  try: curl -H 'x-api-key: dev' ${running.url}/acme/dev/products`,
    `  API reference: ${running.url}/docs`,
  ].join('\n'),
);
// The process's signals reach the main thread, which asks for the close.
parentPort?.once('message', () => void running.close().then(() => process.exit(0)));
