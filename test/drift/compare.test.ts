// What the drift report counts as a difference between two answers, and what it leaves out.
import { describe, expect, it } from 'vitest';
import { compareAnswers, MAX_DIFFERENCES, type Answer } from '../../src/cli/drift/compare.js';

const ok = (body: unknown, status = 200): Answer => ({ status, body, json: true });
const list = (ids: string[], extra: Record<string, unknown> = {}) =>
  ok({
    data: {
      list: ids.map((productGroupId) => ({ productGroupId })),
      count: ids.length,
      facets: {},
      attributeFilters: {},
      ...extra,
    },
  });

describe('compareAnswers', () => {
  it('finds nothing between equal answers', () => {
    expect(compareAnswers(list(['a', 'b']), list(['a', 'b']))).toEqual([]);
  });

  it('names a status difference alone', () => {
    expect(compareAnswers(ok({ data: {} }), ok({ message: 'x', status: 404 }, 404))).toEqual([
      'status: mock 200, deployment 404',
    ]);
  });

  it('names the order of the same products, by productGroupId', () => {
    expect(compareAnswers(list(['a', 'b', 'c']), list(['a', 'c', 'b']))).toEqual([
      'order at $.data.list (by productGroupId), from position 2: mock [b, c], deployment [c, b]',
    ]);
  });

  it('names products only one side answers, and the count', () => {
    const what = compareAnswers(list(['a', 'b']), list(['a', 'b', 'c']));
    expect(what).toContain('items at $.data.list (by productGroupId): only the deployment answers [c]');
    expect(what).toContain('count at $.data.count: mock 2, deployment 3');
  });

  it('names fields present on one side and values that differ, at their path', () => {
    const mock = ok({ data: { productGroupId: 'a', shellLifeDays: 3, productName: [{ productName: 'A' }] } });
    const deployment = ok({
      data: { productGroupId: 'a', shellLifeDays: 4, productName: [{ productName: 'A' }], extra: 1 },
    });
    expect(compareAnswers(mock, deployment)).toEqual([
      'fields present at $.data: only the deployment has extra',
      'values at $.data.shellLifeDays: mock 3, deployment 4',
    ]);
  });

  it('names facet values', () => {
    const facets = (count: number) => ({
      productType: [
        { value: 'shoes', count },
        { value: 'bags', count: 1 },
      ],
    });
    expect(compareAnswers(list(['a'], { facets: facets(2) }), list(['a'], { facets: facets(3) }))).toEqual([
      'facet values at $.data.facets.productType[value=shoes].count: mock 2, deployment 3',
    ]);
  });

  it('leaves out the volatile fields of a write result', () => {
    const result = (eTag: string, requestCharge: number) =>
      ok({ data: [{ statusCode: 201, requestCharge, eTag }] });
    expect(compareAnswers(result('"a"', 1), result('"b"', 7.3))).toEqual([]);
  });

  it('compares the shape and status of an error body, not the wording of its message', () => {
    const error = (body: unknown): Answer => ({ status: 400, body, json: true });
    expect(
      compareAnswers(
        error({ message: 'limit too small', status: 400 }),
        error({ message: 'Invalid limit', status: 400 }),
      ),
    ).toEqual([]);
    expect(
      compareAnswers(error({ message: 'm', status: 400 }), error({ message: 'm', status: 500 })),
    ).toEqual(['error shape at $.status: mock 400, deployment 500']);
    expect(compareAnswers(error({ message: 'm', status: 400, errors: [] }), error({ error: 'm' }))).toEqual([
      'error shape: mock {errors: array, message: string, status: number}, deployment {error: string} (beside what both hold)',
    ]);
    expect(
      compareAnswers(error({ message: 'm', status: 400 }), { status: 400, body: 'Bad Request', json: false }),
    ).toEqual(['error shape: the mock answers a JSON object, the deployment a body that is not JSON']);
  });

  it('keeps at most MAX_DIFFERENCES lines and counts the rest', () => {
    const many = (n: number) =>
      ok({ data: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, n])) });
    const what = compareAnswers(many(1), many(2));
    expect(what).toHaveLength(MAX_DIFFERENCES + 1);
    expect(what.at(-1)).toBe(`... and ${20 - MAX_DIFFERENCES} more differences`);
  });
});
