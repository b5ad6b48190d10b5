import { describe, expect, it } from 'vitest';
import { generatedResults } from '../../../src/contract/propertyRequests/reports.js';
import { htmlReport } from '../../../src/contract/report/html.js';
import { junitXml } from '../../../src/contract/report/junit.js';
import type { CaseResult, RunResults } from '../../../src/contract/report/results.js';
import { errorsBesideDifferences } from '../../../src/contract/report/shownErrors.js';

const problem = 'getProduct 200 body/data/productPriceList/0/listPrice must be a number (got true)';
/** A failure whose answer is outside openapi.yaml's schemas, as the suite records it (api.ts). */
const schemaFailure: CaseResult = {
  file: 'productWrites.test.ts',
  title: 'POST /products-push (merge push) > computes spaceIds',
  tags: ['openapi.yaml'],
  operationId: 'getProduct',
  state: 'failed',
  durationMs: 1,
  errors: [
    [
      'getProduct (GET /products/p1)',
      '  sent: (no body)',
      '  came back: 200 {"data":{}}',
      '  expected a response openapi.yaml documents, but:',
      `  - ${problem}`,
    ].join('\n'),
  ],
  detail: {
    operationId: 'getProduct',
    curl: "curl -sS -X GET 'http://h/products/p1'",
    differences: [problem],
  },
};
const results = (c: CaseResult): RunResults => ({
  cases: [c],
  counts: { passed: 0, failed: 1, skipped: 0, total: 1 },
});
const times = (text: string, part: string): number => text.split(part).length - 1;

describe('a failure says each difference once', () => {
  it('leaves out of the error the problems its differences list, and says where they are', () => {
    expect(errorsBesideDifferences(schemaFailure)).toEqual([
      [
        'getProduct (GET /products/p1)',
        '  sent: (no body)',
        '  came back: 200 {"data":{}}',
        '  expected a response openapi.yaml documents, but: (see the differences above)',
      ].join('\n'),
    ]);
  });

  it('names a request once where the test’s own check and the schemas failed on the same answer', () => {
    const own = [
      'getProduct (GET /products/p1)',
      '  read after: pushProducts (POST /products-push), which sent {} and got 200',
      '  sent: (no body)',
      '  came back: 200 {"data":{}}',
      '  expected: expected 1 to be 2',
    ].join('\n');
    const [shown, ...others] = errorsBesideDifferences({
      ...schemaFailure,
      errors: [own, ...schemaFailure.errors],
    });
    expect(others).toEqual([]);
    expect(shown).toBe(
      `${own}\n  expected a response openapi.yaml documents, but: (see the differences above)`,
    );
    // another read of the same request, answered otherwise, is a block of its own
    const earlier = own.replace('{"data":{}}', '{"data":{"x":1}}');
    expect(
      errorsBesideDifferences({ ...schemaFailure, errors: [earlier, ...schemaFailure.errors] }),
    ).toHaveLength(2);
  });

  it('keeps an error whole when its differences are of another kind', () => {
    const assertion = { ...schemaFailure, detail: { differences: ['$.data.count: expected 6, received 9'] } };
    expect(errorsBesideDifferences(assertion)).toEqual(schemaFailure.errors);
  });

  it('in the JUnit file and the HTML page', () => {
    const stamp = { target: 't', mode: 'full', startedAt: new Date(0) };
    expect(times(junitXml(results(schemaFailure)), problem)).toBe(1);
    expect(times(htmlReport(results(schemaFailure), stamp), problem)).toBe(1);
  });

  it('in the reports of the generated checks', () => {
    const generated = generatedResults([
      {
        operationId: 'listProductTypes',
        call: 'GET /product-types',
        kind: 'valid',
        runs: 5,
        failure: {
          operationId: 'listProductTypes',
          kind: 'valid',
          problems: ['listProductTypes 200 body/data must be an array (got an object)'],
          curl: "curl -sS -X GET 'http://h/product-types'",
          answer: '200 {"data":{}}',
          shrinks: 2,
        },
      },
    ]);
    expect(times(junitXml(generated), 'body/data must be an array (got an object)')).toBe(1);
  });
});
