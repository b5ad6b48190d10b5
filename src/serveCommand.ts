// `product-catalog-mock serve`: the server runs on a thread of its own (src/serveThread.ts), whose
// heap can be sized (youngGenerationLimit); node offers that for no other thread, and its own
// default young generation was a fifth of the mock's memory. This thread only waits for signals.
import { Worker } from 'node:worker_threads';
import { youngGenerationLimit } from './heapPolicy.js';

export interface ServeOptions {
  port: number;
  host: string;
  region: string;
  apiKey: string[];
  data?: string;
  seed: string;
}

export function serveOnThread(opts: ServeOptions): void {
  const young = youngGenerationLimit(process.execArgv, process.env.NODE_OPTIONS);
  const worker = new Worker(new URL('./serveThread.js', import.meta.url), {
    workerData: opts,
    ...(young !== undefined && { resourceLimits: { maxYoungGenerationSizeMb: young } }),
  });
  worker.on('error', (err) => {
    console.error(`product-catalog-mock: ${err.message}`);
    process.exitCode = 1;
  });
  worker.on('exit', (code) => process.exit(process.exitCode ?? code));
  const stop = () => worker.postMessage('close');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
