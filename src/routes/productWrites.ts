import { Router } from 'express';
import type { RouteContext } from './context.js';

/** Product writes: merge push, overwrite push, update, delete, detach. */
export function productWriteRoutes(_ctx: RouteContext): Router {
  return Router();
}
