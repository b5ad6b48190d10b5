import {
  batchPlanner,
  deleteResults,
  detachRule,
  mergePushRule,
  overwriteRule,
  planBatch,
  updateRule,
  type BatchRule,
} from '../domain/productWrites.js';
import type { CatalogProduct } from '../domain/types.js';
import { existing } from '../domain/lists.js';
import { dataAnswer } from '../pipeline/answers.js';
import { turnTaker } from '../pipeline/turns.js';
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
  /**
   * Plans the whole batch (throwing before any write), stores it, and answers once it is durable.
   * A large body's batch is planned in turns of the event loop, the writes of its scope given after
   * it waiting (Store.writeInTurns): the heaviest push allowed took one piece of 40 to 90 ms
   * (docs/performance.md, "Large request bodies").
   */
  const write =
    <T>(ruleOf: (call: OperationCall) => BatchRule<T>) =>
    async (call: OperationCall) => {
      const { data } = call.body as { data: T[] };
      const empty = emptyBatch(call, data);
      if (empty) return empty;
      const rule = ruleOf(call);
      if (!call.inTurns) {
        const results = await ctx.store.write(scopeKeyOf(call), (scope) => {
          const { writes, results } = planBatch((id) => scope.product(id), data, rule);
          return { change: { products: writes }, result: results };
        });
        return dataAnswer(results);
      }
      const results = await ctx.store.writeInTurns(
        scopeKeyOf(call),
        async (scope) => {
          const planner = batchPlanner((id) => scope.product(id), rule);
          const pause = turnTaker();
          for (const item of data) {
            planner.add(item);
            const paused = pause();
            if (paused) await paused;
          }
          const { writes, results } = planner.plan();
          return { change: { products: writes }, result: results };
        },
        turnTaker(),
      );
      return dataAnswer(results);
    };

  return {
    pushProducts: write<CatalogProduct>(() => mergePushRule),
    overwriteProducts: write<CatalogProduct>(() => overwriteRule),
    updateProducts: write<CatalogProduct>(() => updateRule),
    detachProducts: write<string>((call) => detachRule(call.params.spaceId as string)),

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
