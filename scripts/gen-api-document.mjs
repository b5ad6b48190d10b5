// Writes openapi.yaml, dereferenced, as a module (src/generated/apiDocument.ts): the document every
// start reads (src/openapi/apiDocument.ts) and the msw handlers bundle, where there is no file system
// to read openapi.yaml from. Run by every build once openapi.yaml is newer than that module
// (scripts/build-if-stale.mjs), and by `npm run gen:document`. test/openapi/bundledDocument.test.ts
// fails when the module falls behind openapi.yaml.
import SwaggerParser from '@apidevtools/swagger-parser';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const GENERATED = join(root, 'src', 'generated', 'apiDocument.ts');

export async function writeApiDocument() {
  const document = await SwaggerParser.dereference(join(root, 'openapi.yaml'));
  // One JSON string parsed at load: cheaper to type-check and to parse than an object literal.
  const text =
    '// Generated from openapi.yaml by `npm run gen:document`; do not edit.\n' +
    "import type { OpenAPIV3 } from 'openapi-types';\n\n" +
    '/** openapi.yaml, dereferenced. */\n' +
    `export const apiDocument: OpenAPIV3.Document = JSON.parse(${JSON.stringify(JSON.stringify(document))});\n`;
  await writeFile(GENERATED, text);
  return text.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const length = await writeApiDocument();
  console.log(`wrote ${GENERATED} (${length} characters)`);
}
