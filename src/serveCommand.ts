// `product-catalog-mock serve`: the server runs on a thread of its own (src/serveThread.ts), whose
// heap can be sized (youngGenerationLimit); node offers that for no other thread, and its own
// default young generation was much of the mock's memory (docs/performance.md, "Server thread with
// a small young generation"). This thread only waits for signals.
import { Worker } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { oldGenerationLimit, youngGenerationLimit } from './heapPolicy.js';

export interface ServeOptions {
  port: number;
  host: string;
  region: string;
  apiKey: string[];
  publicReads?: boolean;
  data?: string;
  compactAfter?: number;
  seed: string;
}

/** What the server thread tells this one once it listens. */
export interface Listening {
  listening: string;
}

export function serveOnThread(opts: ServeOptions): void {
  const young = youngGenerationLimit(process.execArgv, process.env.NODE_OPTIONS);
  // A generated seed's size is known before it is built; a seed file's is not (it gets the default).
  const count = /^\d+$/.test(opts.seed) ? Number(opts.seed) : 0;
  const defaultOldMiB = getHeapStatistics().heap_size_limit / 2 ** 20;
  const old = oldGenerationLimit(count, defaultOldMiB, process.execArgv, process.env.NODE_OPTIONS);
  const worker = new Worker(new URL('./serveThread.js', import.meta.url), {
    workerData: opts,
    resourceLimits: {
      ...(young !== undefined && { maxYoungGenerationSizeMb: young }),
      ...(old !== undefined && { maxOldGenerationSizeMb: old }),
    },
  });
  let ready = false;
  worker.on('error', (err: unknown) => {
    // A failure to start is a message for the user; a crash of a running server keeps its stack.
    const text = err instanceof Error ? (ready ? (err.stack ?? err.message) : err.message) : String(err);
    console.error(`product-catalog-mock: ${text}`);
    process.exitCode = 1;
  });
  worker.on('exit', (code) => process.exit(process.exitCode ?? code));
  // Until the server listens, a signal keeps its default action and ends the process at once.
  worker.once('message', ({ listening: url }: Listening) => {
    ready = true;
    const stop = () => worker.postMessage('close');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // One write, and only now: whoever reads it may stop the server with a signal at once.
    console.log(
      [
        `product-catalog-mock listening on ${url}`,
        `  try: curl -H 'x-api-key: dev' ${url}/acme/dev/products`,
        `  API reference: ${url}/docs`,
      ].join('\n'),
    );
  });
}
