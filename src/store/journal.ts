// The journal's form of a write, and what lowdb holds: plain values, no file access, so the store
// that uses them loads where there is no file system (a browser, a service worker).
import type { CatalogProduct } from '../domain/types.js';
import { patchOf, type ProductPatch } from './productPatch.js';
import type { ScopeChange, ScopeRecord } from './scope.js';

/** What lowdb holds: the scopes written to, each written over the seed's records (the others read the seed). */
export interface DbShape {
  scopes: Record<string, ScopeRecord>;
}

/** A write as the journal keeps it: products that existed as the fields that changed. */
export type JournalChange = ScopeChange & { patches?: ProductPatch[] };

/** One journal line: a write to one scope, or a reset of every scope. */
export type JournalEntry = ({ scope: string } & JournalChange) | { reset: true };

/** The journal's form of a change, given the records as they were before it. */
export function journalChange(
  change: ScopeChange,
  before: (productGroupId: string) => CatalogProduct | undefined,
): JournalChange {
  const products: CatalogProduct[] = [];
  const patches: ProductPatch[] = [];
  for (const product of change.products ?? []) {
    const old = before(product.productGroupId);
    if (old) patches.push(patchOf(old, product));
    else products.push(product);
  }
  return { ...change, products, patches };
}
