// An Ajv that reads openapi.yaml's schemas; no file access, so it runs under any adapter.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const INT32 = 2 ** 31;

/**
 * An Ajv for openapi.yaml's schemas. OpenAPI 3.0 keywords (example, nullable) are not JSON Schema:
 * strict off, nullable understood; its integer formats are known. Verbose: an error carries its
 * schema, which its wording reads (ajvMessages.ts); it costs only when a value is refused.
 */
export function openApiAjv(options: Options = {}): Ajv {
  const ajv = addFormats(new Ajv({ strict: false, strictNumbers: true, verbose: true, ...options }));
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
  return ajv;
}
