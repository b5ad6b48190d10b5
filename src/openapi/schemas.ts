// Validates values against openapi.yaml's schemas, for seed files and the contract suite's response checks.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import type { Problem } from '../domain/problem.js';
import { loadApiDocument } from './apiDocument.js';
import { openApiAjv } from './ajv.js';

export { openApiAjv };

/** Problems found here carry a JSON-pointer-like path into the value, e.g. /productPriceList/0/listPrice. */
export type { Problem };

export interface SchemaValidator {
  readonly document: OpenAPIV3.Document;
  /** Problems of value against components.schemas[name]; empty when it conforms. */
  checkComponent(name: string, value: unknown): Problem[];
  /** Problems of value against any (dereferenced) schema of the document. */
  check(schema: object, value: unknown): Problem[];
}

const toProblems = (errors: ErrorObject[] | null | undefined): Problem[] =>
  (errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? e.keyword }));

export async function loadSchemaValidator(): Promise<SchemaValidator> {
  const document = await loadApiDocument();
  const ajv = openApiAjv({ allErrors: true });
  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: object): ValidateFunction => {
    let fn = compiled.get(schema);
    if (!fn) compiled.set(schema, (fn = ajv.compile(schema)));
    return fn;
  };
  const check = (schema: object, value: unknown): Problem[] => {
    const fn = compile(schema);
    return fn(value) ? [] : toProblems(fn.errors);
  };
  return {
    document,
    check,
    checkComponent(name, value) {
      const schema = document.components?.schemas?.[name];
      if (!schema) throw new Error(`openapi.yaml has no schema named ${name}`);
      return check(schema, value);
    },
  };
}
