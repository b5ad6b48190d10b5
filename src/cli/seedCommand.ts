// `product-catalog-mock seed --seed VALUE --out FILE`: a progress bar in a terminal, one summary line always,
// both on stderr.
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { resolveSeed } from '../seed/resolve.js';
import { writeDatasetFile } from '../seed/file.js';
import { outputDirectoryProblem } from './outputDirectory.js';
import { productBar } from './productBar.js';

export interface SeedCommandOptions {
  seed: string;
  out: string;
  /**
   * Where the progress bar and the summary go, as every status line: with `--out /dev/stdout` the
   * data alone goes to stdout. A bar is drawn only when it is a terminal.
   */
  stderr?: NodeJS.WriteStream;
}

/** Writes the dataset and returns the summary line it printed. */
export async function runSeedCommand({
  seed,
  out,
  stderr = process.stderr,
}: SeedCommandOptions): Promise<string> {
  // Checked before generating: a large seed takes a while, and would be lost at the end.
  const problem = await outputDirectoryProblem('--out', out);
  if (problem) throw new Error(problem);
  const started = performance.now();
  const bar = productBar(stderr, 'generating');
  // The bar counts products generated; a seed file given to copy loads without one.
  const data = await resolveSeed(seed, {
    onProgress: (done, total, step) => (step === 'generating' ? bar.update?.(done, total) : undefined),
  });
  bar.stop();
  await writeDatasetFile(data, out).catch((err: unknown) => {
    throw new Error(`--out ${out}: cannot write it: ${(err as Error).message}`);
  });
  const { size } = await stat(out);
  const variants = data.products.reduce((n, p) => n + (p.variants?.length ?? 0), 0);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary =
    `Wrote ${fmt(data.products.length)} products (${fmt(variants)} variants) and ${fmt(data.productTypes.length)} ` +
    `product types from seed "${seed}" to ${out} (${(size / 1e6).toFixed(1)} MB) in ${seconds} s`;
  stderr.write(summary + '\n');
  return summary;
}
