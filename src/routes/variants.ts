import { Router } from 'express';
import type { RouteContext } from './context.js';

/** Variant lookup and variant-level update. */
export function variantRoutes(_ctx: RouteContext): Router {
  return Router();
}
