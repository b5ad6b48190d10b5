// Writes to a --data store are made durable in groups: while one group is written to disk, the
// next writes are planned on the state the writes before them will leave. That state is the
// scope as stored plus the changes still waiting for the disk, which no read sees.
import { compareIds } from '../domain/productTypes.js';
import type { CatalogProduct, ProductType } from '../domain/types.js';
import type { ScopeChange } from './scope.js';

/** What a write plans from: the lookups the planners use. */
export interface ScopeView {
  product(productGroupId: string): CatalogProduct | undefined;
  productType(productTypeId: string): ProductType | undefined;
  /** Products holding a variant with this productId, lowest productGroupId first. */
  productsByVariant(productId: string): CatalogProduct[];
}

/** Changes of one scope not yet on disk: a record, or null for a deleted one, by id. */
export class Pending implements ScopeView {
  readonly #products = new Map<string, CatalogProduct | null>();
  readonly #types = new Map<string, ProductType | null>();
  /**
   * Resolves once the last change added is stored; rejects when the disk refuses it or one added
   * before it (the writes planned on a refused write are refused with it).
   */
  lastWrite: Promise<void> | undefined;

  /** `stored` answers the scope as stored now: its Scope object changes at its first write. */
  constructor(readonly stored: () => ScopeView) {}

  get empty(): boolean {
    return this.#products.size === 0 && this.#types.size === 0;
  }

  add(change: ScopeChange): void {
    for (const p of change.products ?? []) this.#products.set(p.productGroupId, p);
    for (const id of change.deletedProducts ?? []) this.#products.set(id, null);
    for (const t of change.productTypes ?? []) this.#types.set(t.productTypeId, t);
    for (const id of change.deletedProductTypes ?? []) this.#types.set(id, null);
  }

  /** Forgets a change now stored, unless a later pending write changed the same record again. */
  settle(change: ScopeChange): void {
    const drop = <T>(map: Map<string, T | null>, id: string, value: T | null) => {
      if (map.get(id) === value) map.delete(id);
    };
    for (const p of change.products ?? []) drop(this.#products, p.productGroupId, p);
    for (const id of change.deletedProducts ?? []) drop(this.#products, id, null);
    for (const t of change.productTypes ?? []) drop(this.#types, t.productTypeId, t);
    for (const id of change.deletedProductTypes ?? []) drop(this.#types, id, null);
  }

  product(productGroupId: string): CatalogProduct | undefined {
    const pending = this.#products.get(productGroupId);
    return pending === undefined ? this.stored().product(productGroupId) : (pending ?? undefined);
  }

  productType(productTypeId: string): ProductType | undefined {
    const pending = this.#types.get(productTypeId);
    return pending === undefined ? this.stored().productType(productTypeId) : (pending ?? undefined);
  }

  productsByVariant(productId: string): CatalogProduct[] {
    const found = this.stored()
      .productsByVariant(productId)
      .filter((p) => !this.#products.has(p.productGroupId));
    for (const p of this.#products.values()) {
      if (p?.variants?.some((v) => v.productId === productId)) found.push(p);
    }
    return found.sort((a, b) => compareIds(a.productGroupId, b.productGroupId));
  }
}
