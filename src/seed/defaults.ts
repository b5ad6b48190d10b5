// What a --seed value names, known without loading a dataset: the main thread of `serve` reads it.
/**
 * Seed files up to this size are parsed as one JSON document; larger ones would not fit in one
 * string, and are read one record per line (src/seed/file.ts).
 */
export const WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

/** The dataset every scope starts from when --seed names none. */
export const DEFAULT_SEED = 'demo';

/** The bundled datasets, by the names `--seed` accepts (src/seed/index.ts holds their definitions). */
export const DATASET_NAMES = ['demo', 'grocery', 'electronics'] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];

/** The dataset whose shape a product count (`--seed 10000`) is generated in. */
export const COUNTED_DATASET: DatasetName = 'demo';

export function isDatasetName(value: string): value is DatasetName {
  return (DATASET_NAMES as readonly string[]).includes(value);
}

/** Beyond this a generated catalog would not fit in memory in a useful way. */
export const MAX_SEED_COUNT = 1_000_000;

/** The product count a `--seed` value names (`--seed 10000`), or undefined when it names none. */
export function seedCountOf(value: string): number | undefined {
  return /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The products a `--seed` value has generated: its count, or undefined for any other value and for a
 * count past MAX_SEED_COUNT, which is refused before anything is generated (no heap is sized for it).
 */
export function generatedCountOf(value: string): number | undefined {
  const count = seedCountOf(value);
  return count !== undefined && count <= MAX_SEED_COUNT ? count : undefined;
}

/** The file a `--seed` value names, or undefined for a bundled name, a count or none. */
export function seedFileOf(value: string): string | undefined {
  return value === 'none' || isDatasetName(value) || seedCountOf(value) !== undefined ? undefined : value;
}
