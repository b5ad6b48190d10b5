// Checks one HTTP exchange against openapi.yaml: a documented status, and a body its schema accepts.
import type { OpenAPIV3 } from 'openapi-types';
import { loadSchemaValidator, type SchemaValidator } from '../../src/schemas.js';

/** Every documented path starts with this; the target's base URL stands for it. */
const SCOPE_TEMPLATE = '/{tenantId}/{environment}';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation {
  operationId: string;
  method: string;
  /** Path template relative to the base URL, e.g. /products/{productGroupId}. */
  template: string;
  responses: OpenAPIV3.ResponsesObject;
}

export interface Exchange {
  method: string;
  /** Relative to the base URL; a query string is ignored. */
  path: string;
  status: number;
  contentType?: string | null;
  body: unknown;
}

export interface Checker {
  /** The documented operation for method + path, preferring literal segments over parameters. */
  operation(method: string, path: string): Operation | undefined;
  /** What is wrong with the exchange according to openapi.yaml; empty when it conforms. */
  check(exchange: Exchange): string[];
}

interface Compiled extends Operation {
  pattern: RegExp;
  literalSegments: number;
}

function compile(doc: OpenAPIV3.Document): Compiled[] {
  const ops: Compiled[] = [];
  for (const [fullPath, item] of Object.entries(doc.paths ?? {})) {
    if (!item || !fullPath.startsWith(SCOPE_TEMPLATE)) continue;
    const template = fullPath.slice(SCOPE_TEMPLATE.length);
    const segments = template.split('/').filter(Boolean);
    const pattern = new RegExp(
      '^/' +
        segments
          .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')))
          .join('/') +
        '/?$',
    );
    const literalSegments = segments.filter((s) => !s.startsWith('{')).length;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      ops.push({
        operationId: op.operationId ?? `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        responses: op.responses,
        pattern,
        literalSegments,
      });
    }
  }
  return ops;
}

function jsonSchemaOf(response: OpenAPIV3.ResponseObject): object | undefined {
  const content = response.content ?? {};
  const json = Object.entries(content).find(([type]) => type.includes('json'));
  return json?.[1].schema;
}

export function createChecker(validator: SchemaValidator): Checker {
  const ops = compile(validator.document);

  const operation = (method: string, path: string): Operation | undefined => {
    const bare = path.split('?')[0] ?? path;
    return ops
      .filter((op) => op.method === method.toUpperCase() && op.pattern.test(bare))
      .sort((a, b) => b.literalSegments - a.literalSegments)[0];
  };

  const check = (ex: Exchange): string[] => {
    const op = operation(ex.method, ex.path);
    if (!op)
      return [`openapi.yaml documents no operation ${ex.method.toUpperCase()} ${ex.path.split('?')[0]}`];
    const listed = Object.keys(op.responses);
    const response = (op.responses[String(ex.status)] ?? op.responses.default) as
      OpenAPIV3.ResponseObject | undefined;
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
    return validator
      .check(schema, ex.body)
      .map((p) => `${op.operationId} ${ex.status} body${p.path === '/' ? '' : p.path} ${p.message}`);
  };

  return { operation, check };
}

let shared: Promise<Checker> | undefined;

/** One checker per test file (the document is dereferenced once). */
export function loadChecker(): Promise<Checker> {
  shared ??= loadSchemaValidator().then(createChecker);
  return shared;
}
