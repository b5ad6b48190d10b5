import type { CatalogProduct } from './types.js';

/**
 * How each field of a CatalogProduct behaves on a merge push
 * (docs/behaviour.md, "POST /products-push (merge push)").
 * Fields in neither table (scalars, relatedProductGroups, undocumented fields) replace the stored
 * value; spaceIds is computed.
 */

/** The sent array replaces the stored one; `[]` clears it. */
export const REPLACE_FIELDS = [
  'productName',
  'productShortDescription',
  'productInternalName',
  'storageInstructions',
  'consumerStorageInstruction',
  'productShippingInstruction',
  'productType',
  'productLabel',
  'productTags',
  'brand',
  'productVendor',
  'productDescription',
] as const;

export interface MergeKey {
  /** The element properties that together identify an element. */
  readonly parts: readonly string[];
  /** Key parts that default to the record's productGroupId when an element omits them. */
  readonly groupDefault: readonly string[];
}

/** Sent elements are merged into the stored array by these keys. */
export const MERGE_FIELDS = {
  variants: { parts: ['productId', 'productGroupId'], groupDefault: ['productGroupId'] },
  productFeature: { parts: ['productId'], groupDefault: [] },
  productPriceList: { parts: ['productId', 'spaceId'], groupDefault: [] },
  productStatus: { parts: ['spaceId'], groupDefault: [] },
  catalogPageLocationProduct: {
    parts: ['productId', 'productGroupId'],
    groupDefault: ['productGroupId'],
  },
  // spaceId may be absent: absent is its own key value.
  customProperties: { parts: ['key', 'spaceId'], groupDefault: [] },
  productItemQuantity: { parts: ['productId', 'spaceId'], groupDefault: [] },
} as const satisfies Record<string, MergeKey>;

export type MergeField = keyof typeof MERGE_FIELDS;

/** The merge fields a variant update touches; all are keyed by the variant's productId first. */
export const VARIANT_ELEMENT_FIELDS = [
  'productPriceList',
  'productFeature',
  'productItemQuantity',
] as const satisfies readonly MergeField[];

/** Detaching a product from a space removes the elements of these fields that carry that spaceId. */
export const DETACH_FIELDS = [
  'productPriceList',
  'productStatus',
  'productItemQuantity',
  'productLabel',
  'customProperties',
] as const satisfies readonly (keyof CatalogProduct)[];

export const isMergeField = (field: string): field is MergeField =>
  Object.prototype.hasOwnProperty.call(MERGE_FIELDS, field);
