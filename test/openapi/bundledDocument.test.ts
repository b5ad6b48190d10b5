// The bundled document (src/generated/apiDocument.ts) the msw handlers run on is openapi.yaml as it is now.
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { parseApiDocument } from '../../src/openapi/apiDocument.js';

describe('the bundled openapi.yaml', () => {
  it('equals openapi.yaml dereferenced (else run npm run gen:document)', async () => {
    expect(apiDocument).toEqual(JSON.parse(JSON.stringify(await parseApiDocument())));
  });
});
