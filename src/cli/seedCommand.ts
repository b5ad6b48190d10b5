// `product-catalog-mock seed --seed VALUE --out FILE`: a progress bar in a terminal, one summary line always.
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { SingleBar, Presets } from 'cli-progress';
import { resolveSeed } from '../seed/resolve.js';
import { writeDatasetFile } from '../seed/file.js';

export interface SeedCommandOptions {
  seed: string;
  out: string;
  /** Where the summary goes; a progress bar is drawn only when it is a terminal. */
  stdout?: NodeJS.WriteStream;
}

/** Writes the dataset and returns the summary line it printed. */
export async function runSeedCommand({
  seed,
  out,
  stdout = process.stdout,
}: SeedCommandOptions): Promise<string> {
  const started = performance.now();
  const bar = stdout.isTTY
    ? new SingleBar(
        { stream: stdout, format: 'generating {bar} {value}/{total} products', hideCursor: true },
        Presets.shades_classic,
      )
    : undefined;
  let barStarted = false;
  const data = await resolveSeed(seed, {
    onProgress: bar
      ? (done, total) => {
          if (!barStarted) bar.start(total, 0);
          barStarted = true;
          bar.update(done);
        }
      : undefined,
  });
  bar?.stop();
  await writeDatasetFile(data, out);
  const { size } = await stat(out);
  const variants = data.products.reduce((n, p) => n + (p.variants?.length ?? 0), 0);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary =
    `Wrote ${fmt(data.products.length)} products (${fmt(variants)} variants) and ${fmt(data.productTypes.length)} ` +
    `product types from seed "${seed}" to ${out} (${(size / 1e6).toFixed(1)} MB) in ${seconds} s`;
  stdout.write(summary + '\n');
  return summary;
}
