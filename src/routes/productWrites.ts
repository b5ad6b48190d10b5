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
import { sendData } from '../http/respond.js';
import { scopeOf, type OperationHandlers, type RouteContext } from './context.js';

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
      const scope = scopeOf(ctx, req, res);
      const { data } = req.body as { data: T[] };
      const { writes, results } = plan((id) => scope.product(id), data, req);
      scope.putProducts(writes);
      await ctx.store.commit();
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
      const scope = scopeOf(ctx, req, res);
      const ids = (req.body as { data: string[] }).data;
      const existed = scope.deleteProducts(ids);
      await ctx.store.commit();
      sendData(res, deleteResults(ids, existed));
    },
  };
}
