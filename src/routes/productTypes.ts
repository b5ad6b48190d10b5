import { existing, parseIdList } from '../domain/lists.js';
import { badRequest, notFound } from '../domain/errors.js';
import { shown } from '../domain/given.js';
import { deleteResult, selectProductTypes, upsertResponses } from '../domain/productTypes.js';
import type { ProductType } from '../domain/types.js';
import { dataAnswer } from '../pipeline/answers.js';
import { emptyBatch, scopeKeyOf, scopeOf, type OperationHandlers, type RouteContext } from './context.js';

export function productTypeOperations(ctx: RouteContext): OperationHandlers {
  return {
    listProductTypes: (call) => {
      const scope = scopeOf(ctx, call);
      const known = (id: string) => scope.productType(id) !== undefined;
      const ids = typeof call.query.ids === 'string' ? parseIdList(call.query.ids, known) : undefined;
      return dataAnswer(
        selectProductTypes(
          (id) => scope.productType(id),
          () => scope.productTypes(),
          ids,
        ),
        scope,
      );
    },

    getProductType: (call) => {
      const scope = scopeOf(ctx, call);
      const type = scope.productType(call.params.productTypeId as string);
      if (!type) throw notFound(`Product type ${shown(call.params.productTypeId)} not found`);
      return dataAnswer(type, scope);
    },

    upsertProductTypes: async (call) => {
      const docs = (call.body as { data: ProductType[] }).data;
      const empty = emptyBatch(call, docs);
      if (empty) return empty;
      // Stored as documents, the tree unchecked (docs/behaviour.md, "Product types").
      const answers = await ctx.store.write(scopeKeyOf(call), (scope) => ({
        change: { productTypes: docs },
        result: upsertResponses(docs, (id) => scope.productType(id) !== undefined),
      }));
      return dataAnswer(answers);
    },

    deleteProductTypes: async (call) => {
      const body = call.body as { data?: string[] } | undefined;
      const scope = scopeOf(ctx, call);
      const known = (id: string) => scope.productType(id) !== undefined;
      // ?data=a,b or, as an array query parameter is sent by default, ?data=a&data=b.
      const queried = call.query.data;
      const lists =
        typeof queried === 'string' ? [queried] : Array.isArray(queried) ? (queried as string[]) : [];
      if (body?.data === undefined && queried === undefined) {
        throw badRequest('Name the product types to delete: body { "data": [id, ...] } or query ?data=a,b');
      }
      const ids = body?.data ?? lists.flatMap((list) => parseIdList(list, known));
      // A body of no ids, or ?data= holding only separators or spaces: an empty batch.
      const empty = emptyBatch(call, ids);
      if (empty) return empty;
      const existed = await ctx.store.write(scopeKeyOf(call), (scope) => {
        const existed = existing(ids, (id) => scope.productType(id) !== undefined);
        return { change: { deletedProductTypes: ids.filter((_, i) => existed[i]) }, result: existed };
      });
      return dataAnswer(ids.map((id, i) => deleteResult(id, existed[i] === true)));
    },
  };
}
