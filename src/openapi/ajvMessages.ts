// Ajv's errors in words a person can act on: what to send, not which schema keyword failed. Used by
// the request validator and by the checks of seed files and fault rules alike.
import type { ErrorObject } from 'ajv';
import { given } from '../domain/given.js';
import { own } from '../domain/own.js';

/** A format's name says nothing to the person who sent the value; the formats of ajv.ts. */
const FORMAT_WORDS: Readonly<Record<string, string>> = {
  int32: 'must be a whole number from -2147483648 to 2147483647',
  int64: 'must be a whole number',
  'date-time': 'must be a date and time such as 2024-01-31T09:30:00Z',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  array: 'an array',
  object: 'an object',
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'null',
};

/** `n` of a countable thing: "1 item", "2 items". */
const count = (n: number, thing: string): string => `${n} ${thing}${n === 1 ? '' : 's'}`;

/** How many items, characters or fields a value holds, for a limit on them. */
const itemCount = (v: unknown): number => (Array.isArray(v) ? v.length : 0);
const characterCount = (v: unknown): number => (typeof v === 'string' ? [...v].length : 0);
const fieldCount = (v: unknown): number => (v !== null && typeof v === 'object' ? Object.keys(v).length : 0);

/**
 * A limit's words, by keyword (the limit is Ajv's `params.limit`), and what the value given holds
 * against it: Ajv's own ("must NOT have fewer than 1 items", "must be >= 1") read as a schema's,
 * not as what to send, and said nothing of what was sent.
 */
const LIMIT_WORDS: Readonly<Record<string, (limit: number, value: unknown) => string>> = {
  minItems: (n, v) => `must hold at least ${count(n, 'item')} (got ${itemCount(v)})`,
  maxItems: (n, v) => `must hold at most ${count(n, 'item')} (got ${itemCount(v)})`,
  minLength: (n, v) => `must be at least ${count(n, 'character')} long${given(v)}`,
  maxLength: (n, v) => `must be at most ${count(n, 'character')} long (got ${characterCount(v)})`,
  minProperties: (n, v) => `must hold at least ${count(n, 'field')} (got ${fieldCount(v)})`,
  maxProperties: (n, v) => `must hold at most ${count(n, 'field')} (got ${fieldCount(v)})`,
  minimum: (n, v) => `must be at least ${n}${given(v)}`,
  maximum: (n, v) => `must be at most ${n}${given(v)}`,
  exclusiveMinimum: (n, v) => `must be greater than ${n}${given(v)}`,
  exclusiveMaximum: (n, v) => `must be less than ${n}${given(v)}`,
};

/** The schema parts an error's wording reads (Ajv's verbose option puts them on the error). */
interface Schema {
  properties?: Record<string, unknown>;
  /** openapi.yaml's words for a pattern, beside it: a regular expression is no instruction. */
  'x-pattern-message'?: string;
  /** openapi.yaml's words for a `not`: why the value may not be sent, and what to send. */
  'x-not-message'?: string;
  /** OpenAPI 3.0's null allowed beside the type, which Ajv's params.type does not name. */
  nullable?: boolean;
}

/** Alternatives as a sentence says them: "a or b", "a, b or c". */
const eitherOf = (words: readonly string[]): string =>
  words.length <= 2 ? words.join(' or ') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** A type's words: Ajv's params.type is one name, or several ("string,null") where null is allowed. */
const typeWords = (type: string): string => eitherOf(type.split(',').map((t) => own(TYPE_WORDS, t) ?? t));

/** One error, worded; `field` is the property it names (missing or not allowed), if any. */
export interface WordedError {
  error: ErrorObject;
  field?: string;
  message: string;
}

function wordOf(e: ErrorObject): WordedError {
  const params = e.params as {
    missingProperty?: string;
    additionalProperty?: string;
    type?: string;
    format?: string;
    allowedValues?: unknown[];
    allowedValue?: unknown;
    limit?: number;
    multipleOf?: number;
  };
  const parent = (e.parentSchema ?? {}) as Schema;
  const field = params.missingProperty ?? params.additionalProperty;
  const worded = (message: string): WordedError => ({ error: e, field, message });
  switch (e.keyword) {
    // `not: {}` marks a field that may not be sent at all (spaceIds on a merge push); `not: { enum }`
    // values that may not be given (a tenant "..").
    // openapi.yaml may say beside it why and what to send instead (a product's field on a variant update).
    case 'not': {
      const values = (e.schema as { enum?: unknown[] } | undefined)?.enum;
      if (parent['x-not-message']) return worded(parent['x-not-message']);
      return worded(
        values ? `may not be ${values.map((v) => JSON.stringify(v)).join(' or ')}` : 'may not be sent',
      );
    }
    case 'additionalProperties': {
      const fields = Object.keys(parent.properties ?? {});
      return worded(`is not a field here${fields.length ? ` (fields: ${fields.join(', ')})` : ''}`);
    }
    // The path of a worded error names the missing field itself (see WordedError's field).
    case 'required':
      return worded('is required');
    // A schema's pattern without words of its own is said as it is: the value given shows what differs.
    case 'pattern':
      return worded(
        `${parent['x-pattern-message'] ?? `must match the pattern ${String(e.schema)}`}${given(e.data)}`,
      );
    case 'format':
      return worded(
        `${own(FORMAT_WORDS, params.format ?? '') ?? `must be in the ${params.format ?? 'documented'} format`}${given(e.data)}`,
      );
    case 'enum':
      return worded(
        `must be one of: ${(params.allowedValues ?? []).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}${given(e.data)}`,
      );
    case 'const':
      return worded(`must be ${JSON.stringify(params.allowedValue)}${given(e.data)}`);
    case 'multipleOf':
      return worded(`must be a multiple of ${params.multipleOf}${given(e.data)}`);
    // A oneOf none of whose alternatives took the value is said in wordErrors; this one took several.
    case 'oneOf':
      return worded('fits more than one of the forms it may take, and must fit exactly one');
    case 'uniqueItems':
      return worded('must not hold the same item twice');
    case 'type': {
      // JSON.parse reads 1e400 as Infinity, which no JSON number is.
      if (typeof e.data === 'number' && !Number.isFinite(e.data)) return worded('must be a finite number');
      const types = (params.type ?? '').split(',');
      if (parent.nullable === true && !types.includes('null')) types.push('null');
      return worded(`must be ${typeWords(types.join(','))}${given(e.data)}`);
    }
    default: {
      const limitWords = own(LIMIT_WORDS, e.keyword);
      if (limitWords && typeof params.limit === 'number') return worded(limitWords(params.limit, e.data));
      return worded(e.message ?? 'is invalid');
    }
  }
}

const isChoice = (e: ErrorObject): boolean => e.keyword === 'oneOf' || e.keyword === 'anyOf';

/**
 * The errors worded, a choice (oneOf, anyOf) that no alternative matched said once: "must be a
 * string or an object", "needs status or delayMs", or the alternatives' own errors where they went
 * further, without Ajv's "must match a schema in anyOf" beside them.
 */
export function wordErrors(errors: readonly ErrorObject[]): WordedError[] {
  // Ajv reports a choice after its alternatives' errors: those are said with the choice.
  const branchesOf = new Map<ErrorObject, ErrorObject[]>();
  const inChoice = new Set<ErrorObject>();
  for (const e of errors) {
    if (!isChoice(e) || inChoice.has(e)) continue;
    // Its alternatives' errors: under its schema, and at its value or below (every item of a list
    // shares one schema path).
    const branches = errors.filter(
      (b) =>
        b !== e &&
        b.schemaPath.startsWith(`${e.schemaPath}/`) &&
        (b.instancePath === e.instancePath || b.instancePath.startsWith(`${e.instancePath}/`)),
    );
    branchesOf.set(e, branches);
    branches.forEach((b) => inChoice.add(b));
  }
  const out: WordedError[] = [];
  for (const e of errors) {
    if (inChoice.has(e)) continue;
    const branches = branchesOf.get(e);
    if (!branches) {
      out.push(wordOf(e));
      continue;
    }
    const alternatives = Array.isArray(e.schema) ? e.schema.length : 0;
    const here = branches.length === alternatives && branches.every((b) => b.instancePath === e.instancePath);
    if (branches.length === 0) {
      // Matched more than one alternative: Ajv's words.
      out.push(wordOf(e));
    } else if (here && branches.every((b) => b.keyword === 'type')) {
      const types = branches.map((b) => typeWords(String(b.params.type)));
      out.push({ error: e, message: `must be ${eitherOf(types)}${given(e.data)}` });
    } else if (here && branches.every((b) => b.keyword === 'required')) {
      const fields = branches.map((b) => String((b.params as { missingProperty?: string }).missingProperty));
      out.push({ error: e, message: `needs ${eitherOf(fields)}` });
    } else {
      // An alternative went further than its type: its errors say what is wrong, not the type
      // errors of the alternatives the value is not.
      const further = branches.filter(
        (b) => !isChoice(b) && !(b.keyword === 'type' && b.instancePath === e.instancePath),
      );
      out.push(...(further.length > 0 ? further : branches.filter((b) => !isChoice(b))).map(wordOf));
    }
  }
  return out;
}
