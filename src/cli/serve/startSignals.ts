// SIGINT or SIGTERM before the server on its own thread listens (Ctrl-C while a large seed is
// built): the process ends as the signal's default would, so a shell or supervisor sees it killed by
// that signal, but first ends a seed's progress bar's line and says that it stopped before it served
// anything, where it would otherwise end silently in the middle of the bar's line.
// Only for the server on a thread of its own (tuning.ts): this thread is then free to run the
// listener at once. With --no-tune the seed is built on this thread, which would run it only once
// the seed is built, so there a signal keeps its default action and ends the process at once;
// only from when the seed is built until the server's own stop takes over (the --data file read,
// a large seed's search prepared) is it caught, to release the file's lock first
// (releaseLockOnSignal).
// A start on a --data file holds its lock from before the journal is replayed: ending without a
// word would leave the lock behind, for the next start to take over (docs/behaviour.md, "Storage
// and --data"). It is released first, once no thread of the process can take it any more.
import { setTimeout as delay } from 'node:timers/promises';
import { releaseLockSync } from '../../store/dataLock.js';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Sends the process the signal again with no listener left: it ends by the signal's default action. */
const endBy = (signal: NodeJS.Signals): void => void process.kill(process.pid, signal);

/**
 * How long a server thread that is stopped is waited for. Its JavaScript stops at once, but the
 * thread ends only once the file operations it started are done: one blocked on a file that does
 * not answer (a stalled network mount) would hold the process for as long.
 */
const THREAD_END_MS = 1000;

/**
 * Ends the process on SIGINT or SIGTERM until the returned function is called (once the server
 * listens and its own stop takes over). `endProgress` runs first, synchronously, to end a bar's line. With a `--data`
 * file, `stopServer` then ends the server's thread, so that it takes the file's lock no more, and
 * the lock is released: at once, and again once the thread has ended (a lock it was placing as it
 * was stopped), waited for at most THREAD_END_MS.
 */
export function endOnSignalWhileStarting(
  endProgress: () => void,
  write: (text: string) => void = (text) => void process.stderr.write(text),
  data?: { file: string; stopServer: () => Promise<unknown> },
): () => void {
  return onStartSignal((signal) => {
    endProgress();
    let stopped: Promise<unknown> = Promise.resolve();
    if (data) {
      const ended = data.stopServer().catch(() => undefined);
      releaseLockSync(data.file);
      stopped = Promise.race([ended, delay(THREAD_END_MS)]).then(() => releaseLockSync(data.file));
    }
    void stopped.then(() => {
      write(`product-catalog-mock: stopped by ${signal} while starting, before it served anything\n`);
      endBy(signal);
    });
  });
}

/**
 * With --no-tune, from when the seed is built until the server's own stop takes over (the --data file
 * read, a large seed's search prepared): a signal releases the lock of the --data file, then ends the
 * process without a word, as it does before.
 */
export function releaseLockOnSignal(file: string): () => void {
  return onStartSignal((signal) => {
    releaseLockSync(file);
    endBy(signal);
  });
}

/**
 * Runs `end` on the first SIGINT or SIGTERM, with both listeners removed first, so that a second
 * signal takes the default action; the function returned removes them without a signal.
 */
function onStartSignal(end: (signal: NodeJS.Signals) => void): () => void {
  const release = () => SIGNALS.forEach((signal) => process.off(signal, listener));
  function listener(signal: NodeJS.Signals): void {
    release();
    end(signal);
  }
  SIGNALS.forEach((signal) => process.once(signal, listener));
  return release;
}
