// Pure planners of the product writes (docs/behaviour.md, "POST /products-push (merge push)",
// "POST /products/push (overwrite push)", "PATCH /products" and "DELETE /products and detach"):
// stored record in, new record out.
import { mergeByKeyParts, withKeyDefaults, type Element } from './merge.js';
import {
  DETACH_FIELDS,
  MERGE_FIELDS,
  REPLACE_FIELDS,
  isMergeField,
  type MergeField,
} from './productFields.js';
import { deriveSpaceIds } from './spaceIds.js';
import type { CatalogProduct, ProductItemResult } from './types.js';

type Fields = Record<string, unknown>;

const elementsOf = (value: unknown): readonly Element[] => (Array.isArray(value) ? value : []);

/** One merge field of one product: the stored elements merged with the sent ones by the field's key. */
export function mergeField(
  field: MergeField,
  stored: unknown,
  sent: unknown,
  productGroupId: string,
): Element[] {
  const key = MERGE_FIELDS[field];
  return mergeByKeyParts(
    elementsOf(stored),
    elementsOf(sent).map((element) => withKeyDefaults(element, key, productGroupId)),
    key,
    productGroupId,
  );
}

/** A product a merge push creates: every replace and merge array starts empty. */
function emptyProduct(productGroupId: string): CatalogProduct {
  const product: Fields = { productGroupId, spaceIds: [] };
  for (const field of [...REPLACE_FIELDS, ...Object.keys(MERGE_FIELDS)]) product[field] = [];
  return product as CatalogProduct;
}

/**
 * Merge push (docs/behaviour.md, "POST /products-push (merge push)"): merge fields merged by key,
 * every other sent field replaces the stored one, fields not sent untouched; spaceIds keeps the
 * stored ones and gains those now found.
 */
export function mergePush(stored: CatalogProduct | undefined, record: CatalogProduct): CatalogProduct {
  const base = stored ?? emptyProduct(record.productGroupId);
  const next: Fields = { ...base };
  for (const [field, value] of Object.entries(record)) {
    next[field] = isMergeField(field) ? mergeField(field, base[field], value, record.productGroupId) : value;
  }
  const product = next as CatalogProduct;
  product.spaceIds = deriveSpaceIds(product, base.spaceIds ?? []);
  return product;
}

/** The record with the key parts that default to its productGroupId filled in, field by field. */
function withRecordDefaults(record: CatalogProduct): CatalogProduct {
  const next: Fields = { ...record };
  for (const field of Object.keys(MERGE_FIELDS) as MergeField[]) {
    if (Array.isArray(record[field])) {
      next[field] = elementsOf(record[field]).map((e) =>
        withKeyDefaults(e, MERGE_FIELDS[field], record.productGroupId),
      );
    }
  }
  return next as CatalogProduct;
}

/**
 * Overwrite push (docs/behaviour.md, "POST /products/push (overwrite push)"): the record replaces the
 * stored one whole; spaceIds derived when absent.
 */
function overwrite(record: CatalogProduct): CatalogProduct {
  const product = withRecordDefaults(record);
  return { ...product, spaceIds: record.spaceIds ?? deriveSpaceIds(product) };
}

/**
 * PATCH /products (docs/behaviour.md, "PATCH /products"): each sent top-level field replaces the
 * stored one; nothing else changes.
 */
export function shallowUpdate(stored: CatalogProduct, record: CatalogProduct): CatalogProduct {
  return { ...stored, ...record };
}

/**
 * Detach (docs/behaviour.md, "DELETE /products and detach"): the space leaves spaceIds, and every
 * element carrying it leaves DETACH_FIELDS.
 */
function detach(stored: CatalogProduct, spaceId: string): CatalogProduct {
  const next: Fields = { ...stored };
  for (const field of DETACH_FIELDS) {
    const elements = stored[field];
    if (Array.isArray(elements)) next[field] = elementsOf(elements).filter((e) => e.spaceId !== spaceId);
  }
  if (Array.isArray(stored.spaceIds)) next.spaceIds = stored.spaceIds.filter((id) => id !== spaceId);
  return next as CatalogProduct;
}

/** One step of a batch: the new record to store (none when nothing changes) and the item's status. */
interface Step {
  product?: CatalogProduct;
  /** A batch item's status, one of those openapi.yaml's ProductItemResult lists. */
  status: ProductItemResult['status'];
}

/** What a batch writes and answers: every record is computed before anything is stored. */
export interface BatchPlan {
  writes: CatalogProduct[];
  results: ProductItemResult[];
}

export type Lookup = (productGroupId: string) => CatalogProduct | undefined;

/** How a batch operation plans: the productGroupId an item names, and its step. */
export interface BatchRule<T> {
  idOf(item: T): string;
  step(stored: CatalogProduct | undefined, item: T): Step;
}

/**
 * A batch planned an item at a time, in order: an item naming a productGroupId seen earlier in the
 * batch sees the record that earlier item produced. A caller may pause between items; the plan is
 * whole only once every item was added, and nothing is stored before.
 */
export function batchPlanner<T>(
  lookup: Lookup,
  rule: BatchRule<T>,
): { add(item: T): void; plan(): BatchPlan } {
  const pending = new Map<string, CatalogProduct>();
  const results: ProductItemResult[] = [];
  return {
    add(item) {
      const productGroupId = rule.idOf(item);
      const { product, status } = rule.step(pending.get(productGroupId) ?? lookup(productGroupId), item);
      if (product) pending.set(productGroupId, product);
      results.push({ productGroupId, status });
    },
    plan: () => ({ writes: [...pending.values()], results }),
  };
}

/** Applies the rule's step to each item in order (batchPlanner, in one go). */
export function planBatch<T>(lookup: Lookup, items: readonly T[], rule: BatchRule<T>): BatchPlan {
  const planner = batchPlanner(lookup, rule);
  for (const item of items) planner.add(item);
  return planner.plan();
}

const byGroupId = (record: CatalogProduct): string => record.productGroupId;
const byId = (id: string): string => id;

export const mergePushRule: BatchRule<CatalogProduct> = {
  idOf: byGroupId,
  step: (stored, record) => ({ product: mergePush(stored, record), status: stored ? 200 : 201 }),
};

export const overwriteRule: BatchRule<CatalogProduct> = {
  idOf: byGroupId,
  step: (stored, record) => ({ product: overwrite(record), status: stored ? 200 : 201 }),
};

export const updateRule: BatchRule<CatalogProduct> = {
  idOf: byGroupId,
  step: (stored, record) =>
    stored ? { product: shallowUpdate(stored, record), status: 200 } : { status: 404 },
};

export const detachRule = (spaceId: string): BatchRule<string> => ({
  idOf: byId,
  step: (stored) => (stored ? { product: detach(stored, spaceId), status: 202 } : { status: 404 }),
});

/** DELETE /products answers 200 per deleted product, 404 per unknown id. */
export const deleteResults = (ids: readonly string[], existed: readonly boolean[]): ProductItemResult[] =>
  ids.map((productGroupId, i) => ({ productGroupId, status: existed[i] ? 200 : 404 }));
