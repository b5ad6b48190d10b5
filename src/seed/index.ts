// The bundled datasets, by the names `--seed` accepts.
import type { SeedData } from '../domain/types.js';
import { demo } from '../../seeds/demo.js';
import { electronics } from '../../seeds/electronics.js';
import { grocery } from '../../seeds/grocery.js';
import { generateCatalog, generateCatalogInSlices, type GenerateOptions } from './generate.js';
import type { DatasetDefinition } from '../../seeds/model.js';
import { DATASET_NAMES, isDatasetName, type DatasetName } from './defaults.js';
import { conformingSeed } from './records.js';

export { REFERENCE_DATE, type GenerateOptions } from './generate.js';

export { DATASET_NAMES, isDatasetName, type DatasetName };

// Each definition has its own leaf type; the registry only needs their common face.
const definitions = { demo, grocery, electronics } satisfies Record<DatasetName, unknown>;
export const DATASETS = definitions as unknown as Record<DatasetName, DatasetDefinition>;

/** A bundled dataset; `count` changes its size (`demo` with a count is what `--seed COUNT` means). */
export function generateDataset(name: DatasetName, options: GenerateOptions = {}): SeedData {
  // Conforms to openapi.yaml (test/seed/generate.test.ts): a seed given in code is not checked again.
  return conformingSeed(generateCatalog(DATASETS[name], options));
}

/** generateDataset in slices that let a signal in (generateCatalogInSlices); the same data. */
export async function generateDatasetInSlices(
  name: DatasetName,
  options: GenerateOptions,
  signal: AbortSignal,
): Promise<SeedData> {
  return conformingSeed(await generateCatalogInSlices(DATASETS[name], options, signal));
}
