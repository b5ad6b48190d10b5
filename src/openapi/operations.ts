import type { OpenAPIV3 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One documented operation, with its parameters (path-level ones merged in). */
export interface DocumentedOperation {
  operationId: string;
  /** Upper case, e.g. GET. */
  method: string;
  /** The path template as documented, less the table's base, e.g. /products/{productGroupId}. */
  template: string;
  /** Names of the template's parameters, in order. */
  pathParams: string[];
  parameters: OpenAPIV3.ParameterObject[];
  requestBody?: OpenAPIV3.RequestBodyObject;
  responses: OpenAPIV3.ResponsesObject;
  /** A read: GET, or an operation marked `x-safe: true` (a read whose parameters travel in a body). */
  safe: boolean;
}

/** Where a method and path lead: an operation, or a documented path that lacks the method. */
export type Resolution =
  { operation: DocumentedOperation; rawParams: string[] } | { operation?: undefined; allow: string[] };

interface DocumentedPath {
  pattern: RegExp;
  segments: string[];
  byMethod: Map<string, DocumentedOperation>;
}

/** The mock's own endpoints are documented too, but answered by their own routes (src/http/workbenchRoutes.ts). */
export const isAdminPath = (path: string): boolean => path.startsWith('/__admin/');

const isParam = (segment: string): boolean => /^\{[^}]+\}$/.test(segment);
const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Literal segments before parameters, position by position: /products/push wins over /products/{id}. */
function bySpecificity(a: DocumentedPath, b: DocumentedPath): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const diff = Number(isParam(a.segments[i] as string)) - Number(isParam(b.segments[i] as string));
    if (diff !== 0) return diff;
  }
  return b.segments.length - a.segments.length;
}

/** Operation parameters override path-level ones of the same name and location (OpenAPI 3.0). */
function mergedParameters(
  pathLevel: OpenAPIV3.PathItemObject['parameters'],
  own: OpenAPIV3.OperationObject['parameters'],
): OpenAPIV3.ParameterObject[] {
  const merged = new Map<string, OpenAPIV3.ParameterObject>();
  for (const p of [...(pathLevel ?? []), ...(own ?? [])] as OpenAPIV3.ParameterObject[]) {
    merged.set(`${p.in}:${p.name}`, p);
  }
  return [...merged.values()];
}

/**
 * The documented operations of a dereferenced document, matched the way express routes by default
 * (case-insensitive, optional trailing slash), the most specific path first. `base` is a template
 * prefix to drop (e.g. /{tenantId}/{environment}); paths outside it are left out.
 */
export class OperationTable {
  readonly operations: DocumentedOperation[] = [];
  readonly #paths: DocumentedPath[] = [];

  /** `admin`: the table of the mock's own endpoints (/__admin) instead of the service's. */
  constructor(doc: OpenAPIV3.Document, base = '', admin = false) {
    for (const [fullPath, item] of Object.entries(doc.paths ?? {})) {
      if (!item || !fullPath.startsWith(base) || isAdminPath(fullPath) !== admin) continue;
      const template = fullPath.slice(base.length);
      const segments = template.split('/').filter(Boolean);
      const pattern = new RegExp(
        '^/' + segments.map((s) => (isParam(s) ? '([^/]+)' : escapeRegExp(s))).join('/') + '/?$',
        'i',
      );
      const pathParams = segments.filter(isParam).map((s) => s.slice(1, -1));
      const byMethod = new Map<string, DocumentedOperation>();
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const operation: DocumentedOperation = {
          operationId: op.operationId ?? `${method.toUpperCase()} ${template}`,
          method: method.toUpperCase(),
          template,
          pathParams,
          parameters: mergedParameters(item.parameters, op.parameters),
          requestBody: op.requestBody as OpenAPIV3.RequestBodyObject | undefined,
          responses: op.responses,
          safe: method === 'get' || (op as { 'x-safe'?: unknown })['x-safe'] === true,
        };
        byMethod.set(operation.method, operation);
        this.operations.push(operation);
      }
      this.#paths.push({ pattern, segments, byMethod });
    }
    this.#paths.sort(bySpecificity);
  }

  /**
   * The operation for method and path (no query string): the most specific documented path that
   * has the method, so GET /products/push reads the product "push" while POST pushes. When no
   * matching path has the method: every method the path allows. Undefined: no such path.
   */
  resolve(method: string, path: string): Resolution | undefined {
    const upper = method.toUpperCase();
    // HEAD is GET without the body, as express answers it.
    const wanted = upper === 'HEAD' ? 'GET' : upper;
    const allow = new Set<string>();
    for (const documented of this.#paths) {
      const match = documented.pattern.exec(path);
      if (!match) continue;
      const operation = documented.byMethod.get(wanted);
      if (operation) return { operation, rawParams: match.slice(1) };
      for (const m of documented.byMethod.keys()) {
        allow.add(m);
        // A path that answers GET answers HEAD too (above), so Allow says so (RFC 9110, 9.3.2).
        if (m === 'GET') allow.add('HEAD');
      }
    }
    return allow.size > 0 ? { allow: [...allow] } : undefined;
  }
}
