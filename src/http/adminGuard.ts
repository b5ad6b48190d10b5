// The admin endpoints are answered by express routes of their own, not by the pipeline; this holds
// them to what openapi.yaml documents of them, as the pipeline holds the service's operations.
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { badRequest } from '../domain/errors.js';
import { apiDocument } from '../generated/apiDocument.js';
import { OperationTable } from '../openapi/operations.js';
import { MethodNotAllowed } from '../domain/errors.js';
import { invalid, repeatedQuery, undocumentedQuery } from '../openapi/validator.js';

/**
 * Refuses, before an admin route runs, a method its path does not document (405 with Allow) and a
 * query parameter it does not document (400 naming those it does), one given twice, or a body where it
 * documents none. `POST /__admin/reset?tenantId=x` reset every tenant, which the parameter seemed to
 * say it would not. Paths openapi.yaml does not
 * document (health, the reference page) pass.
 */
export function adminGuard(): RequestHandler {
  const table = new OperationTable(apiDocument, '', true);
  return (req, _res, next) => {
    if (req.method === 'OPTIONS') return next();
    const path = req.originalUrl.split('?')[0] ?? '';
    const found = table.resolve(req.method, path);
    if (!found) return next();
    if (!found.operation) throw new MethodNotAllowed(req.method, path, found.allow);
    const { operationId, parameters } = found.operation;
    const documented = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
    const undocumented = undocumentedQuery(operationId, documented, Object.keys(req.query));
    if (undocumented) throw undocumented;
    // A body an operation does not document would be ignored: `POST /__admin/reset` with
    // {"tenantId": "acme"} reset every tenant, and `DELETE /__admin/faults` with a rule's id in the
    // body removed every rule.
    if (!found.operation.requestBody && hasBody(req.headers)) {
      throw badRequest(
        `${req.method} ${path} takes no body (${operationId} acts on what its path names, and would ignore it); send it without one`,
      );
    }
    // No admin parameter is a list: `?method=GET&method=POST` had listed the GETs alone.
    const repeated = repeatedQuery(req.query);
    if (repeated.length > 0) throw invalid(repeated);
    next();
  };
}

/** Whether a request carries a body: a length above 0, or one sent in chunks. */
function hasBody(headers: IncomingHttpHeaders): boolean {
  return Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
}
