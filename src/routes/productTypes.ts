import type { OpenAPIV3 } from 'openapi-types';
import { existing, parseIdList } from '../domain/lists.js';
import { badRequest, notFound } from '../domain/errors.js';
import { given, shown } from '../domain/given.js';
import { deleteResult, selectProductTypes, upsertResponses } from '../domain/productTypes.js';
import type { ProductType } from '../domain/types.js';
import { dataAnswer } from '../pipeline/answers.js';
import { scopeKeyOf, scopeOf, type OperationHandlers, type RouteContext } from './context.js';

export function productTypeOperations(ctx: RouteContext): OperationHandlers {
  const idBatchLimit = maxItemsOfIdBatch(ctx.document);
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
      const ids = body?.data ?? lists.flatMap((list) => parseIdList(list, known));
      if (ids.length === 0) {
        // ?data= holding only separators or spaces names none: said with what it held.
        const sent = body?.data === undefined ? call.query.data : undefined;
        throw badRequest(
          `${sent === undefined ? 'Name the product types to delete' : `query.data names no product type${given(sent)}`}: body { "data": [id, ...] } or query ?data=a,b`,
        );
      }
      // The body is held to IdBatch's limit by the validator; the query's list is held to it here.
      if (body?.data === undefined && ids.length > idBatchLimit) {
        throw badRequest(
          `query.data names ${ids.length} product types; at most ${idBatchLimit} can be deleted in one request`,
        );
      }
      const existed = await ctx.store.write(scopeKeyOf(call), (scope) => {
        const existed = existing(ids, (id) => scope.productType(id) !== undefined);
        return { change: { deletedProductTypes: ids.filter((_, i) => existed[i]) }, result: existed };
      });
      return dataAnswer(ids.map((id, i) => deleteResult(id, existed[i] === true)));
    },
  };
}

/** How many ids one request may name: openapi.yaml's IdBatch, whose `data` has the limit. */
function maxItemsOfIdBatch(document: OpenAPIV3.Document): number {
  const batch = document.components?.schemas?.IdBatch as OpenAPIV3.SchemaObject | undefined;
  const data = batch?.properties?.data as OpenAPIV3.ArraySchemaObject | undefined;
  if (data?.maxItems === undefined) throw new Error('openapi.yaml: IdBatch.data has no maxItems');
  return data.maxItems;
}
