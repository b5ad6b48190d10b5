// The progress of a large seed on the terminal, and one line when it is ready.
import type { SingleBar } from 'cli-progress';
import type { SeedStep } from '../seed/resolve.js';
import type { SeedEvents } from './startServing.js';
import { barOptions, textBeside } from './barOptions.js';

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

/** Room for the longest: a file's bar goes on from megabytes read to products checked, with one width. */
const LONGEST_STEP = STEP_WORDS.reading;

/** Draws a bar on stderr only in a terminal; the ready line goes where `print` puts it. */
export function seedProgress(
  seedName: string,
  print: (line: string) => void = (line) => console.log(line),
): SeedEvents & { stop(): Promise<void>; abandon(): void } {
  // Loaded only for a large seed in a terminal: most starts draw no bar.
  let bar: Promise<SingleBar> | undefined;
  const stop = (): Promise<void> => bar?.then((b) => b.stop()) ?? Promise.resolve();
  return {
    /**
     * At once, for a process about to end: ends the bar's line, so that what follows starts on a
     * line of its own (`stop` would, but only after a promise the ending process does not wait for).
     */
    abandon() {
      if (bar !== undefined) process.stderr.write('\n');
    },
    progress(done, total, step) {
      if (!process.stderr.isTTY) return;
      const now = shown(done, total, step);
      const payload = { step: STEP_WORDS[step], unit: now.unit };
      bar ??= import('cli-progress').then(({ SingleBar, Presets }) => {
        const made = new SingleBar(
          barOptions(
            process.stderr,
            '{step} {bar} {value}/{total} {unit}',
            textBeside(LONGEST_STEP, now.total, 'products'),
          ),
          Presets.shades_classic,
        );
        made.start(now.total, 0, payload);
        return made;
      });
      // A file's steps differ in unit and total: the bar follows them.
      void bar.then((b) => {
        b.setTotal(now.total);
        b.update(now.value, payload);
      });
    },
    seeded(products, ms) {
      const line = `seed "${seedName}": ${products.toLocaleString('en-US')} products ready in ${(ms / 1000).toFixed(1)} s`;
      void stop().then(() => print(line));
    },
    stop,
  };
}
