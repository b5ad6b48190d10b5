// Ajv's errors in words a person can act on: what to send, not which schema keyword failed. Used by
// the request validator and by the checks of seed files and fault rules alike.
import type { ErrorObject } from 'ajv';
import { own } from '../domain/own.js';

/** A format's name says nothing to the person who sent the value; the formats of ajv.ts. */
const FORMAT_WORDS: Readonly<Record<string, string>> = {
  int32: 'must be a whole number from -2147483648 to 2147483647',
  int64: 'must be a whole number',
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

/**
 * A limit's words, by keyword (the limit is Ajv's `params.limit`): Ajv's own ("must NOT have fewer
 * than 1 items", "must be >= 1") read as a schema's, not as what to send.
 */
const LIMIT_WORDS: Readonly<Record<string, (limit: number) => string>> = {
  minItems: (n) => `must hold at least ${count(n, 'item')}`,
  maxItems: (n) => `must hold at most ${count(n, 'item')}`,
  minLength: (n) => `must be at least ${count(n, 'character')} long`,
  maxLength: (n) => `must be at most ${count(n, 'character')} long`,
  minProperties: (n) => `must hold at least ${count(n, 'field')}`,
  maxProperties: (n) => `must hold at most ${count(n, 'field')}`,
  minimum: (n) => `must be at least ${n}`,
  maximum: (n) => `must be at most ${n}`,
  exclusiveMinimum: (n) => `must be greater than ${n}`,
  exclusiveMaximum: (n) => `must be less than ${n}`,
};

/** The schema parts an error's wording reads (Ajv's verbose option puts them on the error). */
interface Schema {
  properties?: Record<string, unknown>;
  /** openapi.yaml's words for a pattern, beside it: a regular expression is no instruction. */
  'x-pattern-message'?: string;
}

/** Alternatives as a sentence says them: "a or b", "a, b or c". */
const eitherOf = (words: readonly string[]): string =>
  words.length <= 2 ? words.join(' or ') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

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
    limit?: number;
  };
  const parent = (e.parentSchema ?? {}) as Schema;
  const field = params.missingProperty ?? params.additionalProperty;
  const worded = (message: string): WordedError => ({ error: e, field, message });
  switch (e.keyword) {
    // `not: {}` marks a field that may not be sent at all (spaceIds on a merge push); `not: { enum }`
    // values that may not be given (a tenant "..").
    case 'not': {
      const values = (e.schema as { enum?: unknown[] } | undefined)?.enum;
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
    case 'pattern':
      return worded(parent['x-pattern-message'] ?? e.message ?? 'is invalid');
    case 'format':
      return worded(own(FORMAT_WORDS, params.format ?? '') ?? e.message ?? 'is invalid');
    case 'enum':
      return worded(`${e.message ?? 'must be one of'}: ${(params.allowedValues ?? []).join(', ')}`);
    case 'type': {
      // JSON.parse reads 1e400 as Infinity, which no JSON number is.
      if (typeof e.data === 'number' && !Number.isFinite(e.data)) return worded('must be a finite number');
      return worded(e.message ?? 'is of another type');
    }
    default: {
      const limitWords = own(LIMIT_WORDS, e.keyword);
      if (limitWords && typeof params.limit === 'number') return worded(limitWords(params.limit));
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
      const types = branches.map((b) => own(TYPE_WORDS, String(b.params.type)) ?? String(b.params.type));
      out.push({ error: e, message: `must be ${eitherOf(types)}` });
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
