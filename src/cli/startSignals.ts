// SIGINT or SIGTERM before the server on its own thread listens (Ctrl-C while a large seed is
// built): the process ends as the signal's default would, so a shell or supervisor sees it killed by
// that signal, but first gives the terminal its cursor back (a seed's progress bar hides it) and
// says that it stopped before it served anything, where it would otherwise end silently in the
// middle of the bar's line.
// Only for the server on a thread of its own (tuning.ts): this thread is then free to run the
// listener at once. With --no-tune the seed is built on this thread, which would run it only once
// the seed is built, so there a signal keeps its default action and ends the process at once.

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Ends the process on SIGINT or SIGTERM until the returned function is called (once the server
 * listens and its own stop takes over). `restoreTerminal` runs first, synchronously.
 */
export function endOnSignalWhileStarting(
  restoreTerminal: () => void,
  write: (text: string) => void = (text) => void process.stderr.write(text),
): () => void {
  const release = () => SIGNALS.forEach((signal) => process.off(signal, end));
  function end(signal: NodeJS.Signals): void {
    release();
    restoreTerminal();
    write(`product-catalog-mock: stopped by ${signal} while starting, before it served anything\n`);
    // No listener is left, so the signal now takes its default action: the process ends by it.
    process.kill(process.pid, signal);
  }
  SIGNALS.forEach((signal) => process.once(signal, end));
  return release;
}
