// Ajv's errors worded for a person: a choice said once per value it failed on.
import { describe, expect, it } from 'vitest';
import { openApiAjv } from '../../src/openapi/ajv.js';
import { wordErrors } from '../../src/openapi/ajvMessages.js';

const worded = (schema: object, value: unknown) => {
  const validate = openApiAjv({ allErrors: true }).compile(schema);
  expect(validate(value)).toBe(false);
  return wordErrors(validate.errors ?? []).map((w) => `${w.error.instancePath} ${w.message}`);
};

describe('wordErrors', () => {
  it('says a choice once for each value none of its alternatives took, items of a list apart', () => {
    const items = { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } };
    expect(worded(items, [true, 'ok', null])).toEqual([
      '/0 must be a string or a number',
      '/2 must be a string or a number',
    ]);
  });

  it('says which fields an anyOf of required fields wants, and names a field not allowed', () => {
    const rule = {
      type: 'object',
      properties: { status: { type: 'integer' }, delayMs: { type: 'integer' } },
      additionalProperties: false,
      anyOf: [{ required: ['status'] }, { required: ['delayMs'] }],
    };
    expect(worded(rule, {})).toEqual([' needs status or delayMs']);
    expect(worded(rule, { status: 1, extra: 2 })).toEqual([' is not a field here (fields: status, delayMs)']);
    const three = { ...rule, anyOf: [...rule.anyOf, { required: ['network'] }] };
    expect(worded(three, {})).toEqual([' needs status, delayMs or network']);
  });

  it("gives an alternative's own errors where it went further than its type", () => {
    const schema = {
      oneOf: [
        { type: 'string' },
        { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      ],
    };
    expect(worded(schema, { id: 5 })).toEqual(['/id must be string']);
  });

  it('says a limit as what to send, not in Ajv\'s words ("must NOT have fewer than 1 items", ">= 1")', () => {
    const schema = {
      type: 'object',
      properties: {
        ids: { type: 'array', minItems: 1, maxItems: 2 },
        name: { type: 'string', minLength: 1, maxLength: 3 },
        rate: { type: 'number', minimum: 0, maximum: 1 },
        times: { type: 'integer', minimum: 1 },
      },
    };
    expect(worded(schema, { ids: [], name: '', rate: -0.5, times: 0 })).toEqual([
      '/ids must hold at least 1 item',
      '/name must be at least 1 character long',
      '/rate must be at least 0',
      '/times must be at least 1',
    ]);
    expect(worded(schema, { ids: [1, 2, 3], name: 'four', rate: 2 })).toEqual([
      '/ids must hold at most 2 items',
      '/name must be at most 3 characters long',
      '/rate must be at most 1',
    ]);
  });
});
