import { notFound } from '../domain/errors.js';
import { holderOf, planVariantUpdates, variantInfo } from '../domain/variants.js';
import type { VariantUpdateFields } from '../domain/types.js';
import { dataAnswer } from '../pipeline/answers.js';
import { emptyBatch, scopeKeyOf, scopeOf, type OperationHandlers, type RouteContext } from './context.js';
import { shown } from '../domain/given.js';

/** Variant lookup and variant-level update (docs/behaviour.md, "Variants"). */
export function variantOperations(ctx: RouteContext): OperationHandlers {
  return {
    getVariant: (call) => {
      const productId = call.params.productId as string;
      const product = holderOf(scopeOf(ctx, call).productsByVariant(productId));
      const variant = product?.variants?.find((v) => v.productId === productId);
      if (!product || !variant) throw notFound(`No product has a variant with productId ${shown(productId)}`);
      return dataAnswer(variantInfo(product, variant));
    },

    updateVariants: async (call) => {
      const body = call.body as { data: VariantUpdateFields[]; upsertSpaceIds?: boolean };
      // The body's flag wins over the query's (a boolean once validated).
      const upsert = body.upsertSpaceIds ?? (call.query.upsertSpaceIds as unknown) === true;
      const empty = emptyBatch(call, body.data);
      if (empty) return empty;
      const results = await ctx.store.write(scopeKeyOf(call), (scope) => {
        const { writes, results } = planVariantUpdates(
          (productId) => scope.productsByVariant(productId),
          body.data,
          upsert,
        );
        return { change: { products: writes }, result: results };
      });
      return dataAnswer(results);
    },
  };
}
