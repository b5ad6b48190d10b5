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
import { existing } from '../domain/lists.js';
import { dataAnswer } from '../pipeline/answers.js';
import {
  emptyBatch,
  scopeKeyOf,
  type OperationCall,
  type OperationHandlers,
  type RouteContext,
} from './context.js';

/**
 * Product writes: merge push, overwrite push, update, delete, detach (docs/behaviour.md,
 * "POST /products-push (merge push)", "POST /products/push (overwrite push)", "PATCH /products" and
 * "DELETE /products and detach").
 */
export function productWriteOperations(ctx: RouteContext): OperationHandlers {
  /** Plans the whole batch (throwing before any write), stores it, and answers once it is durable. */
  const write =
    <T>(plan: (lookup: Lookup, data: T[], call: OperationCall) => BatchPlan) =>
    async (call: OperationCall) => {
      const { data } = call.body as { data: T[] };
      const empty = emptyBatch(call, data);
      if (empty) return empty;
      const results = await ctx.store.write(scopeKeyOf(call), (scope) => {
        const { writes, results } = plan((id) => scope.product(id), data, call);
        return { change: { products: writes }, result: results };
      });
      return dataAnswer(results);
    };

  return {
    pushProducts: write<CatalogProduct>(planMergePush),
    overwriteProducts: write<CatalogProduct>(planOverwrite),
    updateProducts: write<CatalogProduct>(planUpdate),
    detachProducts: write<string>((lookup, ids, call) =>
      planDetach(lookup, ids, call.params.spaceId as string),
    ),

    deleteProducts: async (call) => {
      const ids = (call.body as { data: string[] }).data;
      const empty = emptyBatch(call, ids);
      if (empty) return empty;
      const existed = await ctx.store.write(scopeKeyOf(call), (scope) => {
        const existed = existing(ids, (id) => scope.product(id) !== undefined);
        return { change: { deletedProducts: ids.filter((_, i) => existed[i]) }, result: existed };
      });
      return dataAnswer(deleteResults(ids, existed));
    },
  };
}
