// Values checked against a document's schemas, the document given: no file access, so it also runs in
// a browser (src/msw/). src/openapi/schemas.ts loads openapi.yaml for it.
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import type { Problem } from '../domain/problem.js';
import { openApiAjv } from './ajv.js';
import { wordErrors } from './ajvMessages.js';

export interface SchemaValidator {
  readonly document: OpenAPIV3.Document;
  /** Problems of value against components.schemas[name]; empty when it conforms. */
  checkComponent(name: string, value: unknown): Problem[];
  /** Problems of value against any (dereferenced) schema of the document. */
  check(schema: object, value: unknown): Problem[];
}

/**
 * The errors worded (ajvMessages.ts); a field missing or not allowed is named in the path. Each
 * once: a field two parts of an `allOf` both describe (VariantInfo's productGroupId) is checked by
 * each, and the same problem at the same place would be said twice.
 */
function toProblems(errors: ErrorObject[] | null | undefined): Problem[] {
  const problems = wordErrors(errors ?? []).map(({ error, field, message }) => ({
    path: (field === undefined ? error.instancePath : `${error.instancePath}/${field}`) || '/',
    message,
  }));
  return [...new Map(problems.map((p) => [`${p.path} ${p.message}`, p])).values()];
}

/** Checks values against the schemas of a document (dereferenced); compiles each schema once. */
export function schemaValidator(document: OpenAPIV3.Document): SchemaValidator {
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
