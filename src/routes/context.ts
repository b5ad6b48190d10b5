import type { Request, Response } from 'express';
import type { Scope } from '../store/scope.js';
import type { ScopeKey, Store } from '../store/store.js';

/** What every route gets: the store, and the region of this request's prefix. */
export interface RouteContext {
  store: Store;
  defaultRegion: string;
}

/**
 * What answers one documented operation. The request has been validated against openapi.yaml:
 * req.params holds the decoded path parameters, req.query the coerced query.
 */
export type OperationHandler = (req: Request, res: Response) => void | Promise<void>;

/** Handlers by openapi.yaml operationId. */
export type OperationHandlers = Record<string, OperationHandler>;

/** The scope a request addresses: (region of its prefix, tenantId, environment). */
export function scopeKeyOf(ctx: RouteContext, req: Request, res: Response): ScopeKey {
  return {
    region: (res.locals.region as string | undefined) ?? ctx.defaultRegion,
    tenantId: String(req.params.tenantId),
    environment: String(req.params.environment),
  };
}

/** The scope a request reads. */
export function scopeOf(ctx: RouteContext, req: Request, res: Response): Scope {
  return ctx.store.scope(scopeKeyOf(ctx, req, res));
}
