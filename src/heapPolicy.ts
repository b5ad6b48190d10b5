import { setFlagsFromString } from 'node:v8';

/**
 * How far the heap may grow past its live data before V8 collects the old generation: 60%.
 * V8's own factor goes up to 4x on a machine with much memory, so a mock holding 85 MiB of catalog
 * sat at nearly 500 MiB after a load test. Measured at 10,000 products: resident memory after the
 * benchmark about 480 -> 270 MiB (2.5 -> 1.25 GiB at 100,000), with no change in throughput.
 */
export const HEAP_GROWING_PERCENT = 60;

const FLAG = 'heap-growing-percent';

/** The V8 flag to set, unless the user chose one (node --heap-growing-percent=N or NODE_OPTIONS). */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions = ''): string | undefined {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) =>
    arg.replace(/_/g, '-').startsWith(`--${FLAG}`),
  );
  return chosen ? undefined : `--${FLAG}=${HEAP_GROWING_PERCENT}`;
}

/**
 * Applies the heap policy to this process. For the command line only: a library user's process
 * is theirs to tune. The flag is read at every collection, so setting it after start-up holds.
 */
export function applyHeapPolicy(): void {
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS);
  if (flag) setFlagsFromString(flag);
}
