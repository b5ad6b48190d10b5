// The progress of a large seed on the terminal, and one line when it is ready.
import type { SingleBar } from 'cli-progress';
import type { SeedEvents } from './startServing.js';

/** Draws a bar on stderr only in a terminal; the ready line goes where `print` puts it. */
export function seedProgress(
  seedName: string,
  print: (line: string) => void = (line) => console.log(line),
): SeedEvents & { stop(): Promise<void> } {
  // Loaded only for a large seed in a terminal: most starts draw no bar.
  let bar: Promise<SingleBar> | undefined;
  const stop = (): Promise<void> => bar?.then((b) => b.stop()) ?? Promise.resolve();
  return {
    progress(done, total) {
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
    },
    seeded(products, ms) {
      const line = `seed "${seedName}": ${products.toLocaleString('en-US')} products ready in ${(ms / 1000).toFixed(1)} s`;
      void stop().then(() => print(line));
    },
    stop,
  };
}
