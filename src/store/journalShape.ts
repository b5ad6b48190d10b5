// Whether a journal line read back is a write this server could have made: a line that is JSON but
// of another shape (edited by hand, or another program's) must be refused by name, not applied as
// far as it goes or end the start in a JavaScript error such as "Cannot use 'in' operator".
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
 * shape is checked, not each record against openapi.yaml: the server wrote them after checking.
 */
export function journalEntryProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not an object';
  if ('reset' in value) return value.reset === true ? undefined : 'its "reset" is not true';
  if (typeof value.scope !== 'string' || value.scope === '') return 'it names no scope';
  for (const [name, id] of Object.entries(LISTS)) {
    const list = value[name];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return `its "${name}" is not a list`;
    const fits = (item: unknown) =>
      id === undefined ? typeof item === 'string' : isObject(item) && typeof item[id] === 'string';
    if (!list.every(fits))
      return `its "${name}" holds ${id === undefined ? 'an id that is not a string' : `an element without a string ${id}`}`;
  }
  return undefined;
}
