import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WHOLE_FILE_LIMIT } from '../../seed/defaults.js';

/**
 * How far the heap may grow past its live data before V8 collects the old generation: 20%.
 * V8's own factor lets a mock under load sit at several times its catalog's size; writes (the cases
 * that make old garbage) leave most of a product shared with its last version, so a small growth
 * costs no throughput. Measurements: docs/performance.md, "Heap growth".
 */
export const HEAP_GROWING_PERCENT = 20;

/** On a large catalog, 20% of it is still a lot of garbage: the growth is capped at this much heap. */
export const MAX_HEAP_SLACK_MIB = 400;
const MIN_GROWING_PERCENT = 10;

/** The growth for a live heap of this size: 20%, or less where 20% would exceed the cap. */
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
 * A catalog of up to this much heap is collected once it is loaded: about 85 ms for 70 MiB, 0.8 s for
 * 600 MiB (docs/performance.md, "Heap growth").
 */
const COLLECT_AFTER_LOAD_UP_TO_MIB = 256;

/**
 * Applies the heap policy to this process once the catalog is loaded, sized by the heap then in
 * use. Not before: while a catalog is built every object survives, and a small growth (30%, as
 * measured then) collected the growing old generation over and over (docs/performance.md, "Start-up"). For the command line only:
 * a library user's process is theirs to tune.
 *
 * The growth is read at each full collection, and only then does V8 set the heap's next limit: the
 * limit of the collections made while loading, up to four times the heap of the time, held until
 * the first one after. A catalog of 10,000 products went from about 185 to 330 MiB resident under
 * writes before it came. So a catalog that is not large is collected at once; a large one has been
 * collected while it loaded (docs/performance.md, "Heap growth").
 */
export function applyHeapPolicy(): void {
  // Heap in use, garbage of loading the catalog included: it errs towards a smaller growth.
  const liveMiB = getHeapStatistics().used_heap_size / (1024 * 1024);
  for (const flag of [heapGrowthFlag(process.execArgv, liveMiB), pretenuringFlag(process.execArgv)]) {
    if (flag) setFlagsFromString(flag);
  }
  if (collectsAfterLoad(liveMiB)) collectGarbage();
}

/** Whether a catalog with this much heap in use is collected once it is loaded. */
export function collectsAfterLoad(liveMiB: number): boolean {
  return liveMiB <= COLLECT_AFTER_LOAD_UP_TO_MIB;
}

/**
 * A full collection, from code: V8 gives the function only to contexts made while --expose-gc is
 * set, so unless node was started with it, it is taken from a new context and the flag put back.
 */
export function collectGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
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
 * The young generation of a server loading a large seed: a seed file read record by record (one
 * larger than WHOLE_FILE_LIMIT), or more than LARGE_SEED_PRODUCTS generated products. While a seed
 * loads everything survives, and a small young generation is collected over and over: from an
 * 818 MB file of 100,000 products, start-up took 12 s with 48 MiB against 14.6 to 16.2 s with
 * 12 MiB; a million generated products 59 to 64 s against 94 s, 300,000 about 14.5 s against 15.5 s.
 * At 100,000 generated products it started about 10% faster but held more after the benchmark's
 * writes (974 against 859 MiB, 1,178 MiB in a full run, over its 1 GiB target), so up to 100,000 the
 * memory stays with the small one; beside a catalog of a gigabyte or more the 36 MiB more weigh
 * little (docs/performance.md, "Seed files").
 */
export const LARGE_SEED_YOUNG_GENERATION_MIB = 48;
const LARGE_SEED_PRODUCTS = 100_000;

/** What is known of the seed before the server's thread starts. */
export interface SeedSize {
  /** Products of a generated seed (--seed COUNT), 0 otherwise. */
  products?: number;
  /** The size of a seed file, 0 for any other seed. */
  fileBytes?: number;
}

/** The young generation to give the server's thread, unless the user sized it for node (NODE_OPTIONS can). */
export function youngGenerationLimit(
  execArgv: readonly string[],
  nodeOptions = '',
  seed: SeedSize = {},
): number | undefined {
  const args = [...execArgv, ...nodeOptions.split(/\s+/)];
  if (given(args, 'max-semi-space-size', 'min-semi-space-size')) return undefined;
  const large = (seed.fileBytes ?? 0) > WHOLE_FILE_LIMIT || (seed.products ?? 0) > LARGE_SEED_PRODUCTS;
  return large ? LARGE_SEED_YOUNG_GENERATION_MIB : YOUNG_GENERATION_MIB;
}

/** Heap a generated product takes, with room for the lookup tables and search texts (MiB per 1,000). */
const MIB_PER_1000_PRODUCTS = 8;
/** Beside the catalog: the program, the request pipeline, and room to grow. */
const HEAP_BESIDE_CATALOG_MIB = 1024;

/**
 * The old generation to give the server's thread for this seed, in MiB, when V8's default (about
 * 4 GiB here) would not hold it. A million demo products measured about 4.6 GiB of heap, generated
 * or read; the allowance of MIB_PER_1000_PRODUCTS (7.8 GiB for a million) leaves room for the
 * lookup tables, search texts and writes. A seed file is allowed as much heap as it has bytes: the
 * seed command's file of a million products (8.6 GB) reads into about 4.6 GiB with its values
 * shared, a file whose values are not shared into more; started with the default, the server ran
 * out of memory while the file was read in the background. Undefined when the default suffices or
 * the user sized the heap for node (NODE_OPTIONS can).
 */
export function oldGenerationLimit(
  seed: SeedSize,
  defaultMiB: number,
  execArgv: readonly string[],
  nodeOptions = '',
): number | undefined {
  if (given([...execArgv, ...nodeOptions.split(/\s+/)], 'max-old-space-size')) return undefined;
  const catalogMiB = Math.max(
    ((seed.products ?? 0) / 1000) * MIB_PER_1000_PRODUCTS,
    (seed.fileBytes ?? 0) / 2 ** 20,
  );
  const wanted = Math.ceil(catalogMiB) + HEAP_BESIDE_CATALOG_MIB;
  return wanted > defaultMiB ? wanted : undefined;
}
