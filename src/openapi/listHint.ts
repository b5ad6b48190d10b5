// What a 400 tells a client that sent null or a scalar where a list belongs: how to send the list it
// meant. [] empties a list that the write replaces, but not one whose elements are merged into the
// stored ones by key: there it merges nothing (docs/behaviour.md, "Errors").
import { own } from '../domain/own.js';
import { given } from '../domain/given.js';
import { MERGE_FIELDS, VARIANT_ELEMENT_FIELDS } from '../domain/productFields.js';

const CLEARS = 'must be an array; send [] to clear it';

/** Per operation, the body lists whose sent elements are merged by key, and what to say of them. */
const MERGED: Readonly<Record<string, { fields: ReadonlySet<string>; message: string }>> = {
  // docs/behaviour.md, "POST /products-push (merge push)".
  pushProducts: {
    fields: new Set(Object.keys(MERGE_FIELDS)),
    message:
      'must be an array of elements to merge by key; [] merges none and leaves the stored ones, and PATCH /products with [] empties the list',
  },
  // docs/behaviour.md, "Variants": prices, quantities and features merge into the variant's.
  updateVariants: {
    fields: new Set(VARIANT_ELEMENT_FIELDS),
    message:
      "must be an array of elements to merge by key into the variant's; [] merges none and leaves them as they are",
  },
};

/** A batch item's top-level field: `/data/0/variants` names `variants`. */
const ITEM_FIELD = /^\/data\/\d+\/([^/]+)$/;

/**
 * The message for a list sent as `value`, null or a scalar, at `instancePath` of the body of
 * `operationId` (undefined for a path or query parameter); it ends with the value, as every other.
 */
export function listTypeMessage(
  operationId: string | undefined,
  instancePath: string,
  value: unknown,
): string {
  const merged = operationId === undefined ? undefined : own(MERGED, operationId);
  const field = ITEM_FIELD.exec(instancePath)?.[1];
  return (merged && field !== undefined && merged.fields.has(field) ? merged.message : CLEARS) + given(value);
}
