import { describe, expect, it } from 'vitest';
import { OperationTable } from '../../../src/openapi/operations.js';
import { loadSchemaValidator } from '../../../src/openapi/schemas.js';
import {
  atBound,
  boundsInWords,
  documentedBounds,
  pastBound,
  type Bound,
} from '../../../src/contract/suite/bounds.js';
import { SCOPE_TEMPLATE } from '../../../src/contract/suite/checker.js';

const operations = new OperationTable((await loadSchemaValidator()).document, SCOPE_TEMPLATE).operations;
const bounds = documentedBounds(operations);
const limitOf = (operationId: string, name: string, kind: string): number | undefined =>
  bounds.find((b) => b.operationId === operationId && b.name === name && b.kind === kind)?.limit;

// The contract suite tests every bound this finds (contract-tests/bounds.test.ts): one it no longer
// finds, because openapi.yaml states it in other words, would go untested without a word.
describe('the bounds the contract suite reads from openapi.yaml', () => {
  it.each([
    ['listProducts', 'limit', 'minimum', 1],
    ['listProducts', 'page', 'minimum', 1],
    ['listProducts', 'sort', 'listNames', 10],
    ['listProducts', 'select', 'listNames', 100],
    ['listProducts', 'facets', 'listNames', 20],
    ['listProducts', 'search', 'searchWords', 32],
    ['listProducts', 'search', 'wordLength', 256],
    ['listProducts', 'filter', 'filterDepth', 32],
    ['listProducts', 'filter', 'filterOperators', 256],
    ['listProducts', 'filter', 'inValues', 1000],
    ['listProducts', 'additionalRawFilter', 'inValues', 1000],
    ['queryProducts', 'sort', 'listNames', 10],
    ['queryProducts', 'filter', 'filterDepth', 32],
    ['search', 'term', 'searchWords', 32],
    ['getProduct', 'select', 'listNames', 100],
    ['pushProducts', 'data', 'maxItems', 100],
    ['pushProducts', 'data[].productGroupId', 'maxLength', 256],
    ['updateVariants', 'data', 'maxItems', 100],
    ['upsertProductTypes', 'data[].productTypeId', 'maxLength', 256],
  ])('%s %s: %s %d', (operationId, name, kind, limit) => {
    expect(limitOf(operationId, name, kind)).toBe(limit);
  });

  // What the service may accept, the mock accepts (docs/behaviour.md, "Parameters", "POST
  // /products-push (merge push)", "DELETE /products and detach"): no bound the suite would test.
  it.each([
    ['listProducts', 'limit', 'maximum'],
    ['queryProducts', 'limit', 'maximum'],
    ['getProductRecommendationsByProductId', 'limit', 'maximum'],
    ['pushProducts', 'data', 'minItems'],
    ['updateProducts', 'data', 'minItems'],
    ['upsertProductTypes', 'data', 'minItems'],
    ['deleteProducts', 'data', 'minItems'],
    ['deleteProducts', 'data', 'maxItems'],
    ['detachProducts', 'data', 'maxItems'],
    ['deleteProductTypes', 'data', 'maxItems'],
    ['search', 'term', 'minLength'],
  ])('%s %s: no %s', (operationId, name, kind) => {
    expect(limitOf(operationId, name, kind)).toBeUndefined();
  });

  it('reads limits stated in words, and none where a description states none', () => {
    expect(boundsInWords('Comma-separated. At most 7 keys (more is a 400).')).toEqual([
      { kind: 'listNames', limit: 7 },
    ]);
    expect(boundsInWords('At most 3 words, of\n  at most 9 characters each')).toEqual([
      { kind: 'searchWords', limit: 3 },
      { kind: 'wordLength', limit: 9 },
    ]);
    expect(boundsInWords('A JSON filter.')).toEqual([]);
  });

  it('builds values exactly at the bound and one past it', () => {
    const b = (kind: Bound['kind'], name: string, limit: number) =>
      ({ kind, name, limit }) as unknown as Bound;
    expect(String(atBound(b('listNames', 'sort', 10))).split(',')).toHaveLength(10);
    expect(String(pastBound(b('listNames', 'sort', 10))).split(',')).toHaveLength(11);
    expect(new Set(String(atBound(b('listNames', 'sort', 10))).split(',')).size).toBe(10);
    expect(String(pastBound(b('searchWords', 'search', 32))).split(' ')).toHaveLength(33);
    expect(String(atBound(b('wordLength', 'search', 256)))).toHaveLength(256);
    const depth = (f: { not?: [object] }): number => (f.not ? 1 + depth(f.not[0]) : 1);
    expect(depth(JSON.parse(String(atBound(b('filterDepth', 'filter', 32)))))).toBe(32);
    expect(depth(JSON.parse(String(pastBound(b('filterDepth', 'filter', 32)))))).toBe(33);
    expect(JSON.parse(String(pastBound(b('filterOperators', 'filter', 256)))).or).toHaveLength(256);
    expect(JSON.parse(String(atBound(b('inValues', 'filter', 1000)))).in[1]).toHaveLength(1000);
    expect(pastBound(b('minimum', 'page', 1))).toBe(0);
    expect(pastBound(b('maximum', 'limit', 1000))).toBe(1001);
  });
});
