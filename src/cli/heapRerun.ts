// `seed --seed COUNT` for a catalog larger than V8's default heap holds: the command runs again in a
// node sized for it. node sizes a process's heap only as it starts, and a generated catalog is one
// heap: `seed --seed 1000000` ended in "JavaScript heap out of memory" after 94 s, at 4.1 GiB
// (docs/performance.md, "Heap of the seed command").
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { oldGenerationLimit } from './heapPolicy.js';

/** The signals passed on to the command run again; each reaches it once (see runNodeInPlace). */
const PASSED_ON: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** node's arguments for running this command line again with an old generation of `heapMiB`. */
export function rerunArguments(
  heapMiB: number,
  execArgv: readonly string[],
  argv: readonly string[],
): string[] {
  return [`--max-old-space-size=${heapMiB}`, ...execArgv, ...argv.slice(1)];
}

/**
 * Runs this command line again in a node whose heap holds `products` generated products, and
 * resolves to its exit code; undefined, with nothing run, where this process's heap holds them or
 * the user sized the heap (oldGenerationLimit).
 */
export async function rerunSizedFor(
  products: number,
  stderr: NodeJS.WritableStream = process.stderr,
): Promise<number | undefined> {
  const defaultMiB = Math.round(getHeapStatistics().heap_size_limit / 2 ** 20);
  const heap = oldGenerationLimit({ products }, defaultMiB, process.execArgv, process.env.NODE_OPTIONS);
  if (heap === undefined) return undefined;
  // Said, so that the second node process and its memory are no surprise.
  stderr.write(
    `${products.toLocaleString('en-US')} products need a larger heap than node's default ` +
      `(${defaultMiB.toLocaleString('en-US')} MiB): running with --max-old-space-size=${heap}\n`,
  );
  return runNodeInPlace(rerunArguments(heap, process.execArgv, process.argv));
}

/**
 * Runs node with `args` on this process's standard streams (a terminal stays a terminal: bars are
 * drawn), and resolves to its exit code, or 128 + the number of the signal that ended it.
 *
 * The child is a process group of its own, and every SIGINT, SIGTERM or SIGHUP this process gets is
 * passed on to it: in this process's group, a Ctrl-C typed in the terminal reached both, and one
 * passed on as well made two, which the seed command takes as "stop cleaning up too". This process
 * only waits.
 */
export async function runNodeInPlace(args: readonly string[]): Promise<number> {
  const child = spawn(process.execPath, args, { stdio: 'inherit', detached: true });
  const passOn = (signal: NodeJS.Signals) => {
    child.kill(signal);
  };
  for (const signal of PASSED_ON) process.on(signal, passOn);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)),
      );
    });
  } finally {
    for (const signal of PASSED_ON) process.off(signal, passOn);
  }
}
