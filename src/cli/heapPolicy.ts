import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { WHOLE_FILE_LIMIT } from '../seed/defaults.js';

/**
 * How far the heap may grow past its live data before V8 collects the old generation: 30%.
 * V8's own factor lets a mock under load sit at several times its catalog's size; writes (the cases
 * that make old garbage) leave most of a product shared with its last version, so a small growth
 * costs no throughput. Measurements: docs/performance.md, "Heap growth".
 */
export const HEAP_GROWING_PERCENT = 30;

/** On a large catalog, 30% of it is still a lot of garbage: the growth is capped at this much heap. */
export const MAX_HEAP_SLACK_MIB = 400;
const MIN_GROWING_PERCENT = 20;

/** The growth for a live heap of this size: 30%, or less where 30% would exceed the cap. */
export function growingPercent(liveMiB: number): number {
  const capped = (100 * MAX_HEAP_SLACK_MIB) / Math.max(liveMiB, 1);
  return Math.round(Math.max(MIN_GROWING_PERCENT, Math.min(HEAP_GROWING_PERCENT, capped)));
}

const FLAG = 'heap-growing-percent';

/** Whether node was given one of these V8 flags (V8 takes `_` and `-` alike). */
function given(args: readonly string[], ...flags: string[]): boolean {
  return args.some((arg) => flags.some((flag) => arg.replace(/_/g, '-').startsWith(`--${flag}`)));
}

/** The V8 flag to set, unless the user chose one on node's command line (NODE_OPTIONS cannot carry it). */
export function heapGrowthFlag(execArgv: readonly string[], liveMiB = 0): string | undefined {
  return given(execArgv, FLAG) ? undefined : `--${FLAG}=${growingPercent(liveMiB)}`;
}

const PRETENURING = 'allocation-site-pretenuring';

/**
 * Turns off V8's pretenuring, unless the user chose for it on node's command line. Once enough
 * objects of one allocation site outlive a young collection, V8 allocates that site's objects in the
 * old generation directly. Under load the objects of the requests in flight at a collection do, so
 * per-request objects were allocated old and the old generation was collected over and over, in
 * runs chosen by the warm-up. A catalog's records outlive every collection anyway. Measurements:
 * docs/performance.md, "No allocation-site pretenuring".
 */
export function pretenuringFlag(execArgv: readonly string[]): string | undefined {
  return given(execArgv, PRETENURING, `no-${PRETENURING}`) ? undefined : `--no-${PRETENURING}`;
}

/**
 * Applies the heap policy to this process once the catalog is loaded, sized by the heap then in
 * use. Not before: while a catalog is built every object survives, and a 30% growth collected the
 * growing old generation over and over (docs/performance.md, "Start-up"). For the command line only: a library user's process is theirs to tune.
 * The flags are read at every collection, so setting them after start-up holds.
 */
export function applyHeapPolicy(): void {
  // Heap in use, garbage of loading the catalog included: it errs towards a smaller growth.
  const liveMiB = getHeapStatistics().used_heap_size / (1024 * 1024);
  for (const flag of [heapGrowthFlag(process.execArgv, liveMiB), pretenuringFlag(process.execArgv)]) {
    if (flag) setFlagsFromString(flag);
  }
}

/**
 * The young generation of the server's thread, in MiB (V8 counts three semi-spaces: 4 MiB each).
 * V8's default on a machine with much memory keeps much of its young generation resident. With a
 * small one, young collections come more often; each has as little to keep, as a request's garbage
 * dies with its answer. Measurements: docs/performance.md, "Server thread with a small young generation".
 */
export const YOUNG_GENERATION_MIB = 12;

/**
 * A seed file read record by record (one larger than WHOLE_FILE_LIMIT) gets this young generation. Reading it, everything parsed survives and the small young generation is collected
 * over and over: 100,000 products (818 MB) started in 12 s with 48 MiB against 14.6 to 16.2 s with
 * 12 MiB. A generated seed of the same size gained nothing measurable, and beside a catalog of a
 * gigabyte the 36 MiB more weigh little (docs/performance.md, "Seed files").
 */
export const SEED_FILE_YOUNG_GENERATION_MIB = 48;

/**
 * The young generation to give the server's thread, unless the user sized it for node (NODE_OPTIONS
 * can). `seedFileBytes`: the size of the seed file it reads, 0 for any other seed.
 */
export function youngGenerationLimit(
  execArgv: readonly string[],
  nodeOptions = '',
  seedFileBytes = 0,
): number | undefined {
  const args = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (given(args, 'max-semi-space-size', 'min-semi-space-size')) return undefined;
  return seedFileBytes > WHOLE_FILE_LIMIT ? SEED_FILE_YOUNG_GENERATION_MIB : YOUNG_GENERATION_MIB;
}

/** Heap a generated product takes, with room for the lookup tables and search texts (MiB per 1,000). */
const MIB_PER_1000_PRODUCTS = 8;
/** Beside the catalog: the program, the request pipeline, and room to grow. */
const HEAP_BESIDE_CATALOG_MIB = 1024;

/**
 * The old generation to give the server's thread for a seed of this many products, in MiB, when V8's
 * default (about 4 GiB here) would not hold it: a million demo products take about 5.5 GiB of heap.
 * Undefined when the default suffices or the user sized the heap for node (NODE_OPTIONS can).
 */
export function oldGenerationLimit(
  products: number,
  defaultMiB: number,
  execArgv: readonly string[],
  nodeOptions = '',
): number | undefined {
  if (given([...execArgv, ...nodeOptions.split(/\s+/)], 'max-old-space-size')) return undefined;
  const wanted = Math.ceil((products / 1000) * MIB_PER_1000_PRODUCTS) + HEAP_BESIDE_CATALOG_MIB;
  return wanted > defaultMiB ? wanted : undefined;
}
