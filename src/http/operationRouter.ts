import type { RequestHandler } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationHandlers } from '../routes/context.js';
import { notFoundHandler } from './errors.js';
import { OperationTable } from './operations.js';
import { requestValidator } from './validator.js';

/**
 * Routes scoped requests by openapi.yaml: the document's path templates find the operation, the
 * request is validated against it, and the handler registered under its operationId answers.
 * Every documented operation must have a handler and every handler an operation, checked at start.
 */
export function operationRouter(doc: OpenAPIV3.Document, handlers: OperationHandlers): RequestHandler {
  const table = new OperationTable(doc);
  const documented = new Set(table.operations.map((op) => op.operationId));
  const missing = [...documented].filter((id) => !Object.hasOwn(handlers, id));
  const extra = Object.keys(handlers).filter((id) => !documented.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `Handlers do not match openapi.yaml: without a handler: ${missing.join(', ') || 'none'}; ` +
        `not documented: ${extra.join(', ') || 'none'}`,
    );
  }
  const validate = requestValidator(table);
  return (req, res, next) => {
    const operationId = validate(req, res);
    if (operationId === undefined) return notFoundHandler(req, res, next);
    return (handlers[operationId] as OperationHandlers[string])(req, res);
  };
}
