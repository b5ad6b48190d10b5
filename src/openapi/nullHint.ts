// What a 400 tells a client that sent null for a field of a write that is not a list. null is
// refused rather than read as "remove the field": it could as well mean "leave it alone", and no
// write removes a field it is sent (docs/behaviour.md, "Errors"). The message says which write does.
import { own } from '../domain/own.js';
import { isMergeField, MERGE_FIELDS } from '../domain/productFields.js';

/** A batch item's top-level field: `/data/0/introductionDate` names `introductionDate`. */
const ITEM_FIELD = /^\/data\/\d+\/([^/]+)$/;
/**
 * A field of an element of a list, at any depth under an item: `/data/0/variants/1/color` names
 * `variants` and `color`, `/data/0/variants/1/productName/0/productName` the innermost list and
 * field, `productName` and `productName`. An element inside an element sent is sent whole too.
 */
const ELEMENT_FIELD = /^\/data\/\d+\/(?:[^/]+\/\d+\/)*([^/]+)\/\d+\/([^/]+)$/;

/** The fields that name what an item writes (productGroupId when not listed): never removed, so no hint. */
const ITEM_IDS: Readonly<Record<string, readonly string[]>> = {
  updateVariants: ['productId', 'productGroupId'],
  upsertProductTypes: ['productTypeId'],
};
const isKeyPart = (list: string, field: string): boolean =>
  isMergeField(list) && (MERGE_FIELDS[list].parts as readonly string[]).includes(field);

const REMOVE_BY_OVERWRITE = (field: string): string =>
  `null does not remove a field: to remove ${field}, send the whole record without it to POST /products/push, which replaces the stored record`;

/** Per write, how to remove a batch item's top-level field. */
const ITEM_HINTS: Readonly<Record<string, (field: string) => string>> = {
  // docs/behaviour.md, "PATCH /products" and "POST /products-push (merge push)": a sent field replaces, one not
  // sent stays; neither write can take a field away.
  updateProducts: REMOVE_BY_OVERWRITE,
  pushProducts: REMOVE_BY_OVERWRITE,
  // docs/behaviour.md, "POST /products/push (overwrite push)": the record sent is the record stored.
  overwriteProducts: (field) =>
    `to remove ${field}, leave it out: this push replaces the stored record whole`,
  // docs/behaviour.md, "Variants": the variant update replaces the fields it is sent; a merge push
  // replaces a variant with the same key whole.
  updateVariants: (field) =>
    `null does not remove a field: to remove ${field}, send the whole variant without it in variants of a POST /products-push for its product, which replaces the stored variant with that productId`,
  // docs/behaviour.md, "Product types": a document sent replaces the stored one whole.
  upsertProductTypes: (field) =>
    `to remove ${field}, leave it out: this write replaces the stored product type whole`,
};

/** The writes whose lists' elements are replaced whole when sent (by the list or by their key). */
const ELEMENT_WRITES: ReadonlySet<string> = new Set(Object.keys(ITEM_HINTS));

/**
 * How to remove the field at `instancePath` of the body of `operationId`, where null was sent for
 * it; undefined where there is nothing to add (a read, or a place no write stores).
 */
export function nullFieldHint(operationId: string | undefined, instancePath: string): string | undefined {
  if (operationId === undefined) return undefined;
  const item = ITEM_FIELD.exec(instancePath)?.[1];
  if (item !== undefined) {
    if ((own(ITEM_IDS, operationId) ?? ['productGroupId']).includes(item)) return undefined;
    return own(ITEM_HINTS, operationId)?.(item);
  }
  const [, list, field] = ELEMENT_FIELD.exec(instancePath) ?? [];
  if (list === undefined || field === undefined || isKeyPart(list, field)) return undefined;
  if (!ELEMENT_WRITES.has(operationId)) return undefined;
  return `to remove ${field}, leave it out of the element: an element sent replaces the stored one whole`;
}
