// Values that a JSON schema of openapi.yaml accepts, as fast-check arbitraries (shrinkable).
import fc from 'fast-check';

export interface Schema {
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  default?: unknown;
}

/** Arrays stay short: a valid batch needs no more, and short bodies shrink and read well. */
const MAX_GENERATED_ITEMS = 3;
/** Deeper optional structure is left out: it adds size, not coverage. */
const MAX_DEPTH = 4;

/** Overrides by property name, for strings whose grammar openapi.yaml gives in prose (filter, sort). */
export type Hints = Record<string, fc.Arbitrary<unknown> | undefined>;

/** A `not: {}` property may never be sent. */
const forbidden = (s: Schema | undefined): boolean =>
  !!s?.not && typeof s.not === 'object' && Object.keys(s.not).length === 0;

/** allOf of object schemas as one: properties and required lists merged, a forbidding part wins. */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(mergeAllOf);
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const part of [...parts, { ...schema, allOf: undefined }]) {
    for (const [name, prop] of Object.entries(part.properties ?? {})) {
      properties[name] =
        forbidden(prop) || forbidden(properties[name]) ? { not: {} } : (properties[name] ?? prop);
    }
    for (const name of part.required ?? []) required.add(name);
  }
  return { type: 'object', properties, required: [...required] };
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (schema.format === 'uri' || schema.format === 'url')
    return word.map((w) => `https://media.invalid/${w}.png`);
  if (schema.pattern === '\\S') return word;
  if (schema.pattern)
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= (schema.minLength ?? 0));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 12, 12));
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

/** An arbitrary of values the schema accepts. */
export function arbitraryOf(schema: Schema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema.allOf) return arbitraryOf(mergeAllOf(schema), hints, depth);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryOf(v, hints, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  let arb: fc.Arbitrary<unknown>;
  switch (schema.type) {
    case 'string':
      arb = stringOf(schema);
      break;
    case 'integer':
      arb = fc.integer({ min: schema.minimum ?? -1_000, max: Math.min(schema.maximum ?? 1_000, 1_000) });
      break;
    case 'number':
      arb = fc
        .double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
          noDefaultInfinity: true,
        })
        .map((n) => Math.round(n * 100) / 100);
      break;
    case 'boolean':
      arb = fc.boolean();
      break;
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(
        minLength,
        Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
      );
      arb =
        depth >= MAX_DEPTH && minLength === 0
          ? fc.constant([])
          : fc.array(arbitraryOf(schema.items ?? {}, hints, depth + 1), { minLength, maxLength });
      break;
    }
    case 'object':
    case undefined: {
      if (!schema.properties) {
        arb = schema.type === 'object' ? fc.constant({}) : fc.oneof(word, fc.integer(), fc.boolean());
        break;
      }
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(schema.properties)) {
        if (forbidden(prop)) continue;
        if (depth >= MAX_DEPTH && !required.has(name)) continue;
        if (!(name in hints)) model[name] = arbitraryOf(prop, hints, depth + 1);
        else if (hints[name]) model[name] = hints[name];
      }
      arb = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
      break;
    }
    default:
      arb = fc.constant(null);
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 8 }) : arb;
}
