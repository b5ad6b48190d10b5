import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { apiDocument } from '../generated/apiDocument.js';
import { packageRoot } from './packageRoot.js';

export const apiDocumentPath = join(packageRoot, 'openapi.yaml');

/**
 * openapi.yaml, dereferenced: the copy the build writes beside the sources
 * (src/generated/apiDocument.ts, rewritten by every build once openapi.yaml is newer, and checked
 * against openapi.yaml by test/openapi/bundledDocument.test.ts). Reading and dereferencing the YAML
 * at every start took about 130 ms (docs/performance.md, "Start-up"). Callers must not mutate it.
 */
export function loadApiDocument(): Promise<OpenAPIV3.Document> {
  return Promise.resolve(apiDocument);
}

/**
 * openapi.yaml itself, read and dereferenced now: for the build that writes the bundled copy and the
 * test that holds the two equal. It is validated against the OpenAPI schema by the test suite
 * (test/openapi/schemas.test.ts), not at every start.
 */
export async function parseApiDocument(): Promise<OpenAPIV3.Document> {
  // Loaded only here: a start reads the bundled copy and needs no YAML parser.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  return (await SwaggerParser.dereference(apiDocumentPath)) as OpenAPIV3.Document;
}
