import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OpenAPIV3 } from 'openapi-types';
import type { OperationHandler, OperationHandlers } from '../routes/context.js';
import type { Authorizer } from './auth.js';
import { notFoundHandler } from './errors.js';
import { OperationTable } from './operations.js';
import { requestValidator, type ResolvedRequest } from './validator.js';

/** What runs once a request has found its operation: the token, then (for operations with a body) reading the body, then screening it. */
export interface RequestSteps {
  authorize: Authorizer;
  readBody: RequestHandler;
  guard: RequestHandler;
}

/**
 * Routes scoped requests by openapi.yaml: the document's path templates find the operation, the
 * request is validated against it, and the handler registered under its operationId answers.
 * Every documented operation must have a handler and every handler an operation, checked at start.
 * One middleware for all of it, and the body parser only for operations that take a body: each
 * express layer a request passes allocates, and those allocations were much of a read's cost
 * (docs/performance.md, "One middleware per request").
 */
export function operationRouter(
  doc: OpenAPIV3.Document,
  handlers: OperationHandlers,
  steps: RequestSteps,
): RequestHandler {
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
  const validator = requestValidator(table);

  const answer = (req: Request, res: Response, next: NextFunction, resolved: ResolvedRequest) => {
    try {
      validator.check(req, resolved);
      const pending = (handlers[resolved.op.operationId] as OperationHandler)(req, res);
      if (pending) pending.catch(next);
    } catch (err) {
      next(err);
    }
  };

  return (req, res, next) => {
    let resolved: ResolvedRequest | undefined;
    try {
      resolved = validator.resolve(req, res);
    } catch (err) {
      return next(err);
    }
    // A path the document lacks is a 404 whatever the token (a stray /docs asset, a typo).
    if (!resolved) return notFoundHandler(req, res, next);
    const found = resolved;
    const denied = steps.authorize(req, found.params.tenantId, found.op.operationId);
    if (denied) return next(denied);
    const screen = () =>
      steps.guard(req, res, (unsafe?: unknown) => (unsafe ? next(unsafe) : answer(req, res, next, found)));
    if (!found.op.body) return screen();
    steps.readBody(req, res, (unreadable?: unknown) => (unreadable ? next(unreadable) : screen()));
  };
}
