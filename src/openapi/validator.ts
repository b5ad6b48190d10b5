import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { CatalogError, MethodNotAllowed } from '../domain/errors.js';
import type { Problem } from '../domain/problem.js';
import { givenText, shown, shownName, withoutGiven } from '../domain/given.js';
import { textNestsDeeper } from '../domain/jsonDepth.js';
import { readablePath } from './readablePath.js';
import { wordErrors } from './ajvMessages.js';
import { listTypeMessage } from './listHint.js';
import { bodyShape } from './bodyShape.js';
import { nullFieldHint } from './nullHint.js';
import { openApiAjv } from './ajv.js';
import type { DocumentedOperation, OperationTable } from './operations.js';
import { JSON_TYPE, unsupportedFeatures } from './supported.js';
import { parseFilterWithKey } from '../domain/filter.js';
import { own } from '../domain/own.js';

/**
 * What one operation checks. Its Ajv functions are compiled on the operation's first request, once:
 * compiling all of them took about 200 ms of every start, most of them for operations a session
 * never calls (docs/performance.md, "Request validation compiled from openapi.yaml").
 */
interface CompiledOperation {
  operationId: string;
  pathParams: string[];
  queryNames: ReadonlySet<string>;
  /** The top-level properties of its JSON body, for the 400 of one of them sent in the query. */
  bodyProperties: ReadonlySet<string>;
  /**
   * A read whose body leaves other properties open (no `additionalProperties`): one it does not
   * document is ignored, as an undocumented query parameter is, and noted (docs/behaviour.md,
   * "Parameters").
   */
  openBody: boolean;
  /** Query parameters documented as numbers or integers. */
  numericQuery: string[];
  /**
   * Query parameters documented as booleans, each with the text read as true (`x-true-words`, in
   * any case); any other text is read as false (docs/behaviour.md, "Parameters").
   */
  booleanQuery: { name: string; trueWords: readonly string[] }[];
  /** Query parameters documented as lists: only these may be given more than once. */
  listQuery: ReadonlySet<string>;
  /**
   * Query parameters marked `x-without-body: true`: another way to send what the body holds, so a
   * request giving both would have one of them left unread without a word.
   */
  withoutBody: string[];
  /** Checks (and coerces, and fills defaults into) { params, query }. */
  parameters(): ValidateFunction;
  /**
   * Query parameters whose value is JSON text (`content: application/json`), each with the check
   * of the parsed value against its schema (supported.ts, contentRefusals).
   */
  jsonQuery: { name: string; maxDepth?: number; parser?: string; validate(): ValidateFunction }[];
  /** Properties of the JSON body whose schema (or one of its forms) names an `x-parser`, with it. */
  bodyParsers: [property: string, parser: string][];
  body?: {
    required: boolean;
    /** The body's required fields sketched, `{ "data": [...] }`, for the 400 of a request without one. */
    shape: string;
    /** Stops at the first problem: every body is checked with it. */
    validate(): ValidateFunction;
    /** Finds every problem: run on a refused body, when it is small (LIST_EVERY_PROBLEM_UP_TO). */
    everyProblem(): ValidateFunction;
  };
}

/** Whether a query parameter's schema takes a list, alone or as one of its forms (`?data=a&data=b`). */
function takesList(schema: unknown): boolean {
  const { type, oneOf } = (schema ?? {}) as { type?: unknown; oneOf?: unknown };
  return type === 'array' || (Array.isArray(oneOf) && oneOf.some(takesList));
}

/**
 * The parsers a schema may name in `x-parser`: each words what that schema refuses as a person can
 * act on it, throwing a CatalogError whose message starts with the place (`filter.and[1].eq ...`).
 */
const PARSERS: Readonly<Record<string, (value: unknown, name: string) => void>> = {
  // docs/behaviour.md, "Filter": which operator, what it takes, and an example.
  filter: (value, name) => void parseFilterWithKey(value, name),
};

/** The `x-parser` a schema names, itself or in one of its forms (`oneOf`). */
function parserOf(schema: unknown): string | undefined {
  const { oneOf } = (schema ?? {}) as { oneOf?: unknown[] };
  const named = (schema as { 'x-parser'?: unknown } | undefined)?.['x-parser'];
  if (typeof named === 'string') return named;
  return Array.isArray(oneOf) ? oneOf.map(parserOf).find((p) => p !== undefined) : undefined;
}

/**
 * The problem a schema's parser finds in a value the schema refused, at `location.place`; undefined
 * when there is no parser or it takes the value (the schema's own words then stand).
 */
function parserProblem(
  parser: string | undefined,
  location: 'query' | 'body',
  name: string,
  value: unknown,
): Problem | undefined {
  const parse = parser === undefined ? undefined : own(PARSERS, parser);
  if (!parse) return undefined;
  try {
    parse(value, name);
  } catch (err) {
    if (!(err instanceof CatalogError)) throw err;
    const place = err.message.split(' ', 1)[0] ?? name;
    return { path: `${location}.${place.replace(/:$/, '')}`, message: err.message.slice(place.length + 1) };
  }
  return undefined;
}

/** The value make() gives, made on the first call only. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function locationSchema(params: OpenAPIV3.ParameterObject[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * Problems listed in one answer. A body can break one rule in each of a million elements: listed
 * whole, 3 MB of them made an answer longer than a string can hold, and the server died writing it.
 */
const MAX_PROBLEMS = 20;

/**
 * Ajv errors as items a person can act on ("body.data[0].productName", "must be an array"), at most
 * MAX_PROBLEMS, and how many more there are (worded, or beyond what was worded).
 */
function problemsOf(
  errors: ErrorObject[] | null | undefined,
  prefix: string,
  /** The operation whose body is checked: what [] does to a list depends on it. */
  bodyOf?: string,
  /** The schema its errors' schemaPaths start from: what it requires is not removed by leaving it out. */
  bodySchema?: unknown,
): { problems: Problem[]; unlisted: Unlisted } {
  const all = errors ?? [];
  // A few more than are listed: a choice's alternatives come before it.
  const read = all.slice(0, 4 * MAX_PROBLEMS);
  const worded = wordErrors(read).map(({ error, field, message }) => ({
    path: readablePath(prefix + error.instancePath + (field === undefined ? '' : `/${field}`)),
    message: clearHint(error)
      ? listTypeMessage(bodyOf, error.instancePath, error.data)
      : withNullHint(error, message, bodyOf, bodySchema),
  }));
  // Each once, before they are counted: Ajv reports some twice (an item that is not an object).
  const distinct = [...new Map(worded.map((p) => [`${p.path} ${p.message}`, p])).values()];
  const problems = distinct.slice(0, MAX_PROBLEMS);
  const unread = all.length - read.length;
  // Errors not read are counted at the rate the read ones made distinct problems.
  const more =
    distinct.length - problems.length + Math.round((unread * distinct.length) / Math.max(read.length, 1));
  return { problems, unlisted: { count: more, exact: unread === 0 } };
}

/**
 * null or a scalar sent where a list belongs: the way to empty a list is [], where the list may be
 * empty (a batch's data is not one to empty).
 */
function clearHint(error: ErrorObject): boolean {
  if (error.keyword !== 'type' || (error.params as { type?: string }).type !== 'array') return false;
  // A batch's data is no list a write clears, though it may be empty.
  if (error.instancePath === '/data') return false;
  return ((error.parentSchema as { minItems?: number } | undefined)?.minItems ?? 0) === 0;
}

/**
 * A type error for null where no list belongs, in a write's body: the message adds how to remove
 * the field, unless the object holding it requires it.
 */
function withNullHint(
  error: ErrorObject,
  message: string,
  bodyOf: string | undefined,
  bodySchema: unknown,
): string {
  if ((error.keyword !== 'type' && error.keyword !== 'oneOf') || error.data !== null) return message;
  const property = /^(.*)\/properties\/([^/]+)\/(?:type|oneOf)$/.exec(error.schemaPath);
  if (!property) return message;
  const holder = atPointer(bodySchema, property[1] ?? '') as { required?: unknown } | undefined;
  const field = unescapePointer(property[2] ?? '');
  if (Array.isArray(holder?.required) && holder.required.includes(field)) return message;
  const hint = nullFieldHint(bodyOf, error.instancePath);
  return hint === undefined ? message : `${message}; ${hint}`;
}

const unescapePointer = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The part of `schema` at an Ajv schemaPath (`#/properties/data/items`). */
function atPointer(schema: unknown, path: string): unknown {
  let at = schema;
  for (const token of path.replace(/^#/, '').split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) return undefined;
    const key = unescapePointer(token);
    at = Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at;
}

/** Problems not listed: how many, counted or estimated. */
interface Unlisted {
  count: number;
  exact: boolean;
}

/** A 400 listing the problems (each once: problemsOf makes Ajv's distinct), and counting `unlisted` more. */
export function invalid(
  problems: Problem[],
  unlisted: Unlisted = { count: 0, exact: true },
  note?: string,
): CatalogError {
  const message =
    problems.map((p) => `${p.path} ${p.message}`).join('; ') +
    (unlisted.count > 0
      ? `; and ${unlisted.exact ? '' : 'about '}${unlisted.count} more ${unlisted.count === 1 ? 'problem' : 'problems'} not listed`
      : '') +
    (note ? ` (${note})` : '');
  return new CatalogError('invalid', message, problems);
}

function compileOperations(table: OperationTable): Map<DocumentedOperation, CompiledOperation> {
  // Path and query values arrive as text: coerced to the documented types; bodies are JSON, not coerced.
  // Every problem is reported, not just the first: a person fixes a request once.
  const paramsAjv = openApiAjv({ coerceTypes: true, useDefaults: true, allErrors: true });
  // Defaults are filled into bodies of reads only: supported.ts refuses them in the body of a write.
  const bodyAjv = openApiAjv({ useDefaults: true });
  const everyProblemAjv = openApiAjv({ useDefaults: true, allErrors: true });
  // JSON text in a query parameter: parsed, not coerced, nothing filled in; every problem found.
  const jsonQueryAjv = openApiAjv({ allErrors: true });
  const refused = table.operations.flatMap(unsupportedFeatures);
  if (refused.length > 0) {
    throw new Error(
      `openapi.yaml uses what the request validator does not implement, so it would not check it:\n  ${refused.join('\n  ')}`,
    );
  }
  const compiled = new Map<DocumentedOperation, CompiledOperation>();
  for (const op of table.operations) {
    const query = op.parameters.filter((p) => p.in === 'query');
    const bodySchema = op.requestBody?.content[JSON_TYPE]?.schema;
    compiled.set(op, {
      operationId: op.operationId,
      pathParams: op.pathParams,
      queryNames: new Set(query.map((p) => p.name)),
      bodyProperties: new Set(
        Object.keys((bodySchema as { properties?: object } | undefined)?.properties ?? {}),
      ),
      openBody:
        op.safe &&
        (bodySchema as { properties?: object } | undefined)?.properties !== undefined &&
        (bodySchema as { additionalProperties?: unknown }).additionalProperties === undefined,
      numericQuery: query
        .filter((p) => ['integer', 'number'].includes(String((p.schema as { type?: unknown })?.type)))
        .map((p) => p.name),
      booleanQuery: query
        .filter((p) => (p.schema as { type?: unknown })?.type === 'boolean')
        .map((p) => ({ name: p.name, trueWords: trueWordsOf(p) })),
      listQuery: new Set(query.filter((p) => takesList(p.schema)).map((p) => p.name)),
      withoutBody: query
        .filter((p) => (p as { 'x-without-body'?: unknown })['x-without-body'] === true)
        .map((p) => p.name),
      bodyParsers: Object.entries(
        (bodySchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {},
      ).flatMap(([property, schema]): [string, string][] => {
        const parser = parserOf(schema);
        return parser === undefined ? [] : [[property, parser]];
      }),
      jsonQuery: query
        .filter((p) => p.content?.[JSON_TYPE]?.schema !== undefined)
        .map((p) => ({
          name: p.name,
          maxDepth: (p as { 'x-max-depth'?: number })['x-max-depth'],
          parser: parserOf(p.content?.[JSON_TYPE]?.schema),
          validate: once(() => jsonQueryAjv.compile(p.content?.[JSON_TYPE]?.schema as object)),
        })),
      parameters: once(() =>
        paramsAjv.compile({
          type: 'object',
          properties: {
            params: locationSchema(op.parameters.filter((p) => p.in === 'path')),
            query: locationSchema(query),
          },
        }),
      ),
      body: bodySchema && {
        required: op.requestBody?.required ?? false,
        shape: bodyShape(bodySchema as Parameters<typeof bodyShape>[0]),
        validate: once(() => bodyAjv.compile(bodySchema)),
        everyProblem: once(() => everyProblemAjv.compile(bodySchema)),
      },
    });
  }
  return compiled;
}

function decodedParams(names: string[], raw: string[]): Record<string, string> {
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = raw[i] ?? '';
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw invalid([{ path: `params.${name}`, message: `is not valid percent-encoding: "${value}"` }]);
    }
  });
  return params;
}

/** A number as a query string writes it: decimal digits, a sign, a fraction. */
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

const mediaType = (header: string): string => (header.split(';')[0] ?? '').trim().toLowerCase();

/**
 * What a query parameter's name can look like, brackets included (`ids[]=a`, axios's way of sending
 * an array); anything else was not meant as one.
 */
const PARAMETER_NAME = /^[\w.[\]-]+$/;

/**
 * The 400 for query parameters an operation does not document, listing those it does; undefined
 * when every name is documented. The API's operations and the admin endpoints alike.
 */
export function undocumentedQuery(
  operationId: string,
  documented: ReadonlySet<string>,
  names: readonly string[],
  inBody: ReadonlySet<string> = new Set(),
): CatalogError | undefined {
  const problems = undocumentedProblems(operationId, documented, names, inBody);
  if (problems.length === 0) return undefined;
  // As many as Ajv's problems are listed: a URL of 2,000 such names was a message of 170 KB.
  const unlisted = { count: Math.max(0, problems.length - MAX_PROBLEMS), exact: true };
  return invalid(problems.slice(0, MAX_PROBLEMS), unlisted);
}

/**
 * What is wrong with each query parameter an operation does not document: a 400 on the mock's own
 * endpoints, a note in the request log on the API's (docs/behaviour.md, "Parameters").
 */
function undocumentedProblems(
  operationId: string,
  documented: ReadonlySet<string>,
  names: readonly string[],
  inBody: ReadonlySet<string> = new Set(),
): Problem[] {
  const unknown = names.filter((name) => !documented.has(name));
  if (unknown.length === 0) return [];
  const listed = [...documented].join(', ') || 'none';
  return unknown.map((name): Problem => {
    if (name === '')
      return {
        path: 'query',
        message: `has a parameter without a name (?=value); ${operationId} takes: ${listed}`,
      };
    if (!PARAMETER_NAME.test(name))
      // The rest of a value cut at an & sent as it is (?search=Hollis & Finch), as a URL built by
      // joining strings sends it.
      return {
        path: 'query',
        message:
          `has a parameter named ${JSON.stringify(shownName(name))}, which looks like the rest of a value: an & ` +
          `inside a value must be sent as %26 (encodeURIComponent and URLSearchParams encode it); ` +
          `${operationId} takes: ${listed}`,
      };
    return {
      path: `query.${shownName(name)}`,
      message: inBody.has(name)
        ? // POST /products: the list query's parameters travel in its body.
          `is not a query parameter of ${operationId}: send ${name} as a property of the JSON body`
        : `is not a query parameter of ${operationId} (documented: ${listed})`,
    };
  });
}

/**
 * The text a flag reads as true (a boolean query parameter's `x-true-words`, lower case); any other
 * text, an empty one included, reads as false (docs/behaviour.md, "Parameters"). A flag without the
 * extension reads only `true` as true.
 */
function trueWordsOf(parameter: object): readonly string[] {
  const words = (parameter as { 'x-true-words'?: unknown })['x-true-words'];
  if (words === undefined) return ['true'];
  if (!Array.isArray(words) || !words.every((w) => typeof w === 'string'))
    throw new Error(`openapi.yaml: x-true-words must be a list of words (got ${JSON.stringify(words)})`);
  return words.map((w: string) => w.toLowerCase());
}

/**
 * A problem for each query parameter given more than once that is not documented as a list: only
 * its first value would be read, and the others dropped unseen. The API's operations and the admin
 * endpoints alike.
 */
export function repeatedQuery(
  query: Record<string, unknown>,
  lists: ReadonlySet<string> = new Set(),
): Problem[] {
  return Object.entries(query)
    .filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && !lists.has(entry[0]))
    .map(([name, values]) => ({
      path: `query.${name}`,
      message: `is given ${values.length} times; give it once`,
    }));
}

/** A problem for each `x-without-body` query parameter given beside a body. */
function givenWithBody(query: Record<string, unknown>, names: string[]): Problem[] {
  return names
    .filter((name) => query[name] !== undefined)
    .map((name) => ({
      path: `query.${name}`,
      message: `is for a request without a body: give ${name} in the JSON body or in the query, not in both`,
    }));
}

/**
 * The problems of query parameters whose value is JSON text, checked against their schemas. Text
 * that is not JSON (blank text among it, which a filter reads as none, `x-blank-is-none`) is left
 * to the operation, whose message says where the text fails to parse; the value stays the text sent.
 */
function jsonQueryProblems(
  query: Record<string, unknown>,
  params: CompiledOperation['jsonQuery'],
): Problem[] {
  const problems: Problem[] = [];
  for (const { name, maxDepth, parser, validate } of params) {
    const text = query[name];
    if (typeof text !== 'string') continue;
    // Deeper than the parameter's own limit (x-max-depth): the operation refuses it, naming that limit.
    if (maxDepth !== undefined && textNestsDeeper(text, maxDepth)) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    const check = validate();
    if (check(value)) continue;
    // The schema decides; its parser, when it names one, says what is wrong in its own words.
    const worded = parserProblem(parser, 'query', name, value);
    problems.push(...(worded ? [worded] : problemsOf(check.errors, `/query/${name}`).problems));
  }
  return problems;
}

/** What the validator checks of a request beyond its path: query, body and the body's type. */
interface RequestParts {
  query: Record<string, unknown>;
  /** The parsed JSON body; undefined when none was sent or it was not JSON. */
  body: unknown;
  contentType: string | undefined;
  /** The body's size as read (decompressed); undefined when the adapter does not say. */
  bodyBytes?: number;
}

/**
 * A refused body up to this size is checked again for every problem, so that a person fixes a
 * request once; a larger one answers with its first problem. Finding every problem of a 3 MB body
 * with a million bad elements took 8 s and 800 MB, with every other request waiting.
 */
const LIST_EVERY_PROBLEM_UP_TO = 64 * 1024;

/**
 * The problems of a refused body, those of a property whose schema names a parser (a POST /products
 * filter) replaced by the one its parser words, as for the same parameter in a query.
 */
function withParsedProblems(
  problems: Problem[],
  value: unknown,
  parsers: CompiledOperation['bodyParsers'],
): Problem[] {
  let out = problems;
  for (const [property, parser] of parsers) {
    const at = `body.${property}`;
    const of = (p: Problem) => p.path === at || p.path.startsWith(`${at}.`) || p.path.startsWith(`${at}[`);
    const sent = (value as Record<string, unknown>)[property];
    // Of a value of another form (a list, a number) the schema says which forms it takes.
    if (!out.some(of) || typeof sent !== 'object' || sent === null || Array.isArray(sent)) continue;
    const worded = parserProblem(parser, 'body', property, sent);
    if (!worded) continue;
    const first = out.findIndex(of);
    out = [...out.slice(0, first).filter((p) => !of(p)), worded, ...out.slice(first).filter((p) => !of(p))];
  }
  return out;
}

function checkBody(
  { body: value, contentType: type, bodyBytes }: RequestParts,
  body: NonNullable<CompiledOperation['body']>,
  operationId: string,
  parsers: CompiledOperation['bodyParsers'] = [],
): void {
  if (type && mediaType(type) !== JSON_TYPE) {
    throw new CatalogError(
      'unsupported-media-type',
      `Content-Type ${type} is not accepted here; send a JSON body as ${JSON_TYPE}`,
    );
  }
  if (value === undefined) {
    if (body.required)
      throw new CatalogError(
        'invalid',
        `A JSON request body is required, such as ${body.shape} (Content-Type: ${JSON_TYPE})`,
      );
    return;
  }
  const validate = body.validate();
  if (validate(value)) return;
  if (bodyBytes === undefined || bodyBytes <= LIST_EVERY_PROBLEM_UP_TO) {
    const every = body.everyProblem();
    if (!every(value)) {
      const { problems, unlisted } = problemsOf(every.errors, '/body', operationId, every.schema);
      throw invalid(withParsedProblems(problems, value, parsers), unlisted);
    }
  }
  throw invalid(
    withParsedProblems(
      problemsOf(validate.errors, '/body', operationId, validate.schema).problems,
      value,
      parsers,
    ),
    undefined,
    `the first problem found; a body over ${LIST_EVERY_PROBLEM_UP_TO / 1024} KB is not searched for more`,
  );
}

/** A request matched to its documented operation, with its path parameters decoded; not yet checked. */
export interface ResolvedRequest {
  op: CompiledOperation;
  params: Record<string, string>;
}

export interface RequestValidator {
  /**
   * The documented operation a method and path (prefix removed) reach; undefined when no
   * documented path matches. A known path without the method throws a MethodNotAllowed (405) that
   * lists the methods it has; a path parameter that is not valid percent-encoding, a 400.
   * `shown` is the path as the client sent it, for messages.
   */
  resolve(method: string, path: string, shown?: string): ResolvedRequest | undefined;
  /**
   * Checks the request against its operation: the decoded path parameters and the coerced query
   * (numbers, booleans, defaults filled in) when valid; a CatalogError that names the problem if not.
   */
  check(
    resolved: ResolvedRequest,
    parts: RequestParts,
  ): { params: Record<string, string>; query: Record<string, unknown>; notes: string[] };
}

/** The most names of undocumented body properties a note shows; it counts the others. */
const BODY_NAMES_SHOWN = 10;

/**
 * The note of a read's body properties its operation does not document, which are ignored: one
 * note naming the first BODY_NAMES_SHOWN of them and counting the rest, however many a body holds.
 */
function undocumentedBodyNotes(op: CompiledOperation, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const unknown = Object.keys(body).filter((name) => !op.bodyProperties.has(name));
  if (unknown.length === 0) return [];
  const listed = [...op.bodyProperties].join(', ');
  const documented = `${op.operationId}'s body (documented: ${listed}); ignored`;
  const names = unknown.slice(0, BODY_NAMES_SHOWN).map((name) => `body.${shownName(name)}`);
  if (unknown.length === 1) return [`${names[0]} is not a property of ${documented}`];
  const more = unknown.length - names.length;
  return [`${names.join(', ')}${more > 0 ? ` and ${more} more` : ''} are not properties of ${documented}`];
}

/**
 * A problem of a numeric query parameter, showing the text as sent: Ajv reads it as a number, which
 * a message would show as JavaScript writes it (`1e+21` for `limit=999999999999999999999`, `0` for
 * `-0`), and a text it could not read (`page=1.5`) in quotes. Text that is no decimal number was
 * refused before Ajv saw it. `sent` is the query as the request gave it.
 */
function asSent(problem: Problem, sent: Record<string, unknown>, numeric: readonly string[]): Problem {
  const name = problem.path.startsWith('query.') ? problem.path.slice('query.'.length) : '';
  const text = sent[name];
  if (!numeric.includes(name) || typeof text !== 'string') return problem;
  const rule = withoutGiven(problem.message);
  return rule === problem.message ? problem : { ...problem, message: rule + givenText(text) };
}

/**
 * Request validation compiled from openapi.yaml: one Ajv function per operation for its path and
 * query parameters and one for its body, built on its first request; what the validator does not
 * implement is refused at start-up (supported.ts). Paths are matched as documented,
 * `/{tenantId}/{environment}/...`, once the pipeline has removed a longer URL prefix.
 */
export function requestValidator(table: OperationTable): RequestValidator {
  const compiled = compileOperations(table);
  return {
    resolve(method, path, shown = path) {
      const resolution = table.resolve(method, path);
      if (!resolution) return undefined;
      if (!resolution.operation) throw new MethodNotAllowed(method, shown, resolution.allow);
      const op = compiled.get(resolution.operation) as CompiledOperation;
      return { op, params: decodedParams(op.pathParams, resolution.rawParams) };
    },

    check({ op, params }, parts) {
      const query: Record<string, unknown> = { ...parts.query };
      // What the mock ignores of a request or how it reads it, for the request log.
      const notes: string[] = [];
      // A parameter the operation does not document is ignored, as a service may ignore it: said
      // in the request log (docs/behaviour.md, "Parameters").
      for (const problem of undocumentedProblems(
        op.operationId,
        op.queryNames,
        Object.keys(query),
        op.bodyProperties,
      )) {
        notes.push(`${problem.path} ${problem.message}; ignored`);
      }
      for (const name of Object.keys(query)) if (!op.queryNames.has(name)) delete query[name];
      // Refused before Ajv sees them: Ajv turns "Infinity" into a number that passes integer and
      // range checks, reads numbers as Number() does (0x10, 1e2 and " 3 " pass), and calls a
      // parameter given twice (a list) only the wrong type.
      const early: Problem[] = [];
      for (const name of op.numericQuery) {
        const value = query[name];
        if (typeof value !== 'string') continue;
        if (Math.abs(Number(value)) === Infinity) {
          early.push({ path: `query.${name}`, message: 'must be a finite number' });
        } else if (!DECIMAL.test(value)) {
          early.push({
            path: `query.${name}`,
            message: `must be a number in decimal digits, such as 20 (got "${value}")`,
          });
        }
      }
      // Ajv takes only "true" and "false" here: any other text ("TRUE", "1", "") is read as a flag,
      // as a service may read it, and the request log says how (docs/behaviour.md, "Parameters").
      for (const { name, trueWords } of op.booleanQuery) {
        const value = query[name];
        if (typeof value === 'string' && value !== 'true' && value !== 'false') {
          const read = trueWords.includes(value.trim().toLowerCase());
          query[name] = String(read);
          notes.push(`query.${name}=${shown(value)} read as ${read}`);
        }
      }
      early.push(...repeatedQuery(query, op.listQuery));
      early.push(...jsonQueryProblems(query, op.jsonQuery));
      if (parts.body !== undefined) early.push(...givenWithBody(query, op.withoutBody));
      const data = { params, query };
      const parameters = op.parameters();
      const valid = parameters(data);
      if (early.length > 0 || !valid) {
        // Every problem at once, in the order of the query: those found above, then Ajv's others.
        const found = new Set(early.map((p) => p.path));
        const ajv = valid
          ? { problems: [], unlisted: { count: 0, exact: true } }
          : problemsOf(parameters.errors, '');
        const others = ajv.problems
          .filter((p) => !found.has(p.path))
          .map((p) => asSent(p, parts.query, op.numericQuery));
        const order = Object.keys(query).map((name) => `query.${name}`);
        const rank = (p: Problem) => (order.includes(p.path) ? order.indexOf(p.path) : -1);
        const problems = [...early, ...others].sort((a, b) => rank(a) - rank(b));
        throw invalid(problems, ajv.unlisted);
      }
      if (op.body) checkBody(parts, op.body, op.operationId, op.bodyParsers);
      if (op.openBody) notes.push(...undocumentedBodyNotes(op, parts.body));
      return { ...data, notes };
    },
  };
}
