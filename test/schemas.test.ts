import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { apiDocumentPath } from '../src/http/apiDocument.js';
import { loadSchemaValidator } from '../src/schemas.js';

describe('openapi.yaml', () => {
  it('validates and dereferences without error', async () => {
    await expect(SwaggerParser.validate(apiDocumentPath)).resolves.toBeTruthy();
    const doc = await SwaggerParser.dereference(apiDocumentPath);
    expect(JSON.stringify(doc)).not.toContain('$ref');
  });

  it('declares every operation of spec section 4', async () => {
    const doc = await SwaggerParser.parse(apiDocumentPath);
    const api = Object.entries(doc.paths ?? {}).filter(([path]) => !path.startsWith('/__admin/'));
    const ops = api.flatMap(([path, item]) =>
      ['get', 'post', 'patch', 'delete', 'put']
        .filter((m) => (item as Record<string, unknown>)[m])
        .map((m) => `${m.toUpperCase()} ${path.replace('/{tenantId}/{environment}', '')}`),
    );
    expect(ops.sort()).toEqual(
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
});

describe('schema validator', () => {
  it('accepts a conforming record and names the field of one that does not conform', async () => {
    const v = await loadSchemaValidator();
    expect(v.checkComponent('CatalogProduct', { productGroupId: 'p1', productType: ['shoes'] })).toEqual([]);
    const problems = v.checkComponent('CatalogProduct', { productGroupId: 'p1', productName: 'Shoe' });
    expect(problems).toEqual([{ path: '/productName', message: 'must be array' }]);
  });
});
