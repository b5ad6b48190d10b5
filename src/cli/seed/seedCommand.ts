// `product-catalog-mock seed --seed VALUE --out FILE`: a progress bar in a terminal, one summary line always,
// both on stderr. The file is replaced only once written whole (src/seed/replaceFile.ts).
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { resolveSeed } from '../../seed/resolve.js';
import type { SeedData } from '../../domain/types.js';
import { writeDatasetFile, writeDatasetTo } from '../../seed/file.js';
import { INDEX_SUFFIX } from '../../seed/seedIndex.js';
import { watchInterruption, type Interruption } from '../terminal/interruption.js';
import { outputDirectoryProblem } from '../terminal/outputDirectory.js';
import { productBar } from '../terminal/productBar.js';
import { counted } from '../terminal/summaryCount.js';

export interface SeedCommandOptions {
  seed: string;
  out: string;
  /**
   * Where the progress bar and the summary go, as every status line: with `--out /dev/stdout` the
   * data alone goes to stdout. A bar is drawn only when it is a terminal.
   */
  stderr?: NodeJS.WriteStream;
  /** Where `--out -` writes the dataset: standard output unless given. */
  stdout?: NodeJS.WritableStream;
  /** Stops the write, leaving --out as it was (Ctrl-C in the command: see runSeedCommand). */
  signal?: AbortSignal;
}

/**
 * Writes the dataset, prints its summary, and resolves to the exit code: 0, or 128 + the signal's
 * number when Ctrl-C (or SIGTERM, SIGHUP) came while it was generated or written.
 */
export async function runSeedCommand(options: SeedCommandOptions): Promise<number> {
  const { out } = options;
  // Checked before generating: a large seed takes a while, and would be lost at the end.
  const problem = out === '-' ? undefined : await outputDirectoryProblem('--out', out);
  if (problem) throw new Error(problem);
  // From before the generation: it runs in slices that let a signal in (generateCatalogInSlices), so
  // Ctrl-C stops it within a slice, and says so; left to its default, it ended the command without a word.
  const interruption = watchInterruption();
  try {
    return await seedUntilStopped(options, interruption);
  } finally {
    interruption.dispose();
  }
}

async function seedUntilStopped(
  { seed, out, stderr = process.stderr, stdout = process.stdout, signal }: SeedCommandOptions,
  interruption: Interruption,
): Promise<number> {
  // `-` is standard output, whatever it is: /dev/stdout cannot be opened when it is a socket, as a
  // program that runs this command with pipes gives it.
  const toStdout = out === '-';
  const shown = toStdout ? 'standard output' : out;
  const started = performance.now();
  const stop = signal ? AbortSignal.any([signal, interruption.stop]) : interruption.stop;
  const interrupted = (what: string): number => {
    stderr.write(`seed: interrupted; ${what}\n`);
    return interruption.received() ? interruption.exitCode() : 130;
  };
  const bar = productBar(stderr, 'generating');
  // The bar counts products generated; a seed file given to copy loads without one.
  const data: SeedData | undefined = await resolveSeed(seed, {
    onProgress: (done, total, step) => (step === 'generating' ? bar.update?.(done, total) : undefined),
    signal: stop,
  })
    .catch((err: unknown) => {
      if (stop.aborted) return undefined;
      throw err;
    })
    .finally(() => bar.stop());
  // Also for a seed file given to copy, whose reading and check go on to their end: a signal during them is seen here.
  if (stop.aborted || data === undefined) return interrupted(`nothing was written to ${shown}.`);
  // A device or pipe (`--out /dev/stdout`) is written as it is, not replaced: a stop leaves part of it.
  const direct =
    toStdout ||
    (await stat(out).then(
      (found) => !found.isFile(),
      () => false,
    ));
  let size = 0;
  // Writing a large catalog takes seconds after its generation: a bar of its own follows it.
  const writing = productBar(stderr, 'writing');
  const options = { signal: stop, onProgress: writing.update };
  try {
    // The bar's line ended before any word below it.
    if (toStdout) size = await writeDatasetTo(data, stdout, options).finally(writing.stop);
    // Indexed: a start serves the file without parsing it first (src/seed/seedIndex.ts).
    else await writeDatasetFile(data, out, { ...options, index: true }).finally(writing.stop);
  } catch (err) {
    if (!stop.aborted) {
      // `--out - | head`: the reader stopped reading. "write EPIPE" alone told nobody what happened.
      if (toStdout && (err as NodeJS.ErrnoException).code === 'EPIPE') {
        throw new Error(
          '--out -: the program reading standard output closed it before the dataset was written whole: what it read is cut short',
        );
      }
      throw new Error(`--out ${out}: cannot write it: ${(err as Error).message}`);
    }
    return interrupted(
      direct
        ? `what went to ${shown} is cut short, not a whole dataset.`
        : `${out} was not written (a file there is left as it was).`,
    );
  }
  if (!toStdout) ({ size } = await stat(out));
  const variants = data.products.reduce((n, p) => n + (p.variants?.length ?? 0), 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  stderr.write(
    `Wrote ${counted(data.products.length, 'product')} (${counted(variants, 'variant')}) and ` +
      `${counted(data.productTypes.length, 'product type')} from seed "${seed}" to ${shown} ` +
      `(${(size / 1e6).toFixed(1)} MB${toStdout ? '' : `, indexed in ${out}${INDEX_SUFFIX}`}) in ${seconds} s\n`,
  );
  return 0;
}
