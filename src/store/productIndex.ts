import type { CatalogProduct } from '../domain/types.js';

/** The keys a product is found by, each with the variant productId it was found through. */
export type IndexKeys = (product: CatalogProduct) => Iterable<readonly [key: string, productId: string]>;

/**
 * key -> (productGroupId -> variant productId): one lookup table over a scope's products, built on
 * first use and kept right on every write. A product found through several variants keeps the first.
 */
export class ProductIndex {
  #table: Map<string, Map<string, string>> | null = null;

  constructor(private readonly keysOf: IndexKeys) {}

  /** The hits for a key; builds the table from `all` the first time. */
  lookup(key: string, all: () => Iterable<CatalogProduct>): ReadonlyMap<string, string> | undefined {
    if (!this.#table) {
      this.#table = new Map();
      for (const product of all()) this.add(product);
    }
    return this.#table.get(key);
  }

  add(product: CatalogProduct): void {
    if (!this.#table) return;
    for (const [key, productId] of this.keysOf(product)) {
      let hits = this.#table.get(key);
      if (!hits) this.#table.set(key, (hits = new Map()));
      if (!hits.has(product.productGroupId)) hits.set(product.productGroupId, productId);
    }
  }

  remove(product: CatalogProduct): void {
    if (!this.#table) return;
    for (const [key] of this.keysOf(product)) {
      const hits = this.#table.get(key);
      hits?.delete(product.productGroupId);
      if (hits?.size === 0) this.#table.delete(key);
    }
  }
}
