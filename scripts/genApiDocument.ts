// `npm run gen:document` (part of `npm run gen:types`): writes openapi.yaml, dereferenced, as a
// module (src/generated/apiDocument.ts), so that the mock can run where there is no file system to
// read openapi.yaml from (Mock Service Worker in a browser, src/msw/). test/openapi/bundledDocument.test.ts
// fails when it falls behind openapi.yaml.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadApiDocument } from '../src/openapi/apiDocument.js';
import { packageRoot } from '../src/openapi/packageRoot.js';

const document = await loadApiDocument();
// One JSON string parsed at load: cheaper to type-check and to parse than an object literal.
const text =
  '// Generated from openapi.yaml by `npm run gen:document`; do not edit.\n' +
  "import type { OpenAPIV3 } from 'openapi-types';\n\n" +
  '/** openapi.yaml, dereferenced. */\n' +
  `export const apiDocument: OpenAPIV3.Document = JSON.parse(${JSON.stringify(JSON.stringify(document))});\n`;
const target = join(packageRoot, 'src', 'generated', 'apiDocument.ts');
await writeFile(target, text);
console.log(`wrote ${target} (${text.length} characters)`);
