import { notFound } from '../domain/errors.js';
import { holderOf, planVariantUpdates, variantInfo } from '../domain/variants.js';
import type { VariantUpdateFields } from '../domain/types.js';
import { sendData } from '../http/respond.js';
import { scopeKeyOf, scopeOf, type OperationHandlers, type RouteContext } from './context.js';

/** Variant lookup and variant-level update (docs/behaviour.md, "Variants"). */
export function variantOperations(ctx: RouteContext): OperationHandlers {
  return {
    getVariant: (req, res) => {
      const productId = req.params.productId as string;
      const product = holderOf(scopeOf(ctx, req, res).productsByVariant(productId));
      const variant = product?.variants?.find((v) => v.productId === productId);
      if (!product || !variant) throw notFound(`No product has a variant with productId "${productId}"`);
      sendData(res, variantInfo(product, variant));
    },

    updateVariants: async (req, res) => {
      const body = req.body as { data: VariantUpdateFields[]; upsertSpaceIds?: boolean };
      // The body's flag wins over the query's (a boolean once validated).
      const upsert = body.upsertSpaceIds ?? (req.query.upsertSpaceIds as unknown) === true;
      const results = await ctx.store.write(scopeKeyOf(ctx, req, res), (scope) => {
        const { writes, results } = planVariantUpdates(
          (productId) => scope.productsByVariant(productId),
          body.data,
          upsert,
        );
        return { change: { products: writes }, result: results };
      });
      sendData(res, results);
    },
  };
}
