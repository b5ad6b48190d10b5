// openapi.yaml says what the mock enforces of a request: its patterns are held equal to the rules
// the code applies, and every rule it cannot express is listed (x-beyond-schema) with a value the
// schema takes and the mock refuses.
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { openApiAjv } from '../../src/openapi/ajv.js';
import { sortableOf } from '../../src/routes/productReads.js';
import { SEARCH_FIELDS } from '../../src/domain/search.js';
import { appPerFile } from '../helpers.js';

type Schema = OpenAPIV3.SchemaObject & {
  'x-beyond-schema'?: { rule: string; refused: unknown }[];
  'x-json-of'?: string;
};
const schemas = apiDocument.components?.schemas as Record<string, Schema>;
const patternOf = (name: string) => new RegExp(schemas[name]?.pattern ?? '(?!)', 'u');
const { c } = appPerFile({
  seed: { products: [{ productGroupId: 'p1', productType: ['shoes'] }], productTypes: [] },
});
const ajv = openApiAjv();

const parameter = (path: string, method: 'get' | 'post', name: string) =>
  (apiDocument.paths[path]?.[method]?.parameters as OpenAPIV3.ParameterObject[]).find(
    (p) => p.name === name,
  ) as OpenAPIV3.ParameterObject & Record<string, unknown>;

describe('openapi.yaml holds the rules the mock enforces', () => {
  it('sort: the pattern takes every sortable field, in any direction, and nothing else', () => {
    const sort = patternOf('SortKeys');
    const fields = [...sortableOf(apiDocument)];
    for (const field of fields) {
      for (const key of [field, `${field} asc`, `${field} DESC`, ` ${field} desc , productGroupId`])
        expect(sort.test(key), key).toBe(true);
    }
    expect(sort.test('')).toBe(true);
    expect(sort.test(Array(10).fill('productGroupId').join(','))).toBe(true);
    expect(sort.test(Array(11).fill('productGroupId').join(','))).toBe(false);
    for (const wrong of ['productType', 'productGroupId up', 'brand/brandName', 'x,productGroupId'])
      expect(sort.test(wrong), wrong).toBe(false);
    // The field names in the pattern are exactly the sortable ones.
    const named = /\(\?:\(\?:([^)]*)\)/.exec(schemas.SortKeys?.pattern ?? '')?.[1]?.split('|');
    expect(new Set(named)).toEqual(new Set(fields));
  });

  it('searchField: the pattern takes every searchable field (or blank), and nothing else', () => {
    const field = patternOf('SearchField');
    for (const name of Object.keys(SEARCH_FIELDS)) expect(field.test(` ${name} `), name).toBe(true);
    expect(field.test('')).toBe(true);
    for (const wrong of ['productType', 'brand', 'productName productTags'])
      expect(field.test(wrong), wrong).toBe(false);
  });

  it('the journal`s method filter takes the API operations` methods, HEAD beside GET, in any case', () => {
    const method = parameter('/__admin/requests', 'get', 'method');
    const pattern = new RegExp((method.schema as OpenAPIV3.SchemaObject).pattern ?? '', 'u');
    const methods = new Set<string>(['HEAD']);
    for (const [path, item] of Object.entries(apiDocument.paths)) {
      if (path.startsWith('/__admin')) continue;
      for (const m of ['get', 'post', 'patch', 'delete', 'put'])
        if (m in (item ?? {})) methods.add(m.toUpperCase());
    }
    for (const m of methods) {
      expect(pattern.test(m), m).toBe(true);
      expect(pattern.test(m.toLowerCase()), m).toBe(true);
    }
    for (const m of ['PUT', 'OPTIONS', 'TRACE', 'GETS', ''].filter((m) => !methods.has(m)))
      expect(pattern.test(m), m).toBe(false);
  });

  it('refuses "." and ".." by the ScopeName pattern, which tools generating values read', () => {
    const scope = patternOf('ScopeName');
    for (const name of ['.', '..', '', 'a/b', 'a'.repeat(65)]) expect(scope.test(name), name).toBe(false);
    for (const name of ['...', '.a', '..a', 'a.', 'acme', 'a'.repeat(64)])
      expect(scope.test(name), name).toBe(true);
  });

  it('refuses, for every rule beyond a schema, the value x-beyond-schema gives, which the schema takes', async () => {
    const beyond = Object.entries(schemas).filter(([, s]) => s['x-beyond-schema']);
    expect(beyond.map(([name]) => name).sort()).toEqual(['Filter', 'SgtinEpc']);
    for (const [name, schema] of beyond) {
      for (const { rule, refused } of schema['x-beyond-schema'] ?? []) {
        expect(ajv.validate(schema, refused), `${name}: ${rule}`).toBe(true);
        const res =
          name === 'Filter'
            ? await c.get(`/acme/dev/products?filter=${encodeURIComponent(JSON.stringify(refused))}`)
            : await c.get(`/acme/dev/product-ean-by-epc/${encodeURIComponent(String(refused))}`);
        expect(res.status, `${name}: ${rule}`).toBe(400);
      }
    }
  });

  it('checks a filter in the query against the Filter schema, and leaves blank text as no filter', async () => {
    const filter = parameter('/{tenantId}/{environment}/products', 'get', 'filter');
    expect(filter['x-blank-is-none']).toBe(true);
    expect((await c.get('/acme/dev/products?filter=%20%20')).status).toBe(200);
    const empty = await c.get('/acme/dev/products?filter={}');
    expect(empty.status).toBe(400);
    // The schema decides, the filter parser words it (docs/behaviour.md, "Filter").
    expect(empty.body.message).toMatch(
      /^query\.filter must hold exactly one operator, found 0: none; the operators are eq, ne, .*, e\.g\. \{"gt":/,
    );
    const two = await c.get(
      `/acme/dev/products?additionalRawFilter=${encodeURIComponent('{"eq":["a","b","c"]}')}`,
    );
    expect(two.body.message).toBe(
      'query.additionalRawFilter.eq takes 2 operands (a field path and a value), got 3, e.g. {"eq":["productType","shoes"]}',
    );
    const ok = await c.get(
      `/acme/dev/products?filter=${encodeURIComponent('{"eq":["productType","shoes"]}')}`,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.count).toBe(1);
  });

  it('refuses a POST /products filter of {} by the schema, as the object or as its text', async () => {
    const object = await c.post('/acme/dev/products', { filter: {} });
    expect(object.status).toBe(400);
    expect(ajv.validate(schemas.Filter as object, {})).toBe(false);
    expect(schemas.FilterText?.['x-json-of']).toBe('#/components/schemas/Filter');
    expect((await c.post('/acme/dev/products', { filter: '{}' })).status).toBe(400);
    expect((await c.post('/acme/dev/products', { filter: ' ' })).status).toBe(200);
  });
});
