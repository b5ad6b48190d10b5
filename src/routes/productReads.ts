import { Router } from 'express';
import { notFound } from '../domain/errors.js';
import { sendData } from '../http/respond.js';
import { scopeOf, type RouteContext } from './context.js';

const BASE = '/:tenantId/:environment';

/** Product reads: list, get by id, barcode, search, recommendations. */
export function productReadRoutes(ctx: RouteContext): Router {
  const router = Router();

  router.get(`${BASE}/products/:productGroupId`, (req, res) => {
    const product = scopeOf(ctx, req, res).product(req.params.productGroupId as string);
    if (!product) throw notFound(`Product "${req.params.productGroupId}" not found`);
    sendData(res, product);
  });

  return router;
}
