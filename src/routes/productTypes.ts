import { existing, parseIdList } from '../domain/idList.js';
import { badRequest, notFound } from '../domain/errors.js';
import { deleteResult, selectProductTypes, upsertResponses } from '../domain/productTypes.js';
import type { ProductType } from '../domain/types.js';
import { sendData } from '../http/respond.js';
import { scopeKeyOf, scopeOf, type OperationHandlers, type RouteContext } from './context.js';

export function productTypeOperations(ctx: RouteContext): OperationHandlers {
  return {
    listProductTypes: (req, res) => {
      const scope = scopeOf(ctx, req, res);
      const ids = typeof req.query.ids === 'string' ? parseIdList(req.query.ids) : undefined;
      sendData(
        res,
        selectProductTypes(
          (id) => scope.productType(id),
          () => scope.productTypes(),
          ids,
        ),
      );
    },

    getProductType: (req, res) => {
      const type = scopeOf(ctx, req, res).productType(req.params.productTypeId as string);
      if (!type) throw notFound(`Product type "${req.params.productTypeId}" not found`);
      sendData(res, type);
    },

    upsertProductTypes: async (req, res) => {
      const docs = (req.body as { data: ProductType[] }).data;
      const answers = await ctx.store.write(scopeKeyOf(ctx, req, res), (scope) => ({
        change: { productTypes: docs },
        result: upsertResponses(docs, (id) => scope.productType(id) !== undefined),
      }));
      sendData(res, answers);
    },

    deleteProductTypes: async (req, res) => {
      const body = req.body as { data?: string[] } | undefined;
      const ids = body?.data ?? (typeof req.query.data === 'string' ? parseIdList(req.query.data) : []);
      if (ids.length === 0) {
        throw badRequest('Name the product types to delete: body { "data": [id, ...] } or query ?data=a,b');
      }
      const existed = await ctx.store.write(scopeKeyOf(ctx, req, res), (scope) => {
        const existed = existing(ids, (id) => scope.productType(id) !== undefined);
        return { change: { deletedProductTypes: ids.filter((_, i) => existed[i]) }, result: existed };
      });
      sendData(
        res,
        ids.map((id, i) => deleteResult(id, existed[i] === true)),
      );
    },
  };
}
