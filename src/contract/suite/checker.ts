// Checks one HTTP exchange against openapi.yaml: a documented status, and a body its schema accepts.
import type { OpenAPIV3 } from 'openapi-types';
import { OperationTable, type DocumentedOperation } from '../../openapi/operations.js';
import { withoutGiven } from '../../domain/given.js';
import { loadSchemaValidator, type SchemaValidator } from '../../openapi/schemas.js';

/** Every documented path starts with this; the target's base URL stands for it. */
export const SCOPE_TEMPLATE = '/{tenantId}/{environment}';

interface Exchange {
  method: string;
  /** Relative to the base URL; a query string is ignored. */
  path: string;
  status: number;
  contentType?: string | null;
  body: unknown;
}

export interface Checker {
  /** The documented operation for method + path, preferring literal segments over parameters. */
  operation(method: string, path: string): DocumentedOperation | undefined;
  /** What is wrong with the exchange according to openapi.yaml; empty when it conforms. */
  check(exchange: Exchange): string[];
}

function jsonSchemaOf(response: OpenAPIV3.ResponseObject): object | undefined {
  const content = response.content ?? {};
  const json = Object.entries(content).find(([type]) => type.includes('json'));
  return json?.[1].schema;
}

/**
 * One problem for each that repeats in the elements of arrays (a field missing from every product of
 * a list): its path with `*` for the indexes, the number of places and the first of them. Listed
 * one by one, a page of 20 products filled the report with one problem. The validator gives each
 * problem once per place, so a field two parts of an `allOf` both check is not counted "at 2 places".
 * Places that gave different values break the same rule: folded, a problem says the rule without
 * the value (" (got 5)") of each.
 */
function repeatsFolded(problems: readonly { path: string; message: string }[]) {
  const groups = new Map<string, { path: string; message: string; first: string; count: number }>();
  for (const { path, message } of problems) {
    const pattern = path.replace(/\/\d+(?=\/|$)/g, '/*');
    const key = `${pattern} ${withoutGiven(message)}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { path: pattern, message, first: path, count: 1 });
  }
  return [...groups.values()].map(({ path, message, first, count }) =>
    count === 1
      ? { path: first, message }
      : { path, message: `${withoutGiven(message)} (at ${count} places, the first body${first})` },
  );
}

const FOLDED = / \(at (\d+) places, the first body\S*\)$/;

/**
 * The rule a problem of check() breaks, whatever the answer it was found in: its path with `*` for
 * the indexes, without the value given and the count repeatsFolded adds. A test that reads a product twice, with two
 * prices and then three, meets one rule, not "at 2 places" and "at 3 places" as two.
 */
export function ruleOf(problem: string): string {
  return withoutGiven(problem.replace(FOLDED, '')).replace(/\/\d+(?=\/|\s|$)/g, '/*');
}

/** At how many places of its answer a problem of check() was found. */
export function placesOf(problem: string): number {
  return Number(FOLDED.exec(problem)?.[1] ?? 1);
}

/**
 * An error body's `status` repeats the HTTP status of its answer (docs/behaviour.md, "Errors"): a
 * client that reads the body alone (a logged error, a retry decision) must see the status it got. A
 * schema can say only that it is an integer, so the checker compares the two itself, on every
 * answer of 400 and above whose documented body has a `status`.
 */
function statusEchoProblem(schema: object, ex: Exchange): string | undefined {
  if (ex.status < 400) return undefined;
  const properties = (schema as { properties?: Record<string, unknown> }).properties;
  if (!properties || !('status' in properties)) return undefined;
  const echoed = (ex.body as { status?: unknown } | null)?.status;
  // a missing or mistyped status is the schema's to report
  if (typeof echoed !== 'number' || echoed === ex.status) return undefined;
  return `body/status is ${echoed}, but the answer's HTTP status is ${ex.status}: it must repeat it`;
}

export function createChecker(validator: SchemaValidator): Checker {
  const table = new OperationTable(validator.document, SCOPE_TEMPLATE);

  const operation = (method: string, path: string): DocumentedOperation | undefined =>
    table.resolve(method, path.split('?')[0] ?? path)?.operation;

  const check = (ex: Exchange): string[] => {
    const op = operation(ex.method, ex.path);
    if (!op)
      return [`openapi.yaml documents no operation ${ex.method.toUpperCase()} ${ex.path.split('?')[0]}`];
    const listed = Object.keys(op.responses);
    // Each status on its own: a `default` response would let any undocumented status through.
    const response = op.responses[String(ex.status)] as OpenAPIV3.ResponseObject | undefined;
    if (!response) {
      return [
        `status ${ex.status} is not documented for ${op.operationId} (documented: ${listed.join(', ')})`,
      ];
    }
    const schema = jsonSchemaOf(response);
    if (!schema) return [];
    if (!ex.contentType?.includes('json')) {
      return [
        `${op.operationId} ${ex.status} must answer JSON, got content-type ${ex.contentType ?? 'none'}`,
      ];
    }
    const problems = repeatsFolded(validator.check(schema, ex.body)).map(
      (p) => `${op.operationId} ${ex.status} body${p.path === '/' ? '' : p.path} ${p.message}`,
    );
    const echoed = statusEchoProblem(schema, ex);
    return echoed ? [...problems, `${op.operationId} ${ex.status} ${echoed}`] : problems;
  };

  return { operation, check };
}

let shared: Promise<Checker> | undefined;

/** One checker per test file (the document is dereferenced once). */
export function loadChecker(): Promise<Checker> {
  shared ??= loadSchemaValidator().then(createChecker);
  return shared;
}
