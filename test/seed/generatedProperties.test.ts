// Properties every generated catalog keeps, for any random seed and size: what a shop built on a
// dataset relies on (README, "Datasets"). Small counts keep each run fast.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATASET_NAMES, REFERENCE_DATE, generateDataset } from '../../src/seed/index.js';

const datasetRuns = fc.record({
  name: fc.constantFrom(...DATASET_NAMES),
  count: fc.integer({ min: 1, max: 60 }),
  randomSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

const catalogOf = ({
  name,
  count,
  randomSeed,
}: {
  name: (typeof DATASET_NAMES)[number];
  count: number;
  randomSeed: number;
}) => generateDataset(name, { count, randomSeed }).products;

/** The labels that mean "on sale", in every language a dataset speaks. */
const SALE = new Set(['Sale', 'Rea', 'Saldi']);

describe('generated promotions', () => {
  it('run on the reference day, start no earlier than the product, and price below the standard', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        for (const product of catalogOf(run)) {
          const standard = new Map(
            product
              .productPriceList!.filter((p) => p.priceListType === 'Standard')
              .map((p) => [`${p.productId} ${p.spaceId}`, p.listPrice]),
          );
          for (const promo of product.productPriceList!.filter((p) => p.priceListType === 'Promotional')) {
            const at = `${product.productGroupId} ${promo.productId} ${promo.spaceId}`;
            expect(
              promo.periodStartTimestamp! <= REFERENCE_DATE,
              `${at} starts after the reference day`,
            ).toBe(true);
            expect(promo.periodEndTimestamp! > REFERENCE_DATE, `${at} ended before the reference day`).toBe(
              true,
            );
            expect(
              promo.periodStartTimestamp!.slice(0, 10) >= product.introductionDate!,
              `${at} before its product`,
            ).toBe(true);
            expect(promo.listPrice).toBeLessThan(standard.get(`${promo.productId} ${promo.spaceId}`)!);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('are what a Sale label stands for: a space with the label has a promotion running', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        for (const product of catalogOf(run)) {
          const running = new Set(
            product
              .productPriceList!.filter(
                (p) =>
                  p.priceListType === 'Promotional' &&
                  p.periodStartTimestamp! <= REFERENCE_DATE &&
                  REFERENCE_DATE < p.periodEndTimestamp!,
              )
              .map((p) => p.spaceId),
          );
          for (const label of product.productLabel ?? [])
            if (SALE.has(label.productLabel))
              expect(running, product.productGroupId).toContain(label.spaceId);
        }
      }),
      { numRuns: 40 },
    );
  });
});
