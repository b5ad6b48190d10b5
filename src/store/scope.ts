import type { CatalogProduct, ProductType } from '../domain/types.js';
import { productBarcodes } from '../domain/barcode.js';
import { compareIds } from '../domain/productTypes.js';
import { variantsGroupOf } from '../domain/variantsGroup.js';

/** What one scope persists: records keyed by id, in null-prototype objects so no id reaches a prototype. */
export interface ScopeRecord {
  products: Record<string, CatalogProduct>;
  productTypes: Record<string, ProductType>;
}

export const emptyRecord = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** A variant found through an index: the product holding it and the variant's productId. */
export interface VariantHit {
  product: CatalogProduct;
  productId: string;
}

/**
 * One (region, tenant, environment) scope. Records are immutable values: a write replaces a record,
 * never mutates it, so records can be shared with the seed and cached by identity.
 * Indexes are built on first use and kept right on every write.
 */
export class Scope {
  #sorted: CatalogProduct[] | null = null;
  #byVariant: Map<string, Set<string>> | null = null;
  #byBarcode: Map<string, Map<string, string>> | null = null;
  #byVariantsGroup: Map<string, Set<string>> | null = null;
  /** Increases on every product write; lets callers cache derived data per scope state. */
  version = 0;

  constructor(readonly record: ScopeRecord) {}

  product(productGroupId: string): CatalogProduct | undefined {
    return this.record.products[productGroupId];
  }

  get productCount(): number {
    return this.products().length;
  }

  /** Every product, ordered by productGroupId. */
  products(): readonly CatalogProduct[] {
    this.#sorted ??= Object.values(this.record.products).sort((a, b) =>
      compareIds(a.productGroupId, b.productGroupId),
    );
    return this.#sorted;
  }

  /** Inserts or replaces products whole. */
  putProducts(products: readonly CatalogProduct[]): void {
    for (const product of products) {
      const id = product.productGroupId;
      this.#unindex(this.record.products[id]);
      this.record.products[id] = product;
      this.#index(product);
    }
    this.#changed();
  }

  /** Removes products; answers whether each existed. */
  deleteProducts(ids: readonly string[]): boolean[] {
    const existed = ids.map((id) => {
      const old = this.record.products[id];
      if (!old) return false;
      this.#unindex(old);
      delete this.record.products[id];
      return true;
    });
    this.#changed();
    return existed;
  }

  /** Products holding a variant with this productId, lowest productGroupId first. */
  productsByVariant(productId: string): CatalogProduct[] {
    const ids = this.#variantIndex().get(productId);
    return ids ? this.#productsOf([...ids]) : [];
  }

  /** Variants carrying this (already normalized) barcode, lowest productGroupId first. */
  variantsByBarcode(normalizedBarcode: string): VariantHit[] {
    const hits = this.#barcodeIndex().get(normalizedBarcode);
    if (!hits) return [];
    return this.#productsOf([...hits.keys()]).map((product) => ({
      product,
      productId: hits.get(product.productGroupId) as string,
    }));
  }

  /** Products sharing this variantsGroupId (or variantsByGroupId), lowest productGroupId first. */
  productsByVariantsGroup(groupId: string): CatalogProduct[] {
    const ids = this.#variantsGroupIndex().get(groupId);
    return ids ? this.#productsOf([...ids]) : [];
  }

  productType(id: string): ProductType | undefined {
    return this.record.productTypes[id];
  }

  productTypes(): ProductType[] {
    return Object.values(this.record.productTypes);
  }

  putProductTypes(types: readonly ProductType[]): void {
    for (const type of types) this.record.productTypes[type.productTypeId] = type;
  }

  deleteProductTypes(ids: readonly string[]): boolean[] {
    return ids.map((id) => {
      if (!this.record.productTypes[id]) return false;
      delete this.record.productTypes[id];
      return true;
    });
  }

  #productsOf(ids: string[]): CatalogProduct[] {
    return ids
      .sort(compareIds)
      .map((id) => this.record.products[id])
      .filter((p): p is CatalogProduct => p !== undefined);
  }

  #changed(): void {
    this.#sorted = null;
    this.version++;
  }

  #variantIndex(): Map<string, Set<string>> {
    if (!this.#byVariant) {
      this.#byVariant = new Map();
      for (const product of Object.values(this.record.products)) this.#indexVariants(product);
    }
    return this.#byVariant;
  }

  #barcodeIndex(): Map<string, Map<string, string>> {
    if (!this.#byBarcode) {
      this.#byBarcode = new Map();
      for (const product of Object.values(this.record.products)) this.#indexBarcodes(product);
    }
    return this.#byBarcode;
  }

  #variantsGroupIndex(): Map<string, Set<string>> {
    if (!this.#byVariantsGroup) {
      this.#byVariantsGroup = new Map();
      for (const product of Object.values(this.record.products)) this.#indexVariantsGroup(product);
    }
    return this.#byVariantsGroup;
  }

  #index(product: CatalogProduct): void {
    if (this.#byVariant) this.#indexVariants(product);
    if (this.#byBarcode) this.#indexBarcodes(product);
    if (this.#byVariantsGroup) this.#indexVariantsGroup(product);
  }

  #indexVariantsGroup(product: CatalogProduct): void {
    const group = variantsGroupOf(product);
    if (group === undefined) return;
    const index = this.#byVariantsGroup as Map<string, Set<string>>;
    let ids = index.get(group);
    if (!ids) index.set(group, (ids = new Set()));
    ids.add(product.productGroupId);
  }

  #indexVariants(product: CatalogProduct): void {
    const index = this.#byVariant as Map<string, Set<string>>;
    for (const variant of product.variants ?? []) {
      let ids = index.get(variant.productId);
      if (!ids) index.set(variant.productId, (ids = new Set()));
      ids.add(product.productGroupId);
    }
  }

  #indexBarcodes(product: CatalogProduct): void {
    const index = this.#byBarcode as Map<string, Map<string, string>>;
    for (const [code, productId] of productBarcodes(product)) {
      let hits = index.get(code);
      if (!hits) index.set(code, (hits = new Map()));
      if (!hits.has(product.productGroupId)) hits.set(product.productGroupId, productId);
    }
  }

  #unindex(product: CatalogProduct | undefined): void {
    if (!product) return;
    const id = product.productGroupId;
    if (this.#byVariant) {
      for (const variant of product.variants ?? []) {
        const ids = this.#byVariant.get(variant.productId);
        ids?.delete(id);
        if (ids?.size === 0) this.#byVariant.delete(variant.productId);
      }
    }
    if (this.#byBarcode) {
      for (const [code] of productBarcodes(product)) {
        const hits = this.#byBarcode.get(code);
        hits?.delete(id);
        if (hits?.size === 0) this.#byBarcode.delete(code);
      }
    }
    const group = variantsGroupOf(product);
    if (this.#byVariantsGroup && group !== undefined) {
      const ids = this.#byVariantsGroup.get(group);
      ids?.delete(id);
      if (ids?.size === 0) this.#byVariantsGroup.delete(group);
    }
  }
}
