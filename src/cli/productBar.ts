// A progress bar of products on a terminal, for the commands that load or write many of them.
import { Presets, SingleBar } from 'cli-progress';

/**
 * A bar on `stream` only when it is a terminal: then `update` is given, starts the bar at the first
 * report (from where a resumed run stands) and follows a total that may still grow.
 */
export function productBar(
  stream: NodeJS.WriteStream,
  verb: string,
): { update?: (done: number, total: number) => void; stop: () => void } {
  if (!stream.isTTY) return { stop: () => undefined };
  const bar = new SingleBar(
    { stream, format: `${verb} {bar} {value}/{total} products`, hideCursor: true },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update: (done, total) => {
      if (!started) bar.start(total, done);
      started = true;
      bar.setTotal(total);
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}
