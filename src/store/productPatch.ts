// A journal line carries, for a product that existed, only its top-level fields that changed: a
// merge push of new prices writes the price list, not the whole record again. Records are
// immutable and planners copy unchanged fields by reference, so a changed field is one whose value
// is not the same object.
import type { CatalogProduct } from '../domain/types.js';

export interface ProductPatch {
  productGroupId: string;
  /** Fields set to a new value. */
  set: Record<string, unknown>;
  /** Fields the new record no longer has. */
  unset?: string[];
}

export function patchOf(old: CatalogProduct, next: CatalogProduct): ProductPatch {
  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) if (old[field] !== value) set[field] = value;
  const unset = Object.keys(old).filter((field) => !Object.hasOwn(next, field));
  return unset.length > 0
    ? { productGroupId: next.productGroupId, set, unset }
    : { productGroupId: next.productGroupId, set };
}

export function applyPatch(old: CatalogProduct, patch: ProductPatch): CatalogProduct {
  const next: Record<string, unknown> = { ...old, ...patch.set };
  for (const field of patch.unset ?? []) delete next[field];
  return next as CatalogProduct;
}
