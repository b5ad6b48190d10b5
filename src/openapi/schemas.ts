// Validates values against openapi.yaml's schemas, for seed files and the contract suite's response checks.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import type { Problem } from '../domain/problem.js';
import { loadApiDocument } from './apiDocument.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

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

const INT32 = 2 ** 31;

/**
 * An Ajv for openapi.yaml's schemas. OpenAPI 3.0 keywords (example, nullable) are not JSON Schema:
 * strict off, nullable understood; its integer formats are known.
 */
export function openApiAjv(options: Options = {}): Ajv {
  const ajv = addFormats(new Ajv({ strict: false, strictNumbers: true, ...options }));
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n) => Number.isInteger(n) });
  return ajv;
}

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
