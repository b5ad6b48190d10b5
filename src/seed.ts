import { readFile } from 'node:fs/promises';
import type { SeedData } from './store/store.js';

export const DEFAULT_SEED = 'demo';

/**
 * Resolves `--seed NAME|COUNT|FILE|none` to the data every scope starts from.
 * Bundled datasets and generated counts come from seeds/.
 */
export async function resolveSeed(value: string = DEFAULT_SEED): Promise<SeedData> {
  if (value === 'none') return { products: [], productTypes: [] };
  if (value.endsWith('.json')) {
    const raw = JSON.parse(await readFile(value, 'utf8')) as Partial<SeedData>;
    return { products: raw.products ?? [], productTypes: raw.productTypes ?? [] };
  }
  throw new Error(`Unknown seed "${value}": use none or a .json dataset file`);
}
