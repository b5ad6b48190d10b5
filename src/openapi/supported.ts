// What the request validator implements of OpenAPI 3.0, and the refusal of everything else at start-up.
import type { OpenAPIV3 } from 'openapi-types';
import type { DocumentedOperation } from './operations.js';

/** The one media type request bodies are read and validated as. */
export const JSON_TYPE = 'application/json';

/** How each location's values are written, as the validator reads them: OpenAPI's defaults only. */
const SERIALIZATION = {
  path: { style: 'simple', explode: false },
  query: { style: 'form', explode: true },
} as const;

type Location = keyof typeof SERIALIZATION;

/** Schema keywords Ajv would silently skip in a request body. */
const BODY_KEYWORDS_REFUSED = ['discriminator', 'readOnly', 'writeOnly'] as const;
/** Also refused in the body of an operation that writes: validation would fill a default in over what a record holds. */
const WRITE_BODY_KEYWORDS_REFUSED = [...BODY_KEYWORDS_REFUSED, 'default'] as const;
const PARAMETER_KEYWORDS_REFUSED = ['discriminator'] as const;
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** Every place in a schema a keyword appears, as a JSON-pointer-like path; cycles visited once. */
function keywordsIn(
  schema: unknown,
  keywords: readonly string[],
  at = '',
  seen = new Set<object>(),
): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    // `properties` names fields: a field called "default" is no keyword.
    if (keywords.includes(key) && !at.endsWith('/properties')) found.push(`${at}/${key}`);
    found.push(...keywordsIn(value, keywords, `${at}/${key}`, seen));
  }
  return found;
}

/**
 * The Prefer header (a simulated status or delay) is not validated by the request validator: the
 * pipeline's simulation step reads it (src/workbench/prefer.ts).
 */
const isPrefer = (p: OpenAPIV3.ParameterObject): boolean =>
  p.in === 'header' && p.name.toLowerCase() === 'prefer';

/**
 * A query parameter given once (a string) or once per value (`?data=a&data=b`, form style's list,
 * which the query parser reads as a list of strings): `oneOf: [string, array of strings]`.
 */
function isOneOrRepeated(oneOf: readonly unknown[]): boolean {
  const [one, many, ...more] = oneOf as (OpenAPIV3.SchemaObject | undefined)[];
  const items = (many as OpenAPIV3.ArraySchemaObject | undefined)?.items as
    OpenAPIV3.SchemaObject | undefined;
  return more.length === 0 && one?.type === 'string' && many?.type === 'array' && items?.type === 'string';
}

/**
 * A query parameter whose value is JSON text (`content: application/json` with a schema, the filters
 * of GET /products): the validator parses the text and checks the value against that schema (text
 * that is not JSON is left to the operation, which says where it fails; validator.ts). Nothing is
 * filled in, and the text is what the operation reads.
 */
function contentRefusals(p: OpenAPIV3.ParameterObject, where: string): string[] {
  if (p.in !== 'query') return [`${where}: "content" is supported only in a query parameter`];
  const refusals = Object.keys(p.content ?? {})
    .filter((type) => type !== JSON_TYPE)
    .map((type) => `${where}: content type "${type}" is not supported (only ${JSON_TYPE})`);
  const media = p.content?.[JSON_TYPE];
  if (!media?.schema) refusals.push(`${where}: its ${JSON_TYPE} content needs a schema`);
  if (p.schema) refusals.push(`${where}: give "content" or "schema", not both`);
  if (p.style !== undefined || p.explode !== undefined || p.allowEmptyValue) {
    refusals.push(`${where}: style, explode and allowEmptyValue do not apply to "content"`);
  }
  for (const at of keywordsIn(media?.schema, WRITE_BODY_KEYWORDS_REFUSED)) {
    refusals.push(
      `${where}: schema keyword ${at} is not supported in "content" (nothing is filled in or skipped)`,
    );
  }
  return refusals;
}

function parameterRefusals(p: OpenAPIV3.ParameterObject): string[] {
  const where = `${p.in} parameter "${p.name}"`;
  if (isPrefer(p)) return [];
  if (!(p.in in SERIALIZATION)) {
    return [`${where}: ${p.in} parameters are not read by this server (only path and query)`];
  }
  if (p.content) return contentRefusals(p, where);
  const refusals: string[] = [];
  const expected = SERIALIZATION[p.in as Location];
  if (p.style !== undefined && p.style !== expected.style) {
    refusals.push(`${where}: style "${p.style}" is not supported (only "${expected.style}")`);
  }
  if (p.explode !== undefined && p.explode !== expected.explode) {
    refusals.push(`${where}: explode ${p.explode} is not supported (only ${expected.explode})`);
  }
  if (p.allowEmptyValue) refusals.push(`${where}: allowEmptyValue is not supported`);
  const schema = p.schema as OpenAPIV3.SchemaObject | undefined;
  // A value arrives as text: coerced to a scalar type; arrays and objects have serialisations not read here.
  if (schema?.oneOf !== undefined) {
    if (p.in !== 'query' || !isOneOrRepeated(schema.oneOf)) {
      refusals.push(
        `${where}: oneOf is supported only in a query parameter, as a string or a list of strings (the parameter given once per value)`,
      );
    }
  } else if (schema && !SCALAR_TYPES.has(schema.type ?? 'string')) {
    refusals.push(`${where}: type "${schema.type}" is not supported (only string, number, integer, boolean)`);
  }
  for (const at of keywordsIn(schema, PARAMETER_KEYWORDS_REFUSED)) {
    refusals.push(`${where}: schema keyword ${at} is not supported`);
  }
  return refusals;
}

function bodyRefusals(body: OpenAPIV3.RequestBodyObject, safe: boolean): string[] {
  const refusals = Object.keys(body.content)
    .filter((type) => type !== JSON_TYPE)
    .map((type) => `request body: media type "${type}" is not supported (only ${JSON_TYPE})`);
  const media = body.content[JSON_TYPE];
  if (!media) return refusals;
  if (media.encoding) refusals.push('request body: "encoding" is not supported');
  for (const at of keywordsIn(media.schema, safe ? BODY_KEYWORDS_REFUSED : WRITE_BODY_KEYWORDS_REFUSED)) {
    const keyword = at.slice(at.lastIndexOf('/') + 1);
    const why =
      keyword === 'default'
        ? 'validation would write the default into a write body, over what the stored record holds; mark a read x-safe'
        : 'the validator would ignore it';
    refusals.push(`request body: schema keyword ${at} is not supported (${why})`);
  }
  return refusals;
}

/**
 * Everything in an operation the validator does not implement, each as a sentence; empty when it
 * implements all of it. A document that uses such a feature is refused at start-up rather than
 * half-checked at run time.
 */
export function unsupportedFeatures(op: DocumentedOperation): string[] {
  return [
    ...op.parameters.flatMap(parameterRefusals),
    ...(op.requestBody ? bodyRefusals(op.requestBody, op.safe) : []),
  ].map((refusal) => `${op.operationId}: ${refusal}`);
}
