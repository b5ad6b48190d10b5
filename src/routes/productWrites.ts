import type { Request, Response } from 'express';
import {
  deleteResults,
  planDetach,
  planMergePush,
  planOverwrite,
  planUpdate,
  type BatchPlan,
  type Lookup,
} from '../domain/productWrites.js';
import type { CatalogProduct } from '../domain/types.js';
import { existing } from '../domain/idList.js';
import { sendData } from '../http/respond.js';
import { scopeKeyOf, type OperationHandlers, type RouteContext } from './context.js';

/**
 * Product writes: merge push, overwrite push, update, delete, detach (docs/behaviour.md,
 * "POST /products-push (merge push)", "POST /products/push (overwrite push)", "PATCH /products" and
 * "DELETE /products and detach").
 */
export function productWriteOperations(ctx: RouteContext): OperationHandlers {
  /** Plans the whole batch (throwing before any write), stores it, and answers once it is durable. */
  const write =
    <T>(plan: (lookup: Lookup, data: T[], req: Request) => BatchPlan) =>
    async (req: Request, res: Response) => {
      const { data } = req.body as { data: T[] };
      const results = await ctx.store.write(scopeKeyOf(ctx, req, res), (scope) => {
        const { writes, results } = plan((id) => scope.product(id), data, req);
        return { change: { products: writes }, result: results };
      });
      sendData(res, results);
    };

  return {
    pushProducts: write<CatalogProduct>(planMergePush),
    overwriteProducts: write<CatalogProduct>(planOverwrite),
    updateProducts: write<CatalogProduct>(planUpdate),
    detachProducts: write<string>((lookup, ids, req) =>
      planDetach(lookup, ids, req.params.spaceId as string),
    ),

    deleteProducts: async (req, res) => {
      const ids = (req.body as { data: string[] }).data;
      const existed = await ctx.store.write(scopeKeyOf(ctx, req, res), (scope) => {
        const existed = existing(ids, (id) => scope.product(id) !== undefined);
        return { change: { deletedProducts: ids.filter((_, i) => existed[i]) }, result: existed };
      });
      sendData(res, deleteResults(ids, existed));
    },
  };
}
