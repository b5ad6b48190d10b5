import type { CatalogProduct } from '../domain/types.js';

/** The keys a product is found by, each with the variant productId it was found through. */
export type IndexKeys = (product: CatalogProduct) => Iterable<readonly [key: string, productId: string]>;

/** The one product a key leads to, in the usual case; a Map only for keys several products share. */
class Hit {
  constructor(
    readonly productGroupId: string,
    readonly productId: string,
  ) {}
}

/**
 * key -> (productGroupId -> variant productId): one lookup table over a scope's products, built on
 * first use and kept right on every write. A product found through several variants keeps the first.
 * Most keys (a barcode, a variant id) lead to one product: those hold a small Hit rather than a Map,
 * a fraction of its memory (docs/performance.md, "Lookup tables by variant, barcode and group").
 */
export class ProductIndex {
  #table: Map<string, Hit | Map<string, string>> | null = null;

  constructor(private readonly keysOf: IndexKeys) {}

  /** The hits for a key; builds the table from `all` the first time. */
  lookup(key: string, all: () => Iterable<CatalogProduct>): ReadonlyMap<string, string> | undefined {
    if (!this.#table) {
      this.#table = new Map();
      for (const product of all()) this.add(product);
    }
    const entry = this.#table.get(key);
    return entry instanceof Hit ? new Map([[entry.productGroupId, entry.productId]]) : entry;
  }

  add(product: CatalogProduct): void {
    const table = this.#table;
    if (!table) return;
    const id = product.productGroupId;
    for (const [key, productId] of this.keysOf(product)) {
      const entry = table.get(key);
      if (entry === undefined) {
        table.set(key, new Hit(id, productId));
      } else if (entry instanceof Hit) {
        if (entry.productGroupId !== id) {
          table.set(
            key,
            new Map([
              [entry.productGroupId, entry.productId],
              [id, productId],
            ]),
          );
        }
      } else if (!entry.has(id)) {
        entry.set(id, productId);
      }
    }
  }

  /**
   * After a write replaced `old` with `product`. Most writes (prices, stock, texts) leave a product's
   * keys as they were: the table is left alone then, where removing and adding every key again
   * churned its entries and made the Map rebuild its table every few hundred writes.
   */
  replace(old: CatalogProduct, product: CatalogProduct): void {
    if (!this.#table || sameKeys(this.keysOf(old), this.keysOf(product))) return;
    this.remove(old);
    this.add(product);
  }

  remove(product: CatalogProduct): void {
    const table = this.#table;
    if (!table) return;
    const id = product.productGroupId;
    for (const [key] of this.keysOf(product)) {
      const entry = table.get(key);
      if (entry instanceof Hit) {
        if (entry.productGroupId === id) table.delete(key);
      } else if (entry?.delete(id) && entry.size === 0) {
        table.delete(key);
      }
    }
  }
}

function sameKeys(a: ReturnType<IndexKeys>, b: ReturnType<IndexKeys>): boolean {
  const left = [...a];
  const right = [...b];
  return (
    left.length === right.length &&
    left.every(([key, productId], i) => right[i]?.[0] === key && right[i]?.[1] === productId)
  );
}
