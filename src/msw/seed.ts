// The `seed` option of catalogHandlers, resolved without a file system: a bundled dataset, a product
// count (the demo dataset's shape), given records, or nothing. Seed files are the CLI's (src/seed/resolve.ts).
import { apiDocument } from '../generated/apiDocument.js';
import { schemaValidator, type SchemaValidator } from '../openapi/schemaValidator.js';
import { COUNTED_DATASET, DEFAULT_SEED } from '../seed/defaults.js';
import { DATASET_NAMES, generateDataset, isDatasetName, type DatasetName } from '../seed/index.js';
import { checkGivenSeed } from '../seed/records.js';
import type { SeedData } from '../domain/types.js';

let validator: SchemaValidator | undefined;

/**
 * `demo`, `grocery`, `electronics`, `none`, a product count, or `{ products, productTypes }`. A count
 * may come as text: a bundler's environment variables (`import.meta.env.VITE_SEED`) are strings.
 */
export type CatalogSeed = DatasetName | 'none' | number | `${number}` | Partial<SeedData>;

/** Beyond this a catalog held in a browser tab is of no use (the CLI allows more). */
const MAX_BROWSER_SEED_COUNT = 100_000;

export function seedOf(given: CatalogSeed = DEFAULT_SEED as DatasetName): SeedData {
  // Decimal digits only, as `--seed COUNT` takes them: '1e3' or ' 10' is not read as a count.
  const seed = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
  if (seed === 'none') return { products: [], productTypes: [] };
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_BROWSER_SEED_COUNT) {
      throw new Error(
        `seed: a product count is a whole number from 0 to ${MAX_BROWSER_SEED_COUNT}, not ${seed}`,
      );
    }
    return generateDataset(COUNTED_DATASET, { count: seed });
  }
  if (typeof seed === 'string') {
    if (isDatasetName(seed)) return generateDataset(seed);
    throw new Error(
      `seed: unknown dataset "${String(seed)}"; one of ${DATASET_NAMES.join(', ')}, none, a product count or { products, productTypes }`,
    );
  }
  // Checked as a seed file's records are, against the bundled openapi.yaml.
  return checkGivenSeed(seed, () => (validator ??= schemaValidator(apiDocument)));
}
