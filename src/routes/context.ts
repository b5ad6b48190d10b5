import type { Request, Response } from 'express';

export type { OperationHandler, OperationHandlers } from '../http/operationRouter.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';

/** What every route gets: the store, and the region of this request's prefix. */
export interface RouteContext {
  store: Store;
  defaultRegion: string;
}

/** The scope a request addresses: (region of its prefix, tenantId, environment). */
export function scopeOf(ctx: RouteContext, req: Request, res: Response): Scope {
  return ctx.store.scope({
    region: (res.locals.region as string | undefined) ?? ctx.defaultRegion,
    tenantId: String(req.params.tenantId),
    environment: String(req.params.environment),
  });
}
