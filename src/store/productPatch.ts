// A journal line carries, for a product that existed, only what changed: a merge push of one new
// price writes that price and which of the stored ones stay, not the record or the list again.
// Records are immutable and planners copy unchanged fields and elements by reference, so a changed
// field is one whose value is not the same object, and a kept element is the same object.
import type { CatalogProduct } from '../domain/types.js';

/** A run of the stored array's elements [from, to), or an element of the new array's own. */
type ArrayPart = [number, number] | { e: unknown };

export interface ProductPatch {
  productGroupId: string;
  /** Fields set to a new value. */
  set: Record<string, unknown>;
  /** Array fields rebuilt from runs of their stored elements and new ones. */
  arrays?: Record<string, ArrayPart[]>;
  /** Fields the new record no longer has. */
  unset?: string[];
}

/** The new array as runs of the old one and new elements; undefined when it keeps none of the old. */
function arrayParts(old: readonly unknown[], next: readonly unknown[]): ArrayPart[] | undefined {
  const at = new Map<unknown, number>();
  old.forEach((element, i) => {
    if (!at.has(element)) at.set(element, i);
  });
  const parts: ArrayPart[] = [];
  let kept = 0;
  for (const element of next) {
    const i = at.get(element);
    if (i === undefined) {
      parts.push({ e: element });
      continue;
    }
    kept++;
    const last = parts.at(-1);
    if (Array.isArray(last) && last[1] === i) last[1] = i + 1;
    else parts.push([i, i + 1]);
  }
  return kept > 0 ? parts : undefined;
}

export function patchOf(old: CatalogProduct, next: CatalogProduct): ProductPatch {
  const patch: ProductPatch = { productGroupId: next.productGroupId, set: {} };
  for (const [field, value] of Object.entries(next)) {
    const before = old[field];
    if (before === value) continue;
    const parts = Array.isArray(before) && Array.isArray(value) ? arrayParts(before, value) : undefined;
    if (parts) (patch.arrays ??= {})[field] = parts;
    else patch.set[field] = value;
  }
  const unset = Object.keys(old).filter((field) => !Object.hasOwn(next, field));
  if (unset.length > 0) patch.unset = unset;
  return patch;
}

export function applyPatch(old: CatalogProduct, patch: ProductPatch): CatalogProduct {
  const next: Record<string, unknown> = { ...old, ...patch.set };
  for (const [field, parts] of Object.entries(patch.arrays ?? {})) {
    const before = old[field] as readonly unknown[];
    next[field] = parts.flatMap((part) => (Array.isArray(part) ? before.slice(part[0], part[1]) : [part.e]));
  }
  for (const field of patch.unset ?? []) delete next[field];
  return next as CatalogProduct;
}
