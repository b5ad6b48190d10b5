import { describe, expect, it } from 'vitest';
import { OperationTable } from '../../../src/openapi/operations.js';
import { loadSchemaValidator } from '../../../src/openapi/schemas.js';
import {
  atBound,
  documentedBounds,
  extensionBounds,
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
    ['updateProducts', 'data', 'maxItems', 100],
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
    ['updateVariants', 'data', 'maxItems'],
    ['search', 'term', 'minLength'],
  ])('%s %s: no %s', (operationId, name, kind) => {
    expect(limitOf(operationId, name, kind)).toBeUndefined();
  });

  it('reads the limits of x-bounds, and refuses a kind it would not test', () => {
    expect(extensionBounds({ 'x-bounds': { listNames: 7 } })).toEqual([{ kind: 'listNames', limit: 7 }]);
    expect(extensionBounds({ 'x-bounds': { searchWords: 3, wordLength: 9 } })).toEqual([
      { kind: 'searchWords', limit: 3 },
      { kind: 'wordLength', limit: 9 },
    ]);
    expect(extensionBounds({ description: 'At most 7 keys (more is a 400).' })).toEqual([]);
    expect(() => extensionBounds({ 'x-bounds': { listKeys: 7 } })).toThrow(/unknown kind listKeys/);
    expect(() => extensionBounds({ 'x-bounds': { listNames: '7' } })).toThrow(/whole number/);
    expect(() => extensionBounds({ 'x-bounds': [7] })).toThrow(/must map kinds/);
  });

  // The words a person reads and the numbers the suite tests say the same: a description that
  // states another limit than its x-bounds (or none) fails here.
  it("each x-bounds limit is stated in its parameter's description, or in the one it refers to", () => {
    const stated = operations.flatMap((op) =>
      op.parameters
        .filter((p) => extensionBounds(p).length > 0)
        .map((p) => ({ where: `${op.operationId} ${p.name}`, p })),
    );
    expect(stated.length).toBeGreaterThan(10);
    const filterWords = operations
      .find((op) => op.operationId === 'listProducts')!
      .parameters.find((p) => p.name === 'filter')!.description!;
    for (const { where, p } of stated) {
      const words = (p.description ?? '').replace(/\s+/g, ' ');
      // additionalRawFilter and GET /search's filter speak "the language of filter"
      const text = /in the language of/.test(words) ? filterWords.replace(/\s+/g, ' ') : words;
      for (const { kind, limit } of extensionBounds(p)) {
        expect(text, `${where}: x-bounds.${kind} ${limit}`).toMatch(
          new RegExp(`(at most|,) ${limit}\\b`, 'i'),
        );
      }
    }
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
    // Operators counted as the filter parser counts them: each object's one key.
    const operators = (f: unknown): number =>
      Array.isArray(f)
        ? f.reduce((n: number, item) => n + operators(item), 0)
        : f !== null && typeof f === 'object'
          ? 1 + Object.values(f).reduce((n: number, item) => n + operators(item), 0)
          : 0;
    expect(operators(JSON.parse(String(atBound(b('filterOperators', 'filter', 256)))))).toBe(256);
    expect(operators(JSON.parse(String(pastBound(b('filterOperators', 'filter', 256)))))).toBe(257);
    expect(JSON.parse(String(atBound(b('inValues', 'filter', 1000)))).not[0].in[1]).toHaveLength(1000);
    expect(JSON.parse(String(pastBound(b('inValues', 'filter', 1000)))).not[0].in[1]).toHaveLength(1001);
    expect(pastBound(b('minimum', 'page', 1))).toBe(0);
    expect(pastBound(b('maximum', 'limit', 1000))).toBe(1001);
  });
});
