// What a request is told whose JSON body parsed but is no object or array (null, a number, a
// string), by every adapter alike: the express one and the fetch one of msw.
import { CatalogError } from '../domain/errors.js';

/** Every operation with a body takes an object: a batch as { "data": [...] }, a list query its parameters. */
export function scalarJsonBody(text: string): CatalogError {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return new CatalogError(
    'invalid',
    `The JSON body must be an object, such as {"data": [...]} for a batch; got ${shown}`,
  );
}
