// The cases every worker's file runs, each on the scope of its own worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { ids, product, workerScope } from './scope.js';

/** The cases of one test file, the same in each: `file` names it in the output. */
export function scopeSuite(file: number): void {
  const scope = workerScope();
  const mine = (id: string) => `${id}:${scope.tenant}`;

  describe(`file ${file}`, () => {
    beforeAll(async () => {
      // A worker may run another file before this one: its scope starts over.
      await scope.reset();
      console.log(`file ${file} on scope ${scope.tenant}`);
    });

    it('pushes, snapshots, restores and resets its own scope only', async () => {
      for (let round = 0; round < 10; round++) {
        const pushed = await scope.fetch('/products-push', {
          method: 'POST',
          body: { data: [product('p1', scope), product(`r${round}`, scope)] },
        });
        expect(pushed.status).toBe(200);
        await scope.snapshot('pushed');
        await scope.fetch('/products-push', { method: 'POST', body: { data: [product('extra', scope)] } });
        expect(await ids(scope)).toEqual([mine('extra'), mine('p1'), mine(`r${round}`), 'seeded:']);
        await scope.restore('pushed');
        expect(await ids(scope)).toEqual([mine('p1'), mine(`r${round}`), 'seeded:']);
        await scope.reset();
        expect(await ids(scope)).toEqual(['seeded:']);
      }
    });

    it('asserts what was sent to its scope with expectRequest', async () => {
      await scope.fetch('/products-push', { method: 'POST', body: { data: [product('p1', scope)] } });
      await scope.fetch('/products-push', { method: 'POST', body: { data: [product('p2', scope)] } });
      await scope
        .expectRequest({ operationId: 'pushProducts', body: { data: [{ productGroupId: 'p1' }] } })
        .once();
      // WRONG_EXPECTATION=1 shows what a failing expectation prints.
      const expected = process.env.WRONG_EXPECTATION ? 3 : 2;
      await scope.expectRequest({ operationId: 'pushProducts' }).times(expected);
    });
  });
}
