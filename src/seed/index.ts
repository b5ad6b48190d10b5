// The bundled datasets, by the names `--seed` accepts.
import type { SeedData } from '../store/store.js';
import { demo } from './datasets/demo.js';
import { electronics } from './datasets/electronics.js';
import { grocery } from './datasets/grocery.js';
import { generateCatalog, type GenerateOptions } from './generate.js';
import type { DatasetDefinition } from './model.js';

export { DEFAULT_RANDOM_SEED, REFERENCE_DATE, type GenerateOptions } from './generate.js';

// Each definition has its own leaf type; the registry only needs their common face.
export const DATASETS = { demo, grocery, electronics } as unknown as Record<DatasetName, DatasetDefinition>;
export type DatasetName = 'demo' | 'grocery' | 'electronics';
export const DATASET_NAMES = Object.keys(DATASETS) as DatasetName[];

export function isDatasetName(value: string): value is DatasetName {
  return Object.hasOwn(DATASETS, value);
}

/** A bundled dataset; `count` changes its size (`demo` with a count is what `--seed COUNT` means). */
export function generateDataset(name: DatasetName, options: GenerateOptions = {}): SeedData {
  return generateCatalog(DATASETS[name], options);
}
