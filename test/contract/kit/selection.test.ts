import { describe, expect, it } from 'vitest';
import { loadChecker } from '../../../src/contract/suite/checker.js';
import { apiDocument } from '../../../src/generated/apiDocument.js';
import {
  excludedBecause,
  identify,
  normalizeTag,
  operationIdsOf,
  requestHeldBack,
  selectionProblem,
} from '../../../src/contract/suite/selection.js';

const checker = await loadChecker();
const all = { only: [], skip: [], destructive: true };

describe('which tests a run selects', () => {
  it('reads the tier tags and the operation from the names, innermost first', () => {
    expect(identify(['[mock choice] answers 404', 'GET /products/{id}'], checker)).toEqual({
      tags: ['mock choice'],
      operationId: 'getProduct',
      method: 'GET',
    });
    expect(identify(['[published] x', 'DELETE /products'], checker).tags).toEqual(['published']);
    expect(identify(['creates a product', 'POST /products-push (merge push)'], checker)).toMatchObject({
      tags: ['spec'],
      operationId: 'pushProducts',
    });
    // the name's own punctuation is no part of the path
    expect(
      identify(['updates the fields sent', '[mock choice] PATCH /variants, data in the body'], checker),
    ).toEqual({ tags: ['mock choice'], operationId: 'updateVariants', method: 'PATCH' });
    // a bracketed filter is not a tag
    expect(
      identify(['GET /products?filter={"gt":["productPriceList/listPrice",100]}'], checker).tags,
    ).toEqual(['spec']);
  });

  it('--only and --skip take operationIds or tiers in any spelling; --no-destructive leaves DELETE out', () => {
    const read = identify(['[mock choice] x', 'GET /products/{id}'], checker);
    const del = identify(['deletes', 'DELETE /products'], checker);
    expect(normalizeTag('[Mock-Choice]')).toBe('mock choice');
    expect(excludedBecause(read, all)).toBeUndefined();
    expect(excludedBecause(read, { ...all, only: ['getProduct'] })).toBeUndefined();
    expect(excludedBecause(read, { ...all, only: ['spec'] })).toMatch(/not selected by --only spec/);
    expect(excludedBecause(read, { ...all, skip: ['mock-choice'] })).toBe('--skip mock-choice');
    expect(excludedBecause(del, { ...all, only: ['deleteProducts'] })).toBeUndefined();
    expect(excludedBecause(del, { ...all, destructive: false })).toMatch(/--no-destructive/);
  });

  it('holds back a write to an operation --skip names, and any DELETE under --no-destructive; never a read', () => {
    const op = (method: string, path: string) => checker.operation(method, path);
    const upsert = op('POST', '/product-types');
    expect(requestHeldBack(upsert, { ...all, skip: ['upsertProductTypes'] })).toBe(
      '--skip upsertProductTypes: it sends POST /product-types',
    );
    expect(requestHeldBack(upsert, { ...all, skip: ['pushProducts', 'spec'] })).toBeUndefined();
    expect(requestHeldBack(op('DELETE', '/products'), { ...all, destructive: false })).toBe(
      '--no-destructive: it sends DELETE /products',
    );
    // reads go whatever --skip says: POST /products is a read whose parameters travel in a body
    expect(requestHeldBack(op('GET', '/products'), { ...all, skip: ['listProducts'] })).toBeUndefined();
    expect(requestHeldBack(op('POST', '/products'), { ...all, skip: ['queryProducts'] })).toBeUndefined();
    expect(requestHeldBack(upsert, all)).toBeUndefined();
  });

  it('in a read-only run holds back every request that may write, but a body no deployment could store', () => {
    const op = (method: string, path: string) => checker.operation(method, path);
    const ro = { ...all, readonly: true };
    const push = op('POST', '/products-push');
    expect(requestHeldBack(push, ro, { method: 'POST', body: { data: [{ productGroupId: 'x' }] } })).toBe(
      'read-only run: it sends POST /products-push with a body a deployment could store',
    );
    expect(requestHeldBack(push, ro, { method: 'POST', raw: '{"data":[]}' })).toMatch(/^read-only run/);
    // malformed JSON, or a body of another type: nothing a deployment could write
    expect(requestHeldBack(push, ro, { method: 'POST', raw: '{"data": [' })).toBeUndefined();
    expect(requestHeldBack(push, ro, { method: 'POST', raw: 'p1' })).toBeUndefined();
    // reads go, a read with a body too; a request to no documented operation goes only as GET or HEAD
    expect(requestHeldBack(op('GET', '/products'), ro, { method: 'GET' })).toBeUndefined();
    expect(requestHeldBack(op('POST', '/products'), ro, { method: 'POST', body: {} })).toBeUndefined();
    expect(requestHeldBack(undefined, ro, { method: 'GET' })).toBeUndefined();
    // a write without a body (a DELETE by query) is held back for what it is
    expect(requestHeldBack(op('DELETE', '/products'), ro, { method: 'DELETE' })).toBe(
      'read-only run: it sends DELETE /products',
    );
    expect(requestHeldBack(undefined, ro, { method: 'PUT', body: {} })).toBe(
      'read-only run: it sends PUT, to no documented operation with a body a deployment could store',
    );
  });

  it('refuses names that are neither an operationId nor a tier: they would select nothing', () => {
    const ids = operationIdsOf(apiDocument);
    expect(ids).toContain('listProducts');
    expect(ids).toContain('updateVariants');
    expect(ids).not.toContain('resetMock');
    expect(
      selectionProblem({ only: ['listProducts', 'Mock-Choice'], skip: ['published'] }, ids),
    ).toBeUndefined();
    const problem = selectionProblem({ only: ['listProduct'], skip: ['spec', 'typo'] }, ids);
    expect(problem).toMatch(
      /^--only listProduct, --skip typo: not an operationId of openapi\.yaml nor a tier/,
    );
    expect(problem).toMatch(/\nTiers: spec, mock choice, published\.\noperationIds: listProducts, /);
    // without tiers (the generated checks), a tier is as unknown as a typo
    expect(selectionProblem({ only: ['spec'], skip: [] }, ids, [])).toMatch(
      /^--only spec: not an operationId of openapi\.yaml, so/,
    );
  });
});
