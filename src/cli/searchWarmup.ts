// Prepares the search texts of a catalog in the background once the server listens.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { searchParts } from '../domain/search.js';
import type { CatalogProduct } from '../domain/types.js';

/** Products prepared per turn of the event loop: requests that arrive meanwhile wait for one slice only. */
const SLICE = 1000;

/**
 * Lowercases the search texts of every product, a slice per turn of the event loop, so that the first
 * search does not do it for a whole catalog while its client waits. Texts are cached by the records'
 * identity, and every scope starts from the same records, so one pass serves every scope
 * (docs/performance.md, "Search texts per shared value").
 */
export async function warmSearchTexts(products: readonly CatalogProduct[]): Promise<void> {
  for (let from = 0; from < products.length; from += SLICE) {
    await nextTurn();
    for (let i = from; i < Math.min(from + SLICE, products.length); i++) {
      const product = products[i] as CatalogProduct;
      searchParts(product, '');
      searchParts(product, 'productName');
    }
  }
}
