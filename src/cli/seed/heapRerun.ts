// `seed --seed COUNT` for a catalog larger than V8's default heap holds: the command runs again in a
// node sized for it. node sizes a process's heap only as it starts, and a generated catalog is one
// heap: `seed --seed 1000000` ended in "JavaScript heap out of memory" after 94 s, at 4.1 GiB
// (docs/performance.md, "Heap of the seed command").
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { oldGenerationLimit } from '../terminal/heapPolicy.js';

/**
 * Signals that a terminal sends to its whole foreground process group, so the command run again
 * gets them itself: this process only outlives them. Passed on as well, a Ctrl-C reached the command
 * twice. SIGTERM is what a program sends to the one process it started, and is passed on.
 */
const FROM_THE_TERMINAL: readonly NodeJS.Signals[] = ['SIGINT', 'SIGHUP', 'SIGQUIT'];

/** node flags that open the inspector: the command run again would ask for the same port. */
const INSPECTOR = /^--(inspect|inspect-brk|inspect-wait|inspect-port|debug-port)(=|$)/;

/** node's arguments for running this command line again with an old generation of `heapMiB`. */
export function rerunArguments(
  heapMiB: number,
  execArgv: readonly string[],
  argv: readonly string[],
): string[] {
  const kept = execArgv.filter((arg) => !INSPECTOR.test(arg));
  return [`--max-old-space-size=${heapMiB}`, ...kept, ...argv.slice(1)];
}

/**
 * Runs this command line again in a node whose heap holds `products` generated products, and
 * resolves to its exit code; undefined, with nothing run, where this process's heap holds them or
 * the user sized the heap (oldGenerationLimit).
 */
export async function rerunSizedFor(products: number): Promise<number | undefined> {
  const defaultMiB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  const heap = oldGenerationLimit({ products }, defaultMiB, process.execArgv, process.env.NODE_OPTIONS);
  if (heap === undefined) return undefined;
  // Said, so that the second node process and its memory are no surprise.
  process.stderr.write(
    `${products.toLocaleString('en-US')} products need a larger heap than node's default ` +
      `(${defaultMiB.toLocaleString('en-US')} MiB): running with --max-old-space-size=${heap}\n`,
  );
  return runNodeInPlace(rerunArguments(heap, process.execArgv, process.argv));
}

/**
 * Runs node with `args` on this process's standard streams (a terminal stays a terminal: bars are
 * drawn), in this process's group, so that Ctrl-C, Ctrl-Z, a closed terminal or a signal to the
 * group reach it as they reach this process; a SIGTERM sent to this process alone is passed on.
 * Resolves to its exit code, or 128 + the number of the signal that ended it.
 */
export async function runNodeInPlace(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  const waitForIt = () => undefined;
  const passOn = () => child.kill('SIGTERM');
  for (const signal of FROM_THE_TERMINAL) process.on(signal, waitForIt);
  process.on('SIGTERM', passOn);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)),
      );
    });
  } finally {
    for (const signal of FROM_THE_TERMINAL) process.off(signal, waitForIt);
    process.off('SIGTERM', passOn);
  }
}
