// Whether a journal or snapshot line read back is one this server could have written: a line that is
// JSON but of another shape (edited by hand, or another program's) must be refused by name, not applied as
// far as it goes or end the start in a JavaScript error such as "Cannot use 'in' operator".
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id (`id` undefined), or a record carrying its id as a string in the field `id` names. */
const fits = (item: unknown, id: string | undefined): boolean =>
  id === undefined ? typeof item === 'string' : isObject(item) && typeof item[id] === 'string';

/** The lists a change may hold, and the id each of their elements must carry. */
const LISTS = {
  products: 'productGroupId',
  patches: 'productGroupId',
  productTypes: 'productTypeId',
  deletedProducts: undefined,
  deletedProductTypes: undefined,
} as const;

/**
 * What is wrong with a journal line's value, in words; undefined when it is a JournalEntry. Only the
 * shape is checked here; the records the line leaves stored are checked against openapi.yaml once it
 * is applied (dataReplay.ts), a patched product as the patch leaves it.
 */
export function journalEntryProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not an object';
  if ('reset' in value) return value.reset === true ? undefined : 'its "reset" is not true';
  if (typeof value.scope !== 'string' || value.scope === '') return 'it names no scope';
  for (const [name, id] of Object.entries(LISTS)) {
    const list = value[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `its "${name}" is not a list`;
    if (!list.every((item) => fits(item, id)))
      return `its "${name}" holds ${id === undefined ? 'an id that is not a string' : `an element without a string ${id}`}`;
  }
  return undefined;
}

/** A snapshot line's fields besides scope: one of them, of this kind. */
const SNAPSHOT_FIELDS = {
  product: 'productGroupId',
  productType: 'productTypeId',
  deletedProduct: undefined,
  deletedProductType: undefined,
} as const;

/**
 * What is wrong with a snapshot line's value (after the header), in words; undefined when it is a
 * SnapshotLine, or the closing line `{"end": N}`.
 */
export function snapshotLineProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not an object';
  if ('end' in value) return typeof value.end === 'number' ? undefined : 'its "end" is not a number';
  if (typeof value.scope !== 'string' || value.scope === '') return 'it names no scope';
  const given = Object.entries(SNAPSHOT_FIELDS).filter(([name]) => value[name] !== undefined);
  if (given.length !== 1)
    return `it holds ${given.length === 0 ? 'none' : 'more than one'} of ${Object.keys(SNAPSHOT_FIELDS).join(', ')}`;
  const [[name, id]] = given as [[string, string | undefined]];
  if (!fits(value[name], id))
    return id === undefined ? `its "${name}" is not a string` : `its "${name}" has no string ${id}`;
  return undefined;
}
