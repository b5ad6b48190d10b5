// Starting the server of `product-catalog-mock serve`, wherever it runs (see tuning.ts).
import { applyHeapPolicy } from './heapPolicy.js';
import { resolveSeed } from '../seed/resolve.js';
import { startServer, type RunningServer } from '../server.js';
import { checkDataPath } from '../store/dataPath.js';

export interface ServeOptions {
  port: number;
  host: string;
  region: string;
  apiKey: string[];
  publicReads?: boolean;
  data?: string;
  compactAfter?: number;
  seed: string;
  /** Process tuning (tuning.ts): on unless --no-tune. */
  tune: boolean;
}

/** Resolves the seed and listens; with tuning, applies the heap policy before and after loading. */
export async function startServing(opts: ServeOptions): Promise<RunningServer> {
  if (opts.tune) applyHeapPolicy();
  // Before the seed is built, which can take a while: a --data path that cannot be written ends it at once.
  if (opts.data) await checkDataPath(opts.data);
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
  if (opts.tune) applyHeapPolicy();
  return running;
}

/** One write, and only once the server listens: whoever reads it may stop the server at once. */
export function announce(url: string): void {
  console.log(
    [
      `product-catalog-mock listening on ${url}`,
      `  try: curl -H 'x-api-key: dev' ${url}/acme/dev/products`,
      `  API reference: ${url}/docs`,
    ].join('\n'),
  );
}
