import SwaggerParser from '@apidevtools/swagger-parser';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3 } from 'openapi-types';

/** The package root: where openapi.yaml sits, both in a checkout (src/) and when installed (dist/src/). */
export const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'openapi.yaml'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('openapi.yaml not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
})();

export const apiDocumentPath = join(packageRoot, 'openapi.yaml');

let loaded: Promise<OpenAPIV3.Document> | undefined;

/**
 * openapi.yaml, dereferenced once per process. Callers must not mutate it. It is validated against
 * the OpenAPI schema by the test suite (test/schemas.test.ts), not at every start: that check
 * compiles the whole OpenAPI meta-schema and was a tenth of start-up.
 */
export function loadApiDocument(): Promise<OpenAPIV3.Document> {
  loaded ??= SwaggerParser.dereference(apiDocumentPath) as Promise<OpenAPIV3.Document>;
  return loaded;
}

/** The data-residency regions, as the document's server variable lists them. */
export function regionsOf(doc: OpenAPIV3.Document): string[] {
  for (const server of doc.servers ?? []) {
    const values = server.variables?.region?.enum;
    if (values) return values.map(String);
  }
  throw new Error('openapi.yaml names no region server variable');
}
