// `product-catalog-mock serve`: on a tuned thread of its own (tuning.ts), or on this one.
import { announce, startServing, type ServeOptions } from './startServing.js';
import { serveOnThread, serverOnOwnThread } from './tuning.js';

export type { ServeOptions } from './startServing.js';

export async function serve(opts: ServeOptions): Promise<void> {
  if (serverOnOwnThread(opts.tune)) return serveOnThread(opts);
  const running = await startServing(opts);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  announce(running.url);
}
