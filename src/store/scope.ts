import type { CatalogProduct, ProductType } from '../domain/types.js';
import { productBarcodes } from '../domain/barcode.js';
import { compareIds } from '../domain/productTypes.js';
import { variantsGroupOf } from '../domain/variantsGroup.js';
import { admitRecord } from './frozen.js';
import { ProductIndex } from './productIndex.js';
import { recordLineage } from '../query/snapshotLineage.js';
import { positionOf, replaceInOrder } from '../domain/orderedList.js';
import { RecordTable } from './recordTable.js';

const byId = (a: CatalogProduct, b: CatalogProduct) => compareIds(a.productGroupId, b.productGroupId);

/**
 * A snapshot is carried over from the last one while a write changed at most this share of it (or
 * this few products); beyond, sorting the whole record again costs about the same.
 */
const CARRY_OVER_SHARE = 0.25;
const CARRY_OVER_ALWAYS = 64;

/** What one scope persists: its records by id. */
export interface ScopeRecord {
  products: RecordTable<CatalogProduct>;
  productTypes: RecordTable<ProductType>;
}

export const emptyRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A scope's record with nothing in it. */
export const newRecord = (): ScopeRecord => ({
  products: new RecordTable(),
  productTypes: new RecordTable(),
});

/**
 * A scope's record that starts as another (the seed's) and is written over it: nothing is copied,
 * and the records themselves are shared.
 */
export const recordOver = (base: ScopeRecord): ScopeRecord => ({
  products: new RecordTable(base.products),
  productTypes: new RecordTable(base.productTypes),
});

/** What one write does to one scope: records put whole, ids removed. The unit the journal stores. */
export interface ScopeChange {
  products?: CatalogProduct[];
  deletedProducts?: string[];
  productTypes?: ProductType[];
  deletedProductTypes?: string[];
}

/** Applies a change to a bare record (a scope being loaded, which has no indexes yet). */
export function applyToRecord(record: ScopeRecord, change: ScopeChange): void {
  for (const p of change.products ?? []) record.products.set(p.productGroupId, p);
  for (const id of change.deletedProducts ?? []) record.products.delete(id);
  for (const t of change.productTypes ?? []) record.productTypes.set(t.productTypeId, t);
  for (const id of change.deletedProductTypes ?? []) record.productTypes.delete(id);
}

/** A variant found through an index: the product holding it and the variant's productId. */
export interface VariantHit {
  product: CatalogProduct;
  productId: string;
}

/**
 * One (region, tenant, environment) scope. Records are immutable values: a write replaces a record,
 * never mutates it, so records can be shared with the seed and cached by identity.
 * Indexes are built on first use and kept right on every write. A scope whose record is written over
 * the record of a `base` scope (the seed's) indexes only its own records, and finds the others
 * through the base's indexes.
 */
export class Scope {
  #sorted: CatalogProduct[] | null = null;
  /** Ids written since #sorted was made: the next snapshot is #sorted with these replaced. */
  readonly #written = new Set<string>();
  readonly #byVariant = new ProductIndex((p) =>
    (p.variants ?? []).map((v) => [v.productId, v.productId] as const),
  );
  readonly #byBarcode = new ProductIndex(productBarcodes);
  readonly #byVariantsGroup = new ProductIndex((p) => {
    const group = variantsGroupOf(p);
    return group === undefined ? [] : [[group, p.productGroupId] as const];
  });
  /** Every index, kept right on every write. */
  readonly #indexes = [this.#byVariant, this.#byBarcode, this.#byVariantsGroup];
  /** The scope whose indexes find the records this one takes from its record's base. */
  readonly #base: Scope | undefined;

  /**
   * `sorted`: the record's products in productGroupId order, when the caller has them already.
   * `base`: the scope of the record its record is written over, whose indexes it shares.
   */
  constructor(
    readonly record: ScopeRecord,
    sorted?: readonly CatalogProduct[],
    base?: Scope,
  ) {
    // Never changed in place: products() makes a new array after a write.
    this.#sorted = (sorted as CatalogProduct[] | undefined) ?? null;
    this.#base = base !== undefined && record.products.base === base.record.products ? base : undefined;
  }

  /** Applies one write whole, indexes included. */
  apply(change: ScopeChange): void {
    if (change.products?.length) this.putProducts(change.products);
    if (change.deletedProducts?.length) this.deleteProducts(change.deletedProducts);
    if (change.productTypes?.length) this.putProductTypes(change.productTypes);
    if (change.deletedProductTypes?.length) this.deleteProductTypes(change.deletedProductTypes);
  }

  product(productGroupId: string): CatalogProduct | undefined {
    return this.record.products.get(productGroupId);
  }

  /**
   * Every product, ordered by productGroupId: one array (a snapshot) until the next write. After a
   * write the last snapshot is carried over: its unchanged records kept in place, the written ones
   * merged in. Sorting 100,000 products again took about 160 ms of the first read after every write
   * (docs/performance.md, "Snapshots after a write").
   */
  products(): readonly CatalogProduct[] {
    const previous = this.#sorted;
    if (previous !== null && this.#written.size === 0) return previous;
    const next =
      previous === null ||
      this.#written.size > Math.max(CARRY_OVER_ALWAYS, previous.length * CARRY_OVER_SHARE)
        ? [...this.record.products.values()].sort(byId)
        : this.#carriedOver(previous);
    this.#written.clear();
    this.#sorted = next;
    return next;
  }

  /** The last snapshot with the records written since replaced, and what changed, for derived work. */
  #carriedOver(previous: CatalogProduct[]): CatalogProduct[] {
    const removed: CatalogProduct[] = [];
    const added: CatalogProduct[] = [];
    for (const id of [...this.#written].sort(compareIds)) {
      const at = positionOf(previous, { productGroupId: id } as CatalogProduct, byId);
      if (previous[at]?.productGroupId === id) removed.push(previous[at]);
      const product = this.record.products.get(id);
      if (product !== undefined) added.push(product);
    }
    const next = replaceInOrder(previous, removed, added, byId);
    recordLineage(next, { previous, removed, added });
    return next;
  }

  /**
   * The products in productGroupId order when products() has them already (no write since): a scope
   * restored from a snapshot starts with them instead of sorting again.
   */
  settledProducts(): readonly CatalogProduct[] | undefined {
    return this.#sorted !== null && this.#written.size === 0 ? this.#sorted : undefined;
  }

  /** Inserts or replaces products whole. */
  putProducts(products: readonly CatalogProduct[]): void {
    for (const product of products.map(admitRecord)) {
      const id = product.productGroupId;
      const old = this.#indexed(id);
      this.record.products.set(id, product);
      for (const index of this.#indexes) {
        if (old) index.replace(old, product);
        else index.add(product);
      }
    }
    this.#changed(products.map((p) => p.productGroupId));
  }

  /** Removes products; an id the scope does not hold is skipped (the domain answers which existed). */
  deleteProducts(ids: readonly string[]): void {
    for (const id of ids) {
      if (!this.record.products.has(id)) continue;
      const old = this.#indexed(id);
      if (old) for (const index of this.#indexes) index.remove(old);
      this.record.products.delete(id);
    }
    this.#changed(ids);
  }

  /** Products holding a variant with this productId, lowest productGroupId first. */
  productsByVariant(productId: string): CatalogProduct[] {
    return this.#productsOf(this.#hits((scope) => scope.#byVariant, productId));
  }

  /** Variants carrying this (already normalized) barcode, lowest productGroupId first. */
  variantsByBarcode(normalizedBarcode: string): VariantHit[] {
    const hits = this.#hits((scope) => scope.#byBarcode, normalizedBarcode);
    return this.#productsOf(hits).map((product) => ({
      product,
      productId: hits?.get(product.productGroupId) as string,
    }));
  }

  /** Products sharing this variantsGroupId (or variantsByGroupId), lowest productGroupId first. */
  productsByVariantsGroup(groupId: string): CatalogProduct[] {
    return this.#productsOf(this.#hits((scope) => scope.#byVariantsGroup, groupId));
  }

  /** Whether the value is a record this scope holds, by identity: an answer may send it from the encoded cache. */
  holds(value: object): boolean {
    const { productGroupId, productTypeId } = value as { productGroupId?: unknown; productTypeId?: unknown };
    return (
      (typeof productGroupId === 'string' && this.record.products.get(productGroupId) === value) ||
      (typeof productTypeId === 'string' && this.record.productTypes.get(productTypeId) === value)
    );
  }

  productType(id: string): ProductType | undefined {
    return this.record.productTypes.get(id);
  }

  productTypes(): ProductType[] {
    return [...this.record.productTypes.values()];
  }

  putProductTypes(types: readonly ProductType[]): void {
    for (const type of types) this.record.productTypes.set(type.productTypeId, admitRecord(type));
  }

  deleteProductTypes(ids: readonly string[]): void {
    for (const id of ids) this.record.productTypes.delete(id);
  }

  /** The products this scope's own indexes cover: all of them, or without a base scope's, its own. */
  readonly #covered = (): Iterable<CatalogProduct> =>
    this.#base ? this.record.products.ownValues() : this.record.products.values();

  /** The product of this id that this scope's own indexes hold, if any. */
  #indexed(id: string): CatalogProduct | undefined {
    const products = this.record.products;
    return this.#base && !products.overrides(id) ? undefined : products.get(id);
  }

  /**
   * productGroupId -> variant productId for a key of one index (`index` picks it of a scope): this
   * scope's own hits, and the base scope's for the products this scope did not write over.
   */
  #hits(index: (scope: Scope) => ProductIndex, key: string): ReadonlyMap<string, string> | undefined {
    const own = index(this).lookup(key, this.#covered);
    const inherited = this.#base === undefined ? undefined : this.#base.#hits(index, key);
    if (inherited === undefined) return own;
    const products = this.record.products;
    const hits = new Map<string, string>();
    for (const [id, productId] of inherited) if (!products.overrides(id)) hits.set(id, productId);
    for (const [id, productId] of own ?? []) hits.set(id, productId);
    return hits.size === 0 ? undefined : hits;
  }

  #productsOf(hits: ReadonlyMap<string, string> | undefined): CatalogProduct[] {
    if (!hits) return [];
    return [...hits.keys()]
      .sort(compareIds)
      .map((id) => this.record.products.get(id))
      .filter((p): p is CatalogProduct => p !== undefined);
  }

  /** Notes the ids a write touched: the next snapshot is carried over from the last one. */
  #changed(ids: Iterable<string>): void {
    if (this.#sorted === null) return;
    for (const id of ids) this.#written.add(id);
  }
}
