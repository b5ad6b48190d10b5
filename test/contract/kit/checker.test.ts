import { describe, expect, it } from 'vitest';
import { loadChecker } from '../../../src/contract/suite/checker.js';

const checker = await loadChecker();
const json = 'application/json; charset=utf-8';
const product = { productGroupId: 'p1', productName: [{ isoLanguageId: 'en-GB', productName: 'Shoe' }] };

describe('the response checker (it must be able to fail)', () => {
  it('accepts a documented status with a conforming body', () => {
    expect(
      checker.check({
        method: 'GET',
        path: '/products/p1?select=x',
        status: 200,
        contentType: json,
        body: { data: product },
      }),
    ).toEqual([]);
  });

  it('complains about a status the operation does not document', () => {
    const problems = checker.check({
      method: 'GET',
      path: '/products/p1',
      status: 501,
      contentType: json,
      body: { message: 'x', status: 501 },
    });
    expect(problems).toEqual([expect.stringContaining('status 501 is not documented for getProduct')]);
  });

  it('complains about a body that does not match the schema of that status', () => {
    const wrongType = checker.check({
      method: 'GET',
      path: '/products/p1',
      status: 200,
      contentType: json,
      body: { data: { productGroupId: 'p1', productName: 'Shoe' } },
    });
    expect(wrongType).toEqual([expect.stringContaining('/data/productName must be an array (got "Shoe")')]);
    const unwrapped = checker.check({
      method: 'GET',
      path: '/products/p1',
      status: 200,
      contentType: json,
      body: product,
    });
    expect(unwrapped).toEqual(['getProduct 200 body/data is required']);
  });

  it('complains about a dropped required property', () => {
    const noCount = checker.check({
      method: 'GET',
      path: '/products',
      status: 200,
      contentType: json,
      body: { data: { list: [], facets: {}, attributeFilters: {} } },
    });
    expect(noCount).toEqual(['listProducts 200 body/data/count is required']);
    const noMessage = checker.check({
      method: 'GET',
      path: '/products/p1',
      status: 404,
      contentType: json,
      body: { status: 404 },
    });
    expect(noMessage).toEqual(['getProduct 404 body/message is required']);
  });

  it('says a problem repeated in every element of a list once, with how many places and the first', () => {
    const list = [0, 1, 2].map((i) => ({ productName: [{ isoLanguageId: 'en', productName: `n${i}` }] }));
    const problems = checker.check({
      method: 'GET',
      path: '/products',
      status: 200,
      contentType: json,
      body: { data: { list, count: 3, facets: {}, attributeFilters: {} } },
    });
    expect(problems).toEqual([
      'listProducts 200 body/data/list/*/productGroupId is required (at 3 places, the first body/data/list/0/productGroupId)',
    ]);
  });

  it('says a problem once where two parts of an allOf check the same field', () => {
    // VariantInfo is Variant and the holding product's fields: both describe productGroupId
    const variant = (productGroupId: unknown) =>
      checker.check({
        method: 'GET',
        path: '/variants/v1',
        status: 200,
        contentType: json,
        body: { data: { productId: 'v1', productGroupId, spaceIds: [] } },
      });
    expect(variant(5)).toEqual(['getVariant 200 body/data/productGroupId must be a string (got 5)']);
    // Places that gave different values (5, 6) break one rule: said once, without the values.
    const list = [5, 6].map((productGroupId) => ({ productGroupId, productName: [] }));
    expect(
      checker.check({
        method: 'GET',
        path: '/products',
        status: 200,
        contentType: json,
        body: { data: { list, count: 2, facets: {}, attributeFilters: {} } },
      }),
    ).toEqual([
      'listProducts 200 body/data/list/*/productGroupId must be a string (at 2 places, the first body/data/list/0/productGroupId)',
    ]);
  });

  it('complains about a JSON schema answered with another content type', () => {
    const problems = checker.check({
      method: 'GET',
      path: '/product-types',
      status: 200,
      contentType: 'text/html',
      body: '<html>',
    });
    expect(problems).toEqual([expect.stringContaining('must answer JSON')]);
  });

  it('matches literal path segments before parameters, and the method', () => {
    expect(checker.operation('POST', '/products/push')?.operationId).toBe('overwriteProducts');
    expect(checker.operation('GET', '/products/push')?.operationId).toBe('getProduct');
    expect(checker.operation('DELETE', '/spaces/s1/products')?.operationId).toBe('detachProducts');
    expect(
      checker.check({ method: 'PUT', path: '/products', status: 200, contentType: json, body: {} }),
    ).toEqual(['openapi.yaml documents no operation PUT /products']);
  });

  it("complains about an error body whose status is not the answer's HTTP status", () => {
    const error = (status: number, body: object) =>
      checker.check({ method: 'GET', path: '/products/p1', status, contentType: json, body });
    expect(error(404, { message: 'Product "p1" not found', status: 404 })).toEqual([]);
    expect(error(404, { message: 'Product "p1" not found', status: 400 })).toEqual([
      "getProduct 404 body/status is 400, but the answer's HTTP status is 404: it must repeat it",
    ]);
    // a status of the wrong type is the schema's problem, said once
    expect(error(400, { message: 'x', status: '400' })).toEqual([
      expect.stringContaining('getProduct 400 body/status must be'),
    ]);
  });
});
