// Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) during a contract run. Left to their default,
// they end this process at once, and with it the removal of what the run wrote; here the first one
// stops the run, the second stops the removal, the third ends the process at once (after `abandon`'s
// listeners, which must be synchronous), and the exit code is still the conventional one.
import { constants } from 'node:os';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface Interruption {
  /** Aborted by the first signal: stop the run, then remove what it wrote. */
  readonly stop: AbortSignal;
  /** Aborted by a second signal: stop removing too. */
  readonly giveUp: AbortSignal;
  /**
   * Aborted by a third signal, just before the process exits: its listeners run synchronously and
   * are the last chance to end what the run started and to say what may remain.
   */
  readonly abandon: AbortSignal;
  /** The first signal, once one came. */
  received(): NodeJS.Signals | undefined;
  /** 128 + the first signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP. */
  exitCode(): number;
  /** Leaves the signals to their default again. */
  dispose(): void;
}

export function watchInterruption(): Interruption {
  const stop = new AbortController();
  const giveUp = new AbortController();
  const abandon = new AbortController();
  let first: NodeJS.Signals | undefined;
  const exitCode = () => 128 + (first ? constants.signals[first] : 0);
  const onSignal = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') {
      // the terminal is gone: writing to it fails, and that failure must not end the removal
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    }
    if (first === undefined) {
      first = signal;
      stop.abort();
    } else if (!giveUp.signal.aborted) giveUp.abort();
    // a third: no more waiting for anything, but abandon's listeners still end the suite's processes
    // (or they would go on writing) and say what may remain
    else {
      abandon.abort();
      process.exit(exitCode());
    }
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return {
    stop: stop.signal,
    giveUp: giveUp.signal,
    abandon: abandon.signal,
    received: () => first,
    exitCode,
    dispose: () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
}
