// Validates values against openapi.yaml's schemas, for seed files and the contract suite's response checks.
import type { Problem } from '../domain/problem.js';
import { loadApiDocument } from './apiDocument.js';
import { openApiAjv } from './ajv.js';
import { schemaValidator, type SchemaValidator } from './schemaValidator.js';

export { openApiAjv, schemaValidator };

/** Problems found here carry a JSON-pointer-like path into the value, e.g. /productPriceList/0/listPrice. */
export type { Problem };

export type { SchemaValidator };

/** openapi.yaml's schemas, the document read from disk; schemaValidator takes one already loaded. */
export async function loadSchemaValidator(): Promise<SchemaValidator> {
  return schemaValidator(await loadApiDocument());
}
