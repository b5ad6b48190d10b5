// `product-catalog-mock serve`: on a tuned thread of its own (tuning.ts), or on this one.
import { seedProgress } from './seedProgress.js';
import { announce, forPeople, stoppedLine } from './listeningBanner.js';
import { stopWithNpm } from './orphanWatch.js';
import { logInColour } from '../../workbench/logColour.js';
import type { ServeOptions } from './startServing.js';
import type { RunningServer } from '../../server.js';
import { serveOnThread, serverOnOwnThread } from './tuning.js';

export type { ServeOptions } from './startServing.js';

export async function serve(opts: ServeOptions): Promise<void> {
  if (serverOnOwnThread(opts.tune)) return serveOnThread(opts);
  // Loaded here, not at the top: with tuning the server runs on its own thread, which loads it there.
  const { startServing } = await import('./startServing.js');
  const print = forPeople(opts.logFormat);
  const progress = seedProgress(opts.seed, print);
  // Put in place by startServing before its own handling of a signal ends (startSignals.ts).
  const stopOnSignal = (running: RunningServer) => {
    const stop = () =>
      void running.close().then(() => {
        print(stoppedLine(opts));
        process.exit(0);
      });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    stopWithNpm(stop);
  };
  const running = await startServing(
    { ...opts, colorize: logInColour(process.stdout) },
    progress,
    stopOnSignal,
  ).finally(() => progress.stop());
  announce(running.url, opts, print);
}
