import { describe, expect, it } from 'vitest';
import { SCHEMA_MISMATCH, SERVER_ERROR } from '../../../src/contract/suite/api.js';
import { tiersOf } from '../../../src/contract/report/results.js';

const schema = {
  name: 'ContractViolation',
  message: `getProduct (GET /products/p1) ${SCHEMA_MISMATCH}\n  - x`,
};
const assertion = { name: 'AssertionError', message: 'expected 42 to equal "red"' };

describe('the tier a failure counts under', () => {
  it('is openapi.yaml when an answer outside its schemas is all that failed', () => {
    expect(tiersOf([schema], ['published'])).toEqual(['openapi.yaml']);
  });

  it("is the test's own when its own checks failed too", () => {
    expect(tiersOf([assertion, schema], ['published'])).toEqual(['published']);
    const serverError = { name: 'ContractViolation', message: `search (GET /search) ${SERVER_ERROR}\n  - y` };
    expect(tiersOf([serverError, schema], ['spec'])).toEqual(['spec']);
  });

  it('is openapi.yaml when the shape kept the checks from running (reading a field the answer lacks)', () => {
    const reading = { name: 'TypeError', message: "Cannot read properties of undefined (reading 'map')" };
    expect(tiersOf([reading, schema], ['spec'])).toEqual(['openapi.yaml']);
    expect(tiersOf([reading], ['spec'])).toEqual(['spec']);
  });
});
