import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
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

  // GET and POST /products are one call (docs/behaviour.md, "Parameters"): a parameter added to the
  // query alone would be a 400 as a body property, so the two lists are held equal here.
  it('gives POST /products a body property for each query parameter of GET /products, of the same schema', async () => {
    const doc = (await SwaggerParser.dereference(apiDocumentPath)) as OpenAPIV3.Document;
    const query = Object.fromEntries(
      (
        (doc.paths?.['/{tenantId}/{environment}/products']?.get?.parameters ??
          []) as OpenAPIV3.ParameterObject[]
      )
        .filter((parameter) => parameter.in === 'query')
        // A filter's JSON text is described by its content's schema.
        .map(({ name, schema, content }) => {
          // Descriptions are each side's own words (as below).
          const rest = {
            ...((schema ?? content?.['application/json']?.schema ?? {}) as OpenAPIV3.SchemaObject),
          };
          delete rest.description;
          return [name, rest];
        }),
    );
    const body = Object.fromEntries(
      Object.entries((doc.components?.schemas?.ProductQuery as OpenAPIV3.SchemaObject).properties ?? {}).map(
        ([name, schema]) => {
          // The description is the body's own words; the schema is what must agree.
          const rest: OpenAPIV3.SchemaObject = { ...(schema as OpenAPIV3.SchemaObject) };
          delete rest.description;
          // A filter may also be sent as its JSON text in a body (FilterText, whose x-json-of names
          // the schema of the query's content), not only as the object itself.
          const object = rest.oneOf?.find((one) => (one as OpenAPIV3.SchemaObject).type === 'object');
          if (!['filter', 'additionalRawFilter'].includes(name)) return [name, rest];
          const filter = { ...(object as OpenAPIV3.SchemaObject) };
          delete filter.description;
          return [name, filter];
        },
      ),
    );
    expect(Object.keys(body).sort()).toEqual(Object.keys(query).sort());
    expect(body).toEqual(query);
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
