import type { OpenAPIV3 } from 'openapi-types';
import { notFound, type CatalogError } from '../domain/errors.js';
import { shown } from '../domain/given.js';
import { dataAnswer } from '../pipeline/answers.js';
import type { OperationCall } from '../pipeline/pipeline.js';
import type { MockAnswer } from '../pipeline/types.js';
import type { Scope } from '../store/scope.js';
import type { Store } from '../store/store.js';
import type { ScopeKey } from '../domain/types.js';

export type { OperationCall, OperationHandler, OperationHandlers } from '../pipeline/pipeline.js';

/** What every route gets: the store, and openapi.yaml (dereferenced). */
export interface RouteContext {
  store: Store;
  document: OpenAPIV3.Document;
}

/** The scope a request addresses: (region of its prefix, tenantId, environment). */
export function scopeKeyOf(call: OperationCall): ScopeKey {
  return {
    region: call.region,
    tenantId: String(call.params.tenantId),
    environment: String(call.params.environment),
  };
}

/** The scope a request reads. */
export function scopeOf(ctx: RouteContext, call: OperationCall): Scope {
  return ctx.store.scope(scopeKeyOf(call));
}

/** The 404 of a read naming a product its scope does not hold. */
export const productNotFound = (id: string): CatalogError => notFound(`Product ${shown(id)} not found`);

/**
 * The answer to a batch of no items, which writes nothing and touches no scope: `{ data: [] }`, the
 * request log saying so (docs/behaviour.md, "POST /products-push (merge push)"); undefined when the
 * batch has items.
 */
export function emptyBatch(call: OperationCall, items: readonly unknown[]): MockAnswer | undefined {
  if (items.length > 0) return undefined;
  call.note?.('an empty batch: nothing written');
  return dataAnswer([]);
}
