// `product-catalog-mock serve`: the server runs on a thread of its own (src/serveThread.ts), whose
// heap can be sized (youngGenerationLimit); node offers that for no other thread, and its own
// default young generation was a fifth of the mock's memory. This thread only waits for signals.
import { Worker } from 'node:worker_threads';
import type { SingleBar } from 'cli-progress';
import { youngGenerationLimit } from './heapPolicy.js';
import type { LogFormat } from './workbench/requestLog.js';

export interface ServeOptions {
  port: number;
  host: string;
  region: string;
  apiKey: string[];
  data?: string;
  seed: string;
  logFormat: LogFormat;
  quiet?: boolean;
  /** "N" or "A-B" milliseconds, checked by the command line. */
  latency?: string;
  watch?: boolean;
  /** Whether stdout is a terminal (a worker's own stdout never is): colours in the log. */
  colorize?: boolean;
}

/** What the server thread tells this one: the progress of its seed, then where it listens. */
export type ServerMessage =
  | { listening: string }
  | { progress: { done: number; total: number } }
  | { seeded: { products: number; ms: number } };

/** The banner's example request: in strict mode with a listed key, and a tenant it may use. */
export function exampleRequest(url: string, apiKeys: readonly string[]): string {
  const [first] = apiKeys;
  const eq = first?.indexOf('=') ?? -1;
  const key = first === undefined ? 'dev' : eq < 0 ? first : first.slice(0, eq);
  const tenant =
    (eq < 0
      ? undefined
      : first
          ?.slice(eq + 1)
          .split(',')[0]
          ?.trim()) || 'acme';
  return `curl -H 'x-api-key: ${key}' ${url}/${tenant}/dev/products`;
}

/** Starts the server's thread; this one draws the progress of a large seed and prints the banner. */
export function serveOnThread(opts: ServeOptions): void {
  const young = youngGenerationLimit(process.execArgv, process.env.NODE_OPTIONS);
  const worker = new Worker(new URL('./serveThread.js', import.meta.url), {
    workerData: { ...opts, colorize: Boolean(process.stdout.isTTY) } satisfies ServeOptions,
    ...(young !== undefined && { resourceLimits: { maxYoungGenerationSizeMb: young } }),
  });
  let ready = false;
  // Loaded only for a large seed in a terminal: most starts draw no bar.
  let bar: Promise<SingleBar> | undefined;
  const progress = (done: number, total: number) => {
    if (!process.stderr.isTTY) return;
    bar ??= import('cli-progress').then(({ SingleBar, Presets }) => {
      const made = new SingleBar(
        { stream: process.stderr, format: 'seeding {bar} {value}/{total} products', hideCursor: true },
        Presets.shades_classic,
      );
      made.start(total, 0);
      return made;
    });
    void bar.then((b) => b.update(done));
  };
  const stopBar = (): Promise<void> => bar?.then((b) => b.stop()) ?? Promise.resolve();
  worker.on('error', (err: unknown) => {
    void stopBar();
    // A failure to start is a message for the user; a crash of a running server keeps its stack.
    const text = err instanceof Error ? (ready ? (err.stack ?? err.message) : err.message) : String(err);
    console.error(`product-catalog-mock: ${text}`);
    process.exitCode = 1;
  });
  worker.on('exit', (code) => process.exit(process.exitCode ?? code));
  worker.on('message', (message: ServerMessage) => {
    if ('progress' in message) return progress(message.progress.done, message.progress.total);
    if ('seeded' in message) {
      const { products, ms } = message.seeded;
      const line = `seed "${opts.seed}": ${products.toLocaleString('en-US')} products ready in ${(ms / 1000).toFixed(1)} s`;
      void stopBar().then(() => console.log(line));
      return;
    }
    ready = true;
    const url = message.listening;
    // Until the server listens, a signal keeps its default action and ends the process at once.
    const stop = () => worker.postMessage('close');
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // One write, and only now: whoever reads it may stop the server with a signal at once.
    console.log(
      [
        `product-catalog-mock listening on ${url}`,
        `  try: ${exampleRequest(url, opts.apiKey)}`,
        `  API reference: ${url}/docs`,
      ].join('\n'),
    );
  });
}
