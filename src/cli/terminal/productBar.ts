// A progress bar of products on a terminal, for the commands that load or write many of them.
import { Presets, SingleBar } from 'cli-progress';
import { barOptions, textBeside } from './progressBarOptions.js';

/**
 * A bar on `stream` only when it is a terminal: then `update` is given, starts the bar at the first
 * report (from where a resumed run stands, sized for its total then) and follows a total that may
 * still grow.
 */
export function productBar(
  stream: NodeJS.WriteStream,
  verb: string,
): { update?: (done: number, total: number) => void; note: (line: string) => void; stop: () => void } {
  if (!stream.isTTY) return { note: (line) => void stream.write(line + '\n'), stop: () => undefined };
  const format = `${verb} {bar} {value}/{total} products`;
  let bar: SingleBar | undefined;
  let started = false;
  return {
    update: (done, total) => {
      bar ??= new SingleBar(
        barOptions(stream, format, textBeside(verb, total, 'products')),
        Presets.shades_classic,
      );
      if (!started) bar.start(total, done);
      started = true;
      bar.setTotal(total);
      bar.update(done);
    },
    // A line of its own, under the bar as it stood; the next report draws the bar again below it.
    note: (line) => {
      if (started) bar?.stop();
      started = false;
      stream.write(line + '\n');
    },
    stop: () => bar?.stop(),
  };
}
