import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { apiDocumentPath } from '../../src/openapi/apiDocument.js';
import { loadSchemaValidator } from '../../src/openapi/schemas.js';

describe('openapi.yaml', () => {
  it('validates and dereferences without error', async () => {
    await expect(SwaggerParser.validate(apiDocumentPath)).resolves.toBeTruthy();
    const doc = await SwaggerParser.dereference(apiDocumentPath);
    expect(JSON.stringify(doc)).not.toContain('$ref');
  });

  /** Documented operations as "METHOD /path", split by whether they are tagged beyond the specification. */
  async function documentedOperations(): Promise<{ spec: string[]; beyond: string[] }> {
    const doc = await SwaggerParser.parse(apiDocumentPath);
    const spec: string[] = [];
    const beyond: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (path.startsWith('/__admin/')) continue;
      for (const m of ['get', 'post', 'patch', 'delete', 'put']) {
        const op = (item as Record<string, { tags?: string[] } | undefined>)[m];
        if (!op) continue;
        const name = `${m.toUpperCase()} ${path.replace('/{tenantId}/{environment}', '')}`;
        (op.tags?.includes('Beyond the specification') ? beyond : spec).push(name);
      }
    }
    return { spec: spec.sort(), beyond: beyond.sort() };
  }

  it('declares every operation the specification lists', async () => {
    expect((await documentedOperations()).spec).toEqual(
      [
        'GET /products',
        'POST /products',
        'PATCH /products',
        'DELETE /products',
        'GET /products/{productGroupId}',
        'GET /products-barcode/{barcode}',
        'GET /search',
        'GET /product-recommendations/{productGroupId}',
        'POST /products-push',
        'POST /products/push',
        'DELETE /spaces/{spaceId}/products',
        'GET /variants/{productId}',
        'PATCH /variants',
        'GET /product-types',
        'POST /product-types',
        'DELETE /product-types',
        'GET /product-types/{productTypeId}',
      ].sort(),
    );
  });

  it('tags the five reads the published client calls beyond the specification, and only those', async () => {
    expect((await documentedOperations()).beyond).toEqual(
      [
        'GET /products-filters',
        'GET /product-sort-options',
        'GET /product-recommendations-by-productId/{productGroupId}',
        'GET /product-ean-by-epc/{epc}',
        'GET /products-by-epc/{code}',
      ].sort(),
    );
  });
});

describe('schema validator', () => {
  it('accepts a conforming record and names the field of one that does not conform', async () => {
    const v = await loadSchemaValidator();
    expect(v.checkComponent('CatalogProduct', { productGroupId: 'p1', productType: ['shoes'] })).toEqual([]);
    const problems = v.checkComponent('CatalogProduct', { productGroupId: 'p1', productName: 'Shoe' });
    expect(problems).toEqual([{ path: '/productName', message: 'must be an array (got "Shoe")' }]);
  });
});
