import { resolve } from 'node:path';
import type { SeedData } from '../domain/types.js';
import { loadSchemaValidator } from '../openapi/schemas.js';
import { checkSeedRecords, refuseStrayKeys } from './records.js';
import { DATASET_NAMES, generateDataset, generateDatasetInSlices, isDatasetName } from './index.js';
import { readDatasetFile, type ReadOptions } from './file.js';
import { COUNTED_DATASET, DEFAULT_SEED, MAX_SEED_COUNT, seedCountOf, type DatasetName } from './defaults.js';
import type { GenerateOptions } from './generate.js';
export { seedFileOf } from './defaults.js';
import { parsedMediaRebaser, rebaseParsedMedia } from '../media/demoMedia.js';
import { readSeedIndex, type SeedIndex } from './seedIndex.js';
import { cachedCatalogFile } from './catalogCache.js';
import { lazyProducts, type LazyProducts } from './lazyProducts.js';
import { conformingSeed } from './records.js';
import { ValueSharing } from './sharedValues.js';
import type { CatalogProduct } from '../domain/types.js';
import { useIndex } from '../query/searchIndex.js';

export { DEFAULT_SEED };

/**
 * What a seed is doing while it loads: a dataset being generated (in products), a file being read
 * (in bytes, only for a file read record by record) and then checked (in products).
 */
export type SeedStep = 'generating' | 'reading' | 'checking';

export interface ResolveSeedOptions {
  /** Progress of the seed, in the step's unit. */
  onProgress?: (done: number, total: number, step: SeedStep) => void;
  /**
   * The origin the seed's demo media URLs are to name (see GenerateOptions): a generated dataset is
   * written with it, and a file's URLs on the placeholder origin are moved to it.
   */
  mediaOrigin?: string;
  /**
   * Stops a generation (the seed command's Ctrl-C): it is then generated in slices with the event
   * loop let in between, and the promise rejects with the signal's reason once it is aborted.
   */
  signal?: AbortSignal;
  /**
   * From this many products, a generated seed is read from the cache of generated catalogs when it is
   * there, and says where it is to be cached when it is not (catalogCache.ts): `serve` gives
   * CACHE_FROM, and writes the cache.
   */
  cacheFrom?: number;
}

/**
 * Resolves `--seed NAME|COUNT|FILE|none` to the data every scope starts from: a bundled dataset,
 * COUNT products of the demo shape, a validated JSON dataset file, or nothing.
 * The same value always gives the same data.
 */
export async function resolveSeed(
  value: string = DEFAULT_SEED,
  options: ResolveSeedOptions = {},
): Promise<ResolvedSeed> {
  if (value === 'none') return { products: [], productTypes: [] };
  const generating = {
    ...options,
    onProgress:
      options.onProgress &&
      ((done: number, total: number) => options.onProgress?.(done, total, 'generating')),
  };
  const { signal } = options;
  const generate = (name: DatasetName, generateOptions: GenerateOptions) =>
    signal ? generateDatasetInSlices(name, generateOptions, signal) : generateDataset(name, generateOptions);
  if (isDatasetName(value)) return generate(value, generating);
  const count = seedCountOf(value);
  if (count !== undefined) {
    if (count > MAX_SEED_COUNT) {
      throw new Error(
        `Seed count ${value} is too large: at most ${MAX_SEED_COUNT.toLocaleString('en-US')} products`,
      );
    }
    const { cacheFrom } = options;
    const cached =
      cacheFrom !== undefined && count >= cacheFrom
        ? await cachedCatalogFile(COUNTED_DATASET, count)
        : undefined;
    const index = cached === undefined ? undefined : await readSeedIndex(cached);
    if (cached !== undefined && index) {
      const seed = indexedSeed(cached, index, options.mediaOrigin);
      seed.cachedIn = cached;
      return seed;
    }
    const seed: ResolvedSeed = await generate(COUNTED_DATASET, { ...generating, count });
    // The generated seed itself, not a copy: it is known to conform (conformingSeed).
    if (cached !== undefined) seed.cacheTo = cached;
    return seed;
  }
  return loadSeedFile(value, options.mediaOrigin, options.onProgress);
}

/** A seed; for a seed file served through its index, with a way to read its products not read yet. */
export interface ResolvedSeed extends SeedData {
  /** Starts reading the products not read yet in the background (LazyProducts), once a start is over. */
  readRest?: LazyProducts['readRest'];
  /** A generated seed not cached yet: the file of the cache it is to be written to (catalogCache.ts). */
  cacheTo?: string;
  /** A generated seed read from the cache of generated catalogs: the file it was read from. */
  cachedIn?: string;
}

/**
 * A JSON dataset file, every record checked against openapi.yaml; spaceIds computed where absent.
 * With `mediaOrigin`, its demo media URLs on the placeholder origin are moved to that origin.
 * A file with an index written for it (the seed command writes one) is served through the index:
 * its records were checked as they were written, and each is read when first used.
 */
export async function loadSeedFile(
  file: string,
  mediaOrigin?: string,
  onProgress?: ResolveSeedOptions['onProgress'],
): Promise<ResolvedSeed> {
  const index = await readSeedIndex(file);
  if (index) return indexedSeed(file, index, mediaOrigin);
  const onRead = onProgress && ((bytes: number, size: number) => onProgress(bytes, size, 'reading'));
  const raw = checkShape(file, await readSeed(file, onRead));
  const onChecked = onProgress && ((done: number, total: number) => onProgress(done, total, 'checking'));
  const seed = checkSeedRecords(`Seed file "${file}"`, raw, await loadSchemaValidator(), onChecked);
  // The records were parsed here and nothing else holds them: moved in place, not copied.
  if (mediaOrigin !== undefined) rebaseParsedMedia(seed.products, mediaOrigin);
  return seed;
}

async function readSeed(file: string, onRead?: ReadOptions['onRead']): Promise<unknown> {
  try {
    return await readDatasetFile(file, { onRead });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A value written as a path or a .json name was meant as a file: say that it is missing.
    if (code === 'ENOENT' && /[\\/]|\.json$/i.test(file)) {
      throw new Error(`Seed file "${file}" does not exist (looked for ${resolve(file)})`);
    }
    if (code === 'ENOENT') {
      throw new Error(
        `Unknown seed "${file}": not a bundled dataset (${DATASET_NAMES.join(', ')}), a product count such as 10000, ` +
          `none, or an existing JSON dataset file`,
      );
    }
    if (code === 'EISDIR') {
      throw new Error(`Seed file "${file}" is a directory: name a JSON dataset file in it`);
    }
    throw code ? new Error(`Cannot read seed file "${file}": ${(err as Error).message}`) : err;
  }
}

function checkShape(file: string, raw: unknown): { products: unknown[]; productTypes: unknown[] } {
  const shape = `a JSON object { "products": [...], "productTypes": [...] }`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`Seed file "${file}" must be ${shape}`);
  }
  refuseStrayKeys(`Seed file "${file}"`, raw);
  const { products = [], productTypes = [] } = raw as Record<string, unknown>;
  for (const [name, value] of Object.entries({ products, productTypes })) {
    if (!Array.isArray(value))
      throw new Error(`Seed file "${file}": "${name}" must be an array (the file must be ${shape})`);
  }
  return { products: products as unknown[], productTypes: productTypes as unknown[] };
}

/** The seed of an indexed file: its products read when used, equal values shared as they are read. */
function indexedSeed(file: string, index: SeedIndex, mediaOrigin?: string): ResolvedSeed {
  const sharing = new ValueSharing();
  const rebase = mediaOrigin === undefined ? undefined : parsedMediaRebaser(mediaOrigin);
  const { products, readRest } = lazyProducts(file, index, (record) => {
    const product = sharing.share(record) as CatalogProduct;
    // Parsed just now and held by nothing else: moved in place (see loadSeedFile).
    rebase?.([product]);
    return product;
  });
  // The seed scope's snapshot when the file is in productGroupId order, as the seed command writes it.
  useIndex(products, index.search);
  const seed: ResolvedSeed = { products, productTypes: index.productTypes, readRest };
  conformingSeed(seed);
  return seed;
}
