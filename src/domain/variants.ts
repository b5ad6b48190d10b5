// GET /variants/{productId} and PATCH /variants (docs/behaviour.md, "Variants"), as pure functions.
import { badRequest } from './errors.js';
import type { Element } from './merge.js';
import { mergeField } from './productWrites.js';
import { VARIANT_ELEMENT_FIELDS } from './productFields.js';
import { deriveSpaceIds } from './spaceIds.js';
import type {
  CatalogProduct,
  Variant,
  VariantInfo,
  VariantItemResult,
  VariantUpdateFields,
} from './types.js';
import { shown } from './given.js';

/** The fields VariantInfo narrows to one variant. */
const NARROWED_FIELDS = [
  'catalogPageLocationProduct',
  'productLabel',
  'productPriceList',
  'productItemQuantity',
] as const;

/**
 * A variant with its product's data: the product's productGroupId, spaceIds, productName (unless the
 * variant has its own) and productDescription, and the NARROWED_FIELDS elements of this variant.
 * Elements that name no productId (productLabel has none) belong to the whole product and are kept.
 * A variant field of the same name as one of these never replaces it: a variant may carry fields
 * openapi.yaml does not describe, and they are answered only beside the product's.
 */
export function variantInfo(product: CatalogProduct, variant: Variant): VariantInfo {
  const info: Record<string, unknown> = { ...variant };
  info.productGroupId = product.productGroupId;
  info.spaceIds = product.spaceIds ?? [];
  if (!Array.isArray(variant.productName)) info.productName = product.productName;
  info.productDescription = product.productDescription;
  for (const field of NARROWED_FIELDS) {
    const elements = product[field] as readonly Element[] | undefined;
    info[field] = elements?.filter((e) => e.productId === undefined || e.productId === variant.productId);
  }
  for (const field of ['productName', 'productDescription', ...NARROWED_FIELDS]) {
    if (info[field] === undefined) delete info[field];
  }
  return info as VariantInfo;
}

/** The product holding a variant: the one the item names, else the lowest productGroupId. */
export function holderOf(
  holders: readonly CatalogProduct[],
  productGroupId?: string,
): CatalogProduct | undefined {
  return productGroupId === undefined ? holders[0] : holders.find((p) => p.productGroupId === productGroupId);
}

/** Elements of another variant inside an item: a 400 naming the first one found. */
function checkItem(item: VariantUpdateFields, index: number): void {
  for (const field of VARIANT_ELEMENT_FIELDS) {
    const elements = item[field] ?? [];
    const j = elements.findIndex((e) => e.productId !== item.productId);
    if (j >= 0) {
      const path = `body.data[${index}].${field}[${j}].productId`;
      const message = `is ${shown(elements[j]?.productId)} but the item updates variant ${shown(item.productId)}; send elements of that variant only`;
      throw badRequest(`${path} ${message}`, [{ path, message }]);
    }
  }
}

/**
 * One variant update: the sent variant fields replace the stored ones; productPriceList,
 * productItemQuantity and productFeature merge by their keys; with upsertSpaceIds, the spaceIds
 * of the sent prices and quantities join the product's spaceIds (otherwise spaceIds is kept).
 */
function updateVariant(
  product: CatalogProduct,
  item: VariantUpdateFields,
  upsertSpaceIds: boolean,
): CatalogProduct {
  const variantFields: Record<string, unknown> = { ...item };
  for (const field of VARIANT_ELEMENT_FIELDS) delete variantFields[field];
  const next: Record<string, unknown> = {
    ...product,
    variants: (product.variants ?? []).map((v) =>
      v.productId === item.productId ? { ...v, ...variantFields } : v,
    ),
  };
  for (const field of VARIANT_ELEMENT_FIELDS) {
    if (item[field]) next[field] = mergeField(field, product[field], item[field], product.productGroupId);
  }
  const updated = next as CatalogProduct;
  if (upsertSpaceIds) {
    const sent = {
      productGroupId: product.productGroupId,
      productPriceList: item.productPriceList,
      productItemQuantity: item.productItemQuantity,
    };
    updated.spaceIds = deriveSpaceIds(sent, product.spaceIds ?? []);
  }
  return updated;
}

export interface VariantPlan {
  writes: CatalogProduct[];
  results: VariantItemResult[];
}

/**
 * PATCH /variants: every item is checked before any is applied; items apply in order, so two items
 * on one product both land. `holders(productId)` lists the products holding a variant.
 */
export function planVariantUpdates(
  holders: (productId: string) => readonly CatalogProduct[],
  items: readonly VariantUpdateFields[],
  upsertSpaceIds: boolean,
): VariantPlan {
  items.forEach(checkItem);
  const pending = new Map<string, CatalogProduct>();
  const results = items.map((item): VariantItemResult => {
    const holder = holderOf(holders(item.productId), item.productGroupId);
    if (!holder) return { productId: item.productId, status: 404 };
    const id = holder.productGroupId;
    const current = pending.get(id) ?? holder;
    pending.set(id, updateVariant(current, item, upsertSpaceIds));
    return { productId: item.productId, productGroupId: id, status: 200 };
  });
  return { writes: [...pending.values()], results };
}
