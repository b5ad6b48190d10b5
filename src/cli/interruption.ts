// Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) during a contract run. Left to their default,
// they end this process at once, and with it the removal of what the run wrote; here the first one
// stops the run, the second stops the removal, and the exit code is still the conventional one.
import { constants } from 'node:os';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export interface Interruption {
  /** Aborted by the first signal: stop the run, then remove what it wrote. */
  readonly stop: AbortSignal;
  /** Aborted by a second signal: stop removing too. */
  readonly giveUp: AbortSignal;
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
    // a third: whatever is still going is left as it is
    else process.exit(exitCode());
  };
  for (const signal of SIGNALS) process.on(signal, onSignal);
  return {
    stop: stop.signal,
    giveUp: giveUp.signal,
    received: () => first,
    exitCode,
    dispose: () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
    },
  };
}
