// The scope of this worker: its tenant is named by the worker, so two workers never share one.
import { inject } from 'vitest';
import { connectCatalogMock, type CatalogScope } from 'product-catalog-mock/testing';

export function workerScope(): CatalogScope {
  const mock = connectCatalogMock({ url: inject('catalogUrl') });
  return mock.scope(`worker-${process.env.VITEST_POOL_ID ?? '1'}`);
}

export async function ids(scope: CatalogScope): Promise<string[]> {
  const res = await scope.fetch('/products?sort=productGroupId');
  const body = (await res.json()) as {
    data: { list: { productGroupId: string; productName?: { productName: string }[] }[] };
  };
  return body.data.list.map((p) => `${p.productGroupId}:${p.productName?.[0]?.productName ?? ''}`);
}

/** The same ids in every worker, each named by its worker: a scope seeing another's would show it. */
export const product = (id: string, scope: CatalogScope) => ({
  productGroupId: id,
  productName: [{ isoLanguageId: 'en', productName: scope.tenant }],
});
