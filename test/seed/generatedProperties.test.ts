// Properties every generated catalog keeps, for any random seed and size: what a shop built on a
// dataset relies on (docs/datasets.md, "Datasets"). Small counts keep each run fast.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { DATASETS, DATASET_NAMES, REFERENCE_DATE, generateDataset } from '../../src/seed/index.js';

const sizes = {
  count: fc.integer({ min: 1, max: 60 }),
  randomSeed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
};
const datasetRuns = fc.record({ name: fc.constantFrom(...DATASET_NAMES), ...sizes });

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

/** What a shop shows to tell two products apart: names, each variant's colour, size and style, features. */
const look = (p: CatalogProduct) =>
  JSON.stringify([
    p.productName,
    p.variants!.map((v) => [v.color, v.size, v.style]),
    (p.productFeature ?? []).map((f) => [
      f.productId.slice(p.productGroupId.length),
      f.productFeatureType,
      f.productFeatureValue,
    ]),
  ]);

const families = (products: readonly CatalogProduct[]) => {
  const byGroup = new Map<string, CatalogProduct[]>();
  for (const p of products)
    if (p.variantsGroupId) byGroup.set(p.variantsGroupId, [...(byGroup.get(p.variantsGroupId) ?? []), p]);
  return [...byGroup.values()];
};

describe('generated families (products of one variantsGroupId)', () => {
  it('hold no two members alike: each is a choice a shopper can tell from the others', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        for (const members of families(catalogOf(run))) {
          const looks = members.map(look);
          expect(new Set(looks).size, members.map((m) => m.productGroupId).join(' ')).toBe(looks.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('grocery: are one item in different packs, organic or not, so every member has a name of its own', () => {
    fc.assert(
      fc.property(fc.record(sizes), ({ count, randomSeed }) => {
        for (const members of families(catalogOf({ name: 'grocery', count: count * 3, randomSeed }))) {
          const names = members.map((m) => JSON.stringify(m.productName));
          expect(new Set(names).size, members.map((m) => m.productGroupId).join(' ')).toBe(names.length);
          const origins = members.map(
            (m) => m.productFeature!.find((f) => f.productFeatureType === 'Ursprung')!.productFeatureValue,
          );
          expect(new Set(origins).size).toBe(1);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('generated grocery variants', () => {
  it('give their size as the Swedish stores write it, the value of the Förpackning feature', () => {
    fc.assert(
      fc.property(fc.record(sizes), ({ count, randomSeed }) => {
        for (const p of catalogOf({ name: 'grocery', count, randomSeed })) {
          const pack = p.productFeature!.find((f) => f.productFeatureType === 'Förpackning')!;
          expect(pack.isoLanguageId).toBe('sv-SE');
          expect(p.variants![0]!.size).toBe(pack.productFeatureValue);
        }
      }),
      { numRuns: 20 },
    );
  });
});

/** The labels that mean "new", in every language a dataset speaks. */
const NEW = new Set(['New', 'Nyhet', 'Novità']);
const day = (date: string) => date.slice(0, 10);

describe('generated statuses', () => {
  it('discontinue a product after its introduction and its time as New, by the reference day, before its abandonment', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        for (const product of catalogOf(run)) {
          const id = product.productGroupId;
          const discontinued = product.productStatus!.filter((s) => s.productStatus === 'Discontinued');
          if (discontinued.length === 0) continue;
          expect(
            (product.productLabel ?? []).filter((l) => NEW.has(l.productLabel)),
            id,
          ).toEqual([]);
          for (const status of discontinued) {
            expect(
              status.periodStartDate! > product.introductionDate!,
              `${id} discontinued on its introduction`,
            ).toBe(true);
            expect(
              status.periodStartDate! <= day(REFERENCE_DATE),
              `${id} discontinued after the reference day`,
            ).toBe(true);
            expect(status.periodStartDate! < product.plannedAbandonmentDate!, id).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('leave a space where a product is Inactive without a promotion or a Sale label', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        for (const product of catalogOf(run)) {
          const inactive = new Set(
            product.productStatus!.filter((s) => s.productStatus === 'Inactive').map((s) => s.spaceId),
          );
          const offers = [
            ...product.productPriceList!.filter((p) => p.priceListType === 'Promotional'),
            ...(product.productLabel ?? []).filter((l) => SALE.has(l.productLabel)),
          ];
          for (const offer of offers) expect(inactive, product.productGroupId).not.toContain(offer.spaceId);
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** The texts a product gives per language, each read by a client in its store's language. */
const PER_LANGUAGE = [
  'productName',
  'productDescription',
  'productShortDescription',
  'productTags',
  'brand',
  'storageInstructions',
  'consumerStorageInstruction',
  'productShippingInstruction',
] as const;

describe('generated texts', () => {
  it('come in every language of the dataset, once each, wherever a product has them', () => {
    fc.assert(
      fc.property(datasetRuns, (run) => {
        const languages = DATASETS[run.name].languages;
        for (const product of catalogOf(run))
          for (const field of PER_LANGUAGE) {
            const texts = product[field];
            if (texts === undefined) continue;
            expect(texts.map((t) => t.isoLanguageId).sort(), `${product.productGroupId} ${field}`).toEqual(
              [...languages].sort(),
            );
          }
      }),
      { numRuns: 20 },
    );
  });
});
