// The progress of a large seed on the terminal, and one line when it is ready.
import { createRequire } from 'node:module';
import type { SingleBar } from 'cli-progress';
import type { SeedStep } from '../../seed/resolve.js';
import type { SeedEvents } from './startServing.js';
import { barOptions, textBeside } from '../terminal/progressBarOptions.js';

/** The bar's count in a step's unit: a file being read in megabytes, as `seed` states a file's size. */
function shown(done: number, total: number, step: SeedStep): { value: number; total: number; unit: string } {
  if (step !== 'reading') return { value: done, total, unit: 'products' };
  return { value: Math.round(done / 1e6), total: Math.round(total / 1e6), unit: 'MB' };
}

/** What the bar says a step does. */
const STEP_WORDS: Record<SeedStep, string> = {
  generating: 'seeding',
  reading: 'reading seed file',
  checking: 'checking',
};

const require = createRequire(import.meta.url);

/** Room for the longest: a file's bar goes on from megabytes read to products checked, with one width. */
const LONGEST_STEP = STEP_WORDS.reading;

/** Draws a bar on stderr only in a terminal; the ready line goes where `print` puts it. */
export function seedProgress(
  seedName: string,
  print: (line: string) => void = (line) => console.log(line),
): SeedEvents & { stop(): void } {
  let bar: SingleBar | undefined;
  /** Ends the bar's line, at once (also for a process about to end), so that what follows starts below it. */
  const stop = (): void => bar?.stop();
  return {
    progress(done, total, step) {
      if (!process.stderr.isTTY) return;
      const now = shown(done, total, step);
      const payload = { step: STEP_WORDS[step], unit: now.unit };
      if (bar === undefined) {
        // Loaded only for a large seed in a terminal (most starts draw no bar), but at once: with
        // --no-tune the seed is generated in one synchronous stretch of this thread, and a bar loaded
        // by a promise was first drawn once the seed was ready, at 100%.
        const { SingleBar: Bar, Presets } = require('cli-progress') as typeof import('cli-progress');
        bar = new Bar(
          barOptions(
            process.stderr,
            '{step} {bar} {value}/{total} {unit}',
            textBeside(LONGEST_STEP, now.total, 'products'),
          ),
          Presets.shades_classic,
        );
        bar.start(now.total, 0, payload);
      }
      // A file's steps differ in unit and total: the bar follows them.
      bar.setTotal(now.total);
      bar.update(now.value, payload);
    },
    seeded(products, ms, cache) {
      const line = `seed "${seedName}": ${products.toLocaleString('en-US')} products ready in ${(ms / 1000).toFixed(1)} s`;
      stop();
      print(cache?.state === 'read' ? `${line}, read from the cache ${cache.file}` : line);
      if (cache?.state === 'writing') {
        print(
          `  cache: writing them to ${cache.file} in the background, for a start in seconds next time ` +
            `(PRODUCT_CATALOG_MOCK_CACHE=off: no cache; =FOLDER: another folder)`,
        );
      }
    },
    allRead(products, ms) {
      print(
        `seed "${seedName}": all ${products.toLocaleString('en-US')} products read, ${(ms / 1000).toFixed(1)} s after it listened: ` +
          'queries over the whole catalog are at full speed from here',
      );
    },
    stop,
  };
}
