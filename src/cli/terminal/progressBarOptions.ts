// How every progress bar of the CLI is drawn on a terminal (productBar.ts, seedProgress.ts).
import type { Options } from 'cli-progress';

/** cli-progress's own bar width, kept where the terminal has room for it. */
const WIDEST_BAR = 40;
const NARROWEST_BAR = 5;

/**
 * The length of `words`, a space, the bar, a space, a count out of `total` and `unit`, not counting the
 * bar: the widest the text beside the bar gets while the count stays under 10 million, or under
 * `total` once it is larger.
 */
export function textBeside(words: string, total: number, unit: string): number {
  const digits = Math.max(String(total).length, 7);
  return `${words}  ${'9'.repeat(digits)}/${'9'.repeat(digits)} ${unit}`.length;
}

/**
 * The bar changes no mode of the terminal: it neither hides the cursor nor turns line wrapping off.
 * A process that ends in the middle of a bar (Ctrl-C while a seed is generated in one synchronous
 * stretch, where no handler runs; a kill) cannot give a mode back, and left the shell without a
 * cursor, or with every longer line cut at the right edge. Instead the bar is sized to leave room for
 * `widestText` (the format's text around it at its longest) within the terminal's width, and
 * cli-progress cuts anything longer at that width.
 */
export function barOptions(stream: NodeJS.WriteStream, format: string, widestText: number): Options {
  const room = (stream.columns || 80) - 1 - widestText;
  return {
    stream,
    format,
    hideCursor: false,
    linewrap: true,
    barsize: Math.max(NARROWEST_BAR, Math.min(WIDEST_BAR, room)),
  };
}
