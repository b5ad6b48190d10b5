// Ajv's errors worded for a person: a choice said once per value it failed on.
import { describe, expect, it } from 'vitest';
import { openApiAjv } from '../../src/openapi/ajv.js';
import { wordErrors } from '../../src/openapi/ajvMessages.js';
import { apiDocument } from '../../src/generated/apiDocument.js';

const worded = (schema: object, value: unknown) => {
  const validate = openApiAjv({ allErrors: true }).compile(schema);
  expect(validate(value)).toBe(false);
  return wordErrors(validate.errors ?? []).map((w) => `${w.error.instancePath} ${w.message}`);
};

describe('wordErrors', () => {
  it('says a choice once for each value none of its alternatives took, items of a list apart', () => {
    const items = { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'number' }] } };
    expect(worded(items, [true, 'ok', null])).toEqual([
      '/0 must be a string or a number (got true)',
      '/2 must be a string or a number (got null)',
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
    expect(worded(schema, { id: 5 })).toEqual(['/id must be a string (got 5)']);
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
      '/ids must hold at least 1 item (got 0)',
      '/name must be at least 1 character long (got "")',
      '/rate must be at least 0 (got -0.5)',
      '/times must be at least 1 (got 0)',
    ]);
    expect(worded(schema, { ids: [1, 2, 3], name: 'four', rate: 2 })).toEqual([
      '/ids must hold at most 2 items (got 3)',
      '/name must be at most 3 characters long (got 4)',
      '/rate must be at most 1 (got 2)',
    ]);
  });

  it('says what was expected and what was given, not Ajv\'s words ("must be integer", "must be equal to one of the allowed values")', () => {
    const schema = {
      type: 'object',
      properties: {
        times: { type: 'integer' },
        rate: { type: 'number' },
        ids: { type: 'array' },
        rule: { type: 'object' },
        flag: { type: 'boolean' },
        note: { type: 'string', nullable: true },
        network: { type: 'string', enum: ['reset', 'lost', 'cut'] },
        code: { type: 'string', pattern: '^[0-9]+$' },
        method: {
          type: 'string',
          pattern: '^[A-Z]+$',
          'x-pattern-message': 'must be an HTTP method such as GET',
        },
        at: { type: 'string', format: 'date-time' },
        kind: { const: 'product' },
        step: { type: 'number', multipleOf: 5 },
        tags: { type: 'array', uniqueItems: true },
      },
    };
    const value = {
      times: 'x',
      rate: '0.5',
      ids: { a: 1 },
      rule: [],
      flag: 'yes',
      note: 5,
      network: 'foo',
      code: '12a',
      method: 'get',
      at: 'yesterday',
      kind: 'type',
      step: 7,
      tags: ['a', 'a'],
    };
    expect(worded(schema, value)).toEqual([
      '/times must be a whole number (got "x")',
      '/rate must be a number (got "0.5")',
      '/ids must be an array (got an object)',
      '/rule must be an object (got an array)',
      '/flag must be true or false (got "yes")',
      '/note must be a string or null (got 5)',
      '/network must be one of: reset, lost, cut (got "foo")',
      '/code must match the pattern ^[0-9]+$ (got "12a")',
      '/method must be an HTTP method such as GET (got "get")',
      '/at must be a date and time such as 2024-01-31T09:30:00Z (got "yesterday")',
      '/kind must be "product" (got "type")',
      '/step must be a multiple of 5 (got 7)',
      '/tags must not hold the same item twice',
    ]);
  });

  it('shows a long string given cut short, with its length', () => {
    const long = 'a'.repeat(100);
    expect(worded({ type: 'string', enum: ['b'] }, long)).toEqual([
      ` must be one of: b (got "${'a'.repeat(80)}…", 100 characters)`,
    ]);
  });

  it('says a oneOf that took a value in more than one form in words, not "must match exactly one schema in oneOf"', () => {
    expect(worded({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 3)).toEqual([
      ' fits more than one of the forms it may take, and must fit exactly one',
    ]);
  });

  it("is given, by openapi.yaml, no keyword whose errors it leaves in Ajv's words", () => {
    // Keywords that fail with Ajv's own message (wordOf's default): a schema using one would show it.
    const unworded = new Set([
      'dependencies',
      'dependentRequired',
      'dependentSchemas',
      'propertyNames',
      'contains',
      'minContains',
      'maxContains',
      'if',
      'additionalItems',
      'unevaluatedItems',
      'unevaluatedProperties',
      'prefixItems',
    ]);
    const used = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node !== null && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (unworded.has(key)) used.add(key);
          // A schema's properties are named fields, not keywords (Filter has one called `contains`).
          if (key === 'properties' && value !== null && typeof value === 'object')
            Object.values(value).forEach(walk);
          else walk(value);
        }
      }
    };
    walk(apiDocument);
    expect([...used]).toEqual([]);
  });
});
