// The cases every worker's file runs, each on the scope of its own worker.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { connectCatalogMock } from 'product-catalog-mock/testing';

const scope = connectCatalogMock({ url: process.env.CATALOG_URL }).scope(
  `jest-${process.env.JEST_WORKER_ID}`,
);
const product = (id) => ({
  productGroupId: id,
  productName: [{ isoLanguageId: 'en', productName: scope.tenant }],
});
const ids = async () => {
  const body = await (await scope.fetch('/products?sort=productGroupId')).json();
  return body.data.list.map((p) => `${p.productGroupId}:${p.productName?.[0]?.productName ?? ''}`);
};
const mine = (id) => `${id}:${scope.tenant}`;

/** The cases of one test file, the same in each: `file` names it in the output. */
export function scopeSuite(file) {
  describe(`file ${file}`, () => {
    beforeAll(async () => {
      await scope.reset();
      console.log(`file ${file} on scope ${scope.tenant}`);
    });

    it('pushes, snapshots, restores and resets its own scope only', async () => {
      for (let round = 0; round < 5; round++) {
        expect(
          (await scope.fetch('/products-push', { method: 'POST', body: { data: [product('p1')] } })).status,
        ).toBe(200);
        await scope.snapshot('pushed');
        await scope.fetch('/products-push', { method: 'POST', body: { data: [product('extra')] } });
        expect(await ids()).toEqual([mine('extra'), mine('p1'), 'seeded:']);
        await scope.restore('pushed');
        expect(await ids()).toEqual([mine('p1'), 'seeded:']);
        await scope.reset();
        expect(await ids()).toEqual(['seeded:']);
      }
    });

    it('asserts what was sent to its scope with expectRequest', async () => {
      await scope.fetch('/products-push', { method: 'POST', body: { data: [product('p1')] } });
      await scope
        .expectRequest({ operationId: 'pushProducts', body: { data: [{ productGroupId: 'p1' }] } })
        .once();
    });
  });
}
