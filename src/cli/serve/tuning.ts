// Process tuning of `product-catalog-mock serve`, all in one place: the server's own thread with a
// small young generation, and V8's heap flags (heapPolicy.ts). `--no-tune` turns all of it off;
// an inspector (node --inspect) keeps the server on the main thread, where it attaches.
// Why each measure pays, and what it costs: docs/performance.md, "Server thread with a small young
// generation", "Seed files", "Heap growth" and "No allocation-site pretenuring".
import { statSync } from 'node:fs';
import inspector from 'node:inspector';
import { getHeapStatistics } from 'node:v8';
import { generatedCountOf, seedFileOf } from '../../seed/defaults.js';
import { Worker } from 'node:worker_threads';
import { oldGenerationLimit, youngGenerationLimit } from '../terminal/heapPolicy.js';
import { seedProgress } from './seedProgress.js';
import type { SeedCache } from './startServing.js';
import { announce, forPeople, stoppedLine } from './listeningBanner.js';
import { stopWithNpm } from './orphanWatch.js';
import { logInColour } from '../../workbench/logColour.js';
import { endOnSignalWhileStarting } from './startSignals.js';
import type { ServeOptions } from './startServing.js';
import type { SeedStep } from '../../seed/resolve.js';

/** What the server thread tells this one: the progress of its seed, then where it listens. */
export type ServerMessage =
  | { listening: string }
  | { progress: { done: number; total: number; step: SeedStep } }
  | { seeded: { products: number; ms: number; cache?: SeedCache } }
  | { allRead: { products: number; ms: number } };

/**
 * Whether the server gets a thread of its own: with tuning, unless an inspector is open. node's
 * inspector attaches to the main thread, and a debugger should see the server there.
 */
export function serverOnOwnThread(tune: boolean, inspecting = inspector.url() !== undefined): boolean {
  return tune && !inspecting;
}

/** The size of the file a --seed value names, 0 for none. A missing file is reported by the server's thread. */
export function seedFileBytes(seed: string): number {
  const file = seedFileOf(seed);
  if (file === undefined) return 0;
  try {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats?.isFile() ? stats.size : 0;
  } catch {
    return 0;
  }
}

/**
 * The server on a thread of its own (serveThread.ts), whose heap can be sized (youngGenerationLimit):
 * node offers that for no other thread, and its own default young generation was a fifth of the
 * mock's memory. This thread only waits for signals.
 */
export function serveOnThread(opts: ServeOptions): void {
  // A generated seed's product count is known before it is built; a seed file's size before it is read.
  const seed = { products: generatedCountOf(opts.seed) ?? 0, fileBytes: seedFileBytes(opts.seed) };
  const young = youngGenerationLimit(process.execArgv, process.env.NODE_OPTIONS, seed);
  const defaultOldMiB = getHeapStatistics().heap_size_limit / 2 ** 20;
  const old = oldGenerationLimit(seed, defaultOldMiB, process.execArgv, process.env.NODE_OPTIONS);
  const worker = new Worker(new URL('./serveThread.js', import.meta.url), {
    workerData: { ...opts, colorize: logInColour(process.stdout) } satisfies ServeOptions,
    resourceLimits: {
      ...(young !== undefined && { maxYoungGenerationSizeMb: young }),
      ...(old !== undefined && { maxOldGenerationSizeMb: old }),
    },
  });
  let ready = false;
  const print = forPeople(opts.logFormat);
  const progress = seedProgress(opts.seed, print);
  // Ended on a signal while it starts: its thread first, so that it takes no lock once the lock is released.
  let abandoned = false;
  const stopServer = () => ((abandoned = true), worker.terminate());
  const releaseStartSignals = endOnSignalWhileStarting(
    () => progress.stop(),
    undefined,
    opts.data === undefined ? undefined : { file: opts.data, stopServer },
  );
  worker.on('error', (err: unknown) => {
    progress.stop();
    // A failure to start is a message for the user; a crash of a running server keeps its stack.
    const text = err instanceof Error ? (ready ? (err.stack ?? err.message) : err.message) : String(err);
    console.error(`product-catalog-mock: ${text}`);
    process.exitCode = 1;
  });
  let stopping = false;
  worker.on('exit', (code) => {
    // Ended by a signal while starting: the process ends by that signal (startSignals.ts).
    if (abandoned) return;
    if (stopping && code === 0 && process.exitCode === undefined) print(stoppedLine(opts));
    process.exit(process.exitCode ?? code);
  });
  worker.on('message', (message: ServerMessage) => {
    if ('progress' in message) {
      const { done, total, step } = message.progress;
      return progress.progress(done, total, step);
    }
    if ('allRead' in message) return progress.allRead?.(message.allRead.products, message.allRead.ms);
    if ('seeded' in message) {
      const { products, ms, cache } = message.seeded;
      return progress.seeded(products, ms, cache);
    }
    ready = true;
    const url = message.listening;
    // Until the server listens, a signal ends the process at once (startSignals.ts).
    releaseStartSignals();
    const stop = () => {
      stopping = true;
      worker.postMessage('close');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    stopWithNpm(stop);
    announce(url, opts, print);
  });
}
