import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Request, Response } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import { ApiError } from '../domain/errors.js';
import { readablePath } from '../readablePath.js';
import { requestedPath } from './errors.js';
import { openApiAjv } from '../schemas.js';
import type { DocumentedOperation, OperationTable } from './operations.js';

type Problem = { path: string; message: string };

/** What one operation checks, compiled once at start-up. */
export interface CompiledOperation {
  operationId: string;
  pathParams: string[];
  queryNames: ReadonlySet<string>;
  /** Query parameters documented as numbers or integers. */
  numericQuery: string[];
  /** Checks (and coerces, and fills defaults into) { params, query }. */
  parameters: ValidateFunction;
  body?: { required: boolean; validate: ValidateFunction };
}

const JSON_TYPE = 'application/json';

function locationSchema(params: OpenAPIV3.ParameterObject[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** Ajv errors as items a person can act on: "body.data[0].productName", "must be array". */
function problemsOf(errors: ErrorObject[] | null | undefined, prefix: string): Problem[] {
  return (errors ?? []).map((e) => {
    const property = (e.params as { missingProperty?: string; additionalProperty?: string }) ?? {};
    const leaf = property.missingProperty ?? property.additionalProperty;
    const path = readablePath(prefix + e.instancePath + (leaf === undefined ? '' : `/${leaf}`));
    // `not: {}` marks a field that may not be sent at all (spaceIds on a merge push).
    if (e.keyword === 'not') return { path, message: 'may not be sent' };
    // null or a scalar where a list belongs: the way to empty a list is [].
    if (e.keyword === 'type' && (e.params as { type?: string }).type === 'array') {
      return { path, message: 'must be an array (send [] to clear it)' };
    }
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    const message = e.message ?? 'is invalid';
    return { path, message: allowed ? `${message}: ${allowed.join(', ')}` : message };
  });
}

const invalid = (problems: Problem[]): ApiError =>
  new ApiError(400, problems.map((p) => `${p.path} ${p.message}`).join('; '), problems);

function compileOperations(table: OperationTable): Map<DocumentedOperation, CompiledOperation> {
  // Path and query values arrive as text: coerced to the documented types; bodies are JSON, not coerced.
  // Every problem is reported, not just the first: a person fixes a request once.
  const paramsAjv = openApiAjv({ coerceTypes: true, useDefaults: true, allErrors: true });
  const bodyAjv = openApiAjv({ useDefaults: true, allErrors: true });
  const compiled = new Map<DocumentedOperation, CompiledOperation>();
  for (const op of table.operations) {
    const unsupported = op.parameters.find((p) => p.in !== 'path' && p.in !== 'query');
    if (unsupported) {
      throw new Error(`${op.operationId}: ${unsupported.in} parameters are not validated by this server`);
    }
    const query = op.parameters.filter((p) => p.in === 'query');
    const bodySchema = op.requestBody?.content[JSON_TYPE]?.schema;
    compiled.set(op, {
      operationId: op.operationId,
      pathParams: op.pathParams,
      queryNames: new Set(query.map((p) => p.name)),
      numericQuery: query
        .filter((p) => ['integer', 'number'].includes(String((p.schema as { type?: unknown })?.type)))
        .map((p) => p.name),
      parameters: paramsAjv.compile({
        type: 'object',
        properties: {
          params: locationSchema(op.parameters.filter((p) => p.in === 'path')),
          query: locationSchema(query),
        },
      }),
      body: bodySchema && {
        required: op.requestBody?.required ?? false,
        validate: bodyAjv.compile(bodySchema),
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

const mediaType = (header: string): string => (header.split(';')[0] ?? '').trim().toLowerCase();

function checkBody(req: Request, body: NonNullable<CompiledOperation['body']>): void {
  const type = req.headers['content-type'];
  if (type && mediaType(type) !== JSON_TYPE) {
    throw new ApiError(415, `Content-Type ${type} is not accepted here; send a JSON body as ${JSON_TYPE}`);
  }
  if (req.body === undefined) {
    if (body.required)
      throw new ApiError(400, `A JSON request body is required (Content-Type: ${JSON_TYPE})`);
    return;
  }
  if (!body.validate(req.body)) throw invalid(problemsOf(body.validate.errors, '/body'));
}

/** A request matched to its documented operation, with its path parameters decoded; not yet checked. */
export interface ResolvedRequest {
  op: CompiledOperation;
  params: Record<string, string>;
}

export interface RequestValidator {
  /**
   * The documented operation a request reaches; undefined when no documented path matches. A
   * known path without the method throws a 405 that lists, and sets in Allow, the methods it has;
   * a path parameter that is not valid percent-encoding, a 400.
   */
  resolve(req: Request, res: Response): ResolvedRequest | undefined;
  /**
   * Checks the request against its operation. A valid one gets its decoded path parameters as
   * `req.params` and its coerced query (numbers, booleans, defaults filled in) as `req.query`;
   * an invalid one throws an ApiError that names the problem.
   */
  check(req: Request, resolved: ResolvedRequest): void;
}

/**
 * Request validation compiled from openapi.yaml: one Ajv function per operation for its path and
 * query parameters and one for its body, built at start-up. Paths are matched as documented,
 * `/{tenantId}/{environment}/...`; under the two longer URL prefixes express strips the prefix first.
 */
export function requestValidator(table: OperationTable): RequestValidator {
  const compiled = compileOperations(table);
  return {
    resolve(req, res) {
      const resolution = table.resolve(req.method, req.path);
      if (!resolution) return undefined;
      if (!resolution.operation) {
        const allow = resolution.allow.join(', ');
        res.setHeader('Allow', allow);
        throw new ApiError(405, `${req.method} is not allowed on ${requestedPath(req)}; allowed: ${allow}`);
      }
      const op = compiled.get(resolution.operation) as CompiledOperation;
      return { op, params: decodedParams(op.pathParams, resolution.rawParams) };
    },

    check(req, { op, params }) {
      const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      const unknown = Object.keys(query).filter((name) => !op.queryNames.has(name));
      if (unknown.length > 0) {
        const documented = [...op.queryNames].join(', ') || 'none';
        throw invalid(
          unknown.map((name) => ({
            path: `query.${name}`,
            message: `is not a query parameter of ${op.operationId} (documented: ${documented})`,
          })),
        );
      }
      // Ajv turns "Infinity" into a number that passes integer and range checks: refused first.
      const infinite = op.numericQuery.filter((name) => {
        const value = query[name];
        return typeof value === 'string' && Math.abs(Number(value)) === Infinity;
      });
      if (infinite.length > 0) {
        throw invalid(
          infinite.map((name) => ({ path: `query.${name}`, message: 'must be a finite number' })),
        );
      }
      const data = { params, query };
      if (!op.parameters(data)) throw invalid(problemsOf(op.parameters.errors, ''));
      if (op.body) checkBody(req, op.body);
      req.params = data.params;
      // express 5 parses req.query anew on every read, from a getter: the coerced copy replaces it.
      Object.defineProperty(req, 'query', {
        value: data.query,
        writable: true,
        configurable: true,
        enumerable: true,
      });
    },
  };
}
