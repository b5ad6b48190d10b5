import SwaggerParser from '@apidevtools/swagger-parser';
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { packageRoot } from './packageRoot.js';

export const apiDocumentPath = join(packageRoot, 'openapi.yaml');

let loaded: Promise<OpenAPIV3.Document> | undefined;

/**
 * openapi.yaml, dereferenced once per process. Callers must not mutate it. It is validated against
 * the OpenAPI schema by the test suite (test/openapi/schemas.test.ts), not at every start: that check
 * compiles the whole OpenAPI meta-schema and was a tenth of start-up.
 */
export function loadApiDocument(): Promise<OpenAPIV3.Document> {
  loaded ??= SwaggerParser.dereference(apiDocumentPath) as Promise<OpenAPIV3.Document>;
  return loaded;
}

export { regionsOf } from './regions.js';
