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
import { dataAnswer } from '../pipeline/answers.js';
import { scopeOf, type OperationCall, type OperationHandlers, type RouteContext } from './context.js';

/** Product writes: merge push, overwrite push, update, delete, detach (behaviour.md sections 5 to 8). */
export function productWriteOperations(ctx: RouteContext): OperationHandlers {
  /** Plans the whole batch (throwing before any write), stores it, and answers once it is durable. */
  const write =
    <T>(plan: (lookup: Lookup, data: T[], call: OperationCall) => BatchPlan) =>
    async (call: OperationCall) => {
      const scope = scopeOf(ctx, call);
      const { data } = call.body as { data: T[] };
      const { writes, results } = plan((id) => scope.product(id), data, call);
      scope.putProducts(writes);
      await ctx.store.commit();
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
      const scope = scopeOf(ctx, call);
      const ids = (call.body as { data: string[] }).data;
      const existed = scope.deleteProducts(ids);
      await ctx.store.commit();
      return dataAnswer(deleteResults(ids, existed));
    },
  };
}
