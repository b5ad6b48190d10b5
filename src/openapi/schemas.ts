// Validates values against openapi.yaml's schemas, for seed files and the contract suite's response checks.
import { loadApiDocument } from './apiDocument.js';
import { schemaValidator, type SchemaValidator } from './schemaValidator.js';

export type { SchemaValidator };

/** openapi.yaml's schemas, the document read from disk; schemaValidator takes one already loaded. */
export async function loadSchemaValidator(): Promise<SchemaValidator> {
  return schemaValidator(await loadApiDocument());
}
