// The engine: turns a dataset definition into consistent CatalogProduct and ProductType records.
// Everything random comes from one seeded Faker instance, and every date from REFERENCE_DATE,
// so the same definition, count and random seed always give byte-identical data.
// The English-only entry: the package's main entry loads every locale (docs/performance.md, "Start-up").
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import type { Faker } from '@faker-js/faker';
import type { CatalogProduct, Variant } from '../domain/types.js';
import { deriveSpaceIds } from '../domain/spaceIds.js';
import type { SeedData } from '../store/store.js';
import { ean13, upcA } from './barcodes.js';
import { mediaUrl, swatchUrl, MIME_TYPES, type MediaExtension } from './media.js';
import { MEDIA_BASE, MEDIA_PATH } from '../workbench/demoMedia.js';
import { text, type Brand, type DatasetDefinition, type Space, type Texts } from './model.js';
import { endPrice, shelfPrice } from './pricing.js';
import { flat } from './flat.js';
import { flattenTree, type LeafType } from './productTypes.js';

/** "Today" for every generated date: fixed, so output never depends on the clock. */
export const REFERENCE_DATE = '2025-06-01T00:00:00.000Z';
export const DEFAULT_RANDOM_SEED = 20250601;

export interface GenerateOptions {
  /** Number of products; the dataset's own size when absent. */
  count?: number;
  /** Seed of the random generator; DEFAULT_RANDOM_SEED when absent. */
  randomSeed?: number;
  /** Called every PROGRESS_STEP products and once at the end. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The origin of the server that will serve the dataset (e.g. http://127.0.0.1:4010), written into
   * its media URLs; the placeholder origin of src/workbench/demoMedia.ts when absent.
   */
  mediaOrigin?: string;
}

export const PROGRESS_STEP = 1000;
const DAY_MS = 86_400_000;
const REFERENCE_MS = Date.parse(REFERENCE_DATE);

const LABELS = {
  new: { en: 'New', sv: 'Nyhet', it: 'Novità' },
  sale: { en: 'Sale', sv: 'Rea', it: 'Saldi' },
  online: { en: 'Online Exclusive', sv: 'Endast online', it: 'Esclusiva online' },
} satisfies Record<string, Texts>;

/** What pass one decides per product, so that related products and families can be chosen up front. */
interface Plan {
  leaf: number;
  model: string;
  brand: Brand;
  variety: number;
  variantsGroupId?: string;
}

// Memoised: a few hundred distinct days, shared as strings by every product that uses them.
const timestamps = new Map<number, string>();
const isoTimestamp = (days: number): string => {
  let value = timestamps.get(days);
  if (value === undefined)
    timestamps.set(days, (value = new Date(REFERENCE_MS + days * DAY_MS).toISOString()));
  return value;
};
const dates = new Map<number, string>();
const isoDate = (days: number): string => {
  let value = dates.get(days);
  if (value === undefined) dates.set(days, (value = isoTimestamp(days).slice(0, 10)));
  return value;
};

/**
 * Shares equal values between products. Stored records are immutable values (writes replace them),
 * so products may share sub-arrays
 * (docs/performance.md, "Generated catalogs: shared values and flat strings").
 */
class Shared {
  readonly #values = new Map<string, unknown>();
  get<T>(key: string, make: () => T): T {
    let value = this.#values.get(key) as T | undefined;
    if (value === undefined) this.#values.set(key, (value = make()));
    return value;
  }
}

export function generateCatalog<Leaf>(def: DatasetDefinition<Leaf>, options: GenerateOptions = {}): SeedData {
  const count = options.count ?? def.count;
  // Reseeded on every call, so each generation starts from the same state whatever ran before.
  const faker: Faker = englishFaker;
  faker.seed(options.randomSeed ?? DEFAULT_RANDOM_SEED);
  faker.setDefaultRefDate(REFERENCE_DATE);

  const { productTypes, leaves } = flattenTree(def.tree, def.languages);
  const width = Math.max(5, String(count).length);
  const idOf = (index: number) => `${def.idPrefix}-${String(index + 1).padStart(width, '0')}`;
  const plans = planProducts(def, faker, leaves.length, count, idOf);
  const byLeaf: number[][] = leaves.map(() => []);
  plans.forEach((plan, index) => byLeaf[plan.leaf]!.push(index));

  // Consecutive serials keep barcodes unique; seeded starts keep them from looking like 0000001.
  const serials = {
    ean: faker.number.int({ min: 1_000_000, max: 9_000_000 }),
    upc: faker.number.int({ min: 10_000_000, max: 90_000_000 }),
  };
  const shared = new Shared();
  const mediaBase = options.mediaOrigin === undefined ? MEDIA_BASE : options.mediaOrigin + MEDIA_PATH;
  const products: CatalogProduct[] = [];
  for (let index = 0; index < count; index++) {
    const plan = plans[index]!;
    const related = relatedIndexes(faker, index, byLeaf[plan.leaf]!, count);
    products.push(
      buildProduct(def, faker, shared, {
        productGroupId: idOf(index),
        plan,
        leafType: leaves[plan.leaf]!,
        related: related.map(idOf),
        serials,
        mediaBase,
      }),
    );
    if ((index + 1) % PROGRESS_STEP === 0) options.onProgress?.(index + 1, count);
  }
  options.onProgress?.(count, count);
  return { products, productTypes };
}

/** Leaf, model, brand and variety per product; some run in families of 2-3 sharing them and a variantsGroupId. */
function planProducts<Leaf>(
  def: DatasetDefinition<Leaf>,
  faker: Faker,
  leafCount: number,
  count: number,
  idOf: (index: number) => string,
): Plan[] {
  const plans: Plan[] = [];
  while (plans.length < count) {
    const single: Plan = {
      leaf: faker.number.int(leafCount - 1),
      model: faker.helpers.arrayElement(def.models),
      brand: faker.helpers.arrayElement(def.brands),
      variety: faker.number.int(1_000_000),
    };
    const room = count - plans.length;
    const size =
      room >= 2 && faker.number.float() < def.familyShare
        ? Math.min(room, faker.number.int({ min: 2, max: 3 }))
        : 1;
    if (size === 1) {
      plans.push(single);
    } else {
      const variantsGroupId = `VG-${idOf(plans.length)}`;
      for (let i = 0; i < size; i++) plans.push({ ...single, variantsGroupId });
    }
  }
  return plans;
}

/** Up to three products of the same type, and sometimes one of any type: never itself, never twice. */
function relatedIndexes(faker: Faker, self: number, sameLeaf: number[], count: number): number[] {
  const picked = new Set<number>();
  const wanted = faker.number.int(3);
  for (let tries = 0; picked.size < wanted && tries < wanted * 3; tries++) {
    const candidate = sameLeaf[faker.number.int(sameLeaf.length - 1)]!;
    if (candidate !== self) picked.add(candidate);
  }
  if (count > 1 && faker.number.float() < 0.3) {
    const other = faker.number.int(count - 1);
    if (other !== self) picked.add(other);
  }
  return [...picked];
}

interface BuildInput<Leaf> {
  productGroupId: string;
  plan: Plan;
  leafType: LeafType<Leaf>;
  related: string[];
  serials: { ean: number; upc: number };
  /** Where the media URLs point, e.g. http://127.0.0.1:4010/__media. */
  mediaBase: string;
}

function buildProduct<Leaf>(
  def: DatasetDefinition<Leaf>,
  faker: Faker,
  shared: Shared,
  input: BuildInput<Leaf>,
): CatalogProduct {
  const { productGroupId, plan, leafType } = input;
  const { model, brand, variety } = plan;
  const draft = def.describe({ faker, leaf: leafType.leaf, model, brand, variety });
  const langs = def.languages;
  const spaces = pickSpaces(faker, def.spaces);
  const introduced = -faker.number.int(730);

  const variants: Variant[] = draft.variants.map((v) => ({
    productId: flat(`${productGroupId}-${v.suffix}`),
    productGroupId,
    ...barcodes(def, faker, input.serials),
    ...(v.color
      ? {
          color: v.color,
          colorImageUrl: shared.get(`swatch ${v.color}`, () => swatchUrl(v.color!, input.mediaBase)),
        }
      : {}),
    ...(v.size ? { size: v.size } : {}),
    ...(v.style ? { style: v.style } : {}),
  }));
  const first = variants[0]!.productId;

  const statuses = spaces.map((space) => {
    const roll = faker.number.float();
    const status = roll < 0.92 ? 'Active' : roll < 0.96 ? 'Inactive' : 'Discontinued';
    return { space, status } as const;
  });
  const discontinued = statuses.some((s) => s.status === 'Discontinued');
  const promoted = new Set(spaces.filter(() => faker.number.float() < 0.2));
  const discount = faker.helpers.arrayElement([0.1, 0.15, 0.2, 0.25, 0.3, 0.4]);
  const promoStart = -faker.number.int(14);
  const promoEnd = promoStart + faker.number.int({ min: 7, max: 28 });
  const onlineOnly = faker.number.float() < 0.05;

  const product: CatalogProduct = {
    productGroupId,
    spaceIds: [],
    introductionDate: isoDate(introduced),
    ...(discontinued ? { plannedAbandonmentDate: isoDate(faker.number.int({ min: 30, max: 120 })) } : {}),
    productName: shared.get(`name ${keyOf(draft.names)}`, () =>
      langs.map((l) => ({ isoLanguageId: l, productName: text(draft.names, l) })),
    ),
    productDescription: shared.get(`description ${keyOf(draft.descriptions)}`, () =>
      langs.map((l) => ({ isoLanguageId: l, productDescription: text(draft.descriptions, l) })),
    ),
    productShortDescription: shared.get(`short ${keyOf(draft.shortDescriptions)}`, () =>
      langs.map((l) => ({ isoLanguageId: l, productShortDescription: text(draft.shortDescriptions, l) })),
    ),
    productInternalName: shared.get(`internal ${leafType.productTypeId} ${plan.model}`, () => [
      {
        isoLanguageId: langs[0]!,
        productInternalName: `${leafType.productTypeId}/${plan.model}`.toUpperCase(),
      },
    ]),
    ...draft.extra,
    brand: shared.get(`brand ${plan.brand.vendorId}`, () => [
      {
        isoLanguageId: langs[0]!,
        brandName: plan.brand.name,
        brandLogo: mediaUrl('brands', plan.brand.vendorId, 'logo', 'png', input.mediaBase),
      },
    ]),
    productType: shared.get(`type ${leafType.productTypeId}`, () => [leafType.productTypeId]),
    productTags: shared.get(`tags ${draft.tags.map(keyOf).join(' ')}`, () =>
      langs.map((l) => ({ isoLanguageId: l, productTags: draft.tags.map((t) => text(t, l)) })),
    ),
    productLabel: spaces.flatMap((space) =>
      labelsFor(introduced, promoted.has(space), onlineOnly).map((label) => ({
        isoLanguageId: space.language,
        spaceId: space.spaceId,
        productLabel: text(label, space.language),
      })),
    ),
    variants,
    productFeature: [
      ...draft.features.map((f) => ({
        productId: first,
        productFeatureType: f.type,
        productFeatureValue: f.value,
      })),
      ...draft.variants.flatMap((v, i) =>
        (v.features ?? []).map((f) => ({
          productId: variants[i]!.productId,
          productFeatureType: f.type,
          productFeatureValue: f.value,
        })),
      ),
    ],
    productPriceList: spaces.flatMap((space) =>
      variants.flatMap((variant, i) => {
        const standard = shelfPrice(draft.basePrice * (draft.variants[i]!.priceFactor ?? 1), space);
        const base = {
          productId: variant.productId,
          priceListType: 'Standard' as const,
          listPrice: standard,
          spaceId: space.spaceId,
          isoLanguageId: space.language,
          isoCurrencyCode: space.currency,
        };
        if (!promoted.has(space)) return [base];
        // Written out, not spread from base: V8 gave each spread copy a hidden class of its own
        // (docs/performance.md, "Generated catalogs: shared values and flat strings").
        const promotional = {
          productId: variant.productId,
          priceListType: 'Promotional' as const,
          listPrice: Math.min(standard, endPrice(standard * (1 - discount), space.ending)),
          spaceId: space.spaceId,
          isoLanguageId: space.language,
          isoCurrencyCode: space.currency,
          periodStartTimestamp: isoTimestamp(promoStart),
          periodEndTimestamp: isoTimestamp(promoEnd),
          suggestedRetailPrice: standard,
        };
        return [base, promotional];
      }),
    ),
    productItemQuantity: spaces.flatMap((space) =>
      variants.map((variant) => ({
        productId: variant.productId,
        spaceId: space.spaceId,
        productItemQuantity: faker.number.float() < 0.1 ? 0 : faker.number.int({ min: 1, max: def.stockMax }),
      })),
    ),
    productStatus: statuses.map(({ space, status }) => ({
      productStatus: status,
      isoLanguageId: space.language,
      spaceId: space.spaceId,
      periodStartDate: isoDate(introduced),
      ...(status === 'Discontinued' ? { productStatusNote: 'Last units: not reordered' } : {}),
    })),
    catalogPageLocationProduct: media(def.name, faker, productGroupId, variants, input.mediaBase),
    relatedProductGroups: input.related.map((id) => ({
      relatedProductGroupId: id,
      productRelationshipType: 'Recommended' as const,
    })),
    ...(plan.variantsGroupId ? { variantsGroupId: plan.variantsGroupId } : {}),
    productVendor: shared.get(`vendor ${plan.brand.vendorId}`, () => [
      { vendorId: plan.brand.vendorId, productVendor: plan.brand.vendor },
    ]),
  };
  product.spaceIds = deriveSpaceIds(product);
  return product;
}

const keyOf = (t: Texts) => `${t.en}|${t.us}|${t.gb}|${t.sv}|${t.it}`;

/** Most products are sold everywhere; the rest in a non-empty subset of the spaces. */
function pickSpaces(faker: Faker, spaces: readonly Space[]): Space[] {
  if (spaces.length === 1 || faker.number.float() < 0.75) return [...spaces];
  const some = spaces.filter(() => faker.datatype.boolean());
  return some.length ? some : [faker.helpers.arrayElement(spaces)];
}

function labelsFor(introduced: number, promoted: boolean, onlineOnly: boolean): Texts[] {
  const labels: Texts[] = [];
  if (introduced > -45) labels.push(LABELS.new);
  if (promoted) labels.push(LABELS.sale);
  if (onlineOnly) labels.push(LABELS.online);
  return labels;
}

/** A UPC-A (also given as its GTIN-13) for some variants, an EAN-13 (= its GTIN-13) for the rest. */
function barcodes(
  def: DatasetDefinition<unknown>,
  faker: Faker,
  serials: { ean: number; upc: number },
): Pick<Variant, 'globalTradeItemNumber' | 'europeanArticleNumber' | 'universalProductCode'> {
  if (def.upcShare > 0 && faker.number.float() < def.upcShare) {
    const upc = upcA(serials.upc++);
    return { globalTradeItemNumber: [flat('0' + upc)], universalProductCode: [upc] };
  }
  const ean = [ean13(def.eanPrefix, serials.ean++)];
  return { globalTradeItemNumber: ean, europeanArticleNumber: ean };
}

const VIEWS = ['front', 'back', 'detail'] as const;

/** One to three pictures per colour (on its first variant), and a video for some products. */
function media(dataset: string, faker: Faker, productGroupId: string, variants: Variant[], base: string) {
  const firstOfColour = new Map<string, Variant>();
  for (const v of variants) if (!firstOfColour.has(v.color ?? '')) firstOfColour.set(v.color ?? '', v);
  const items = [...firstOfColour.values()].flatMap((variant) =>
    VIEWS.slice(0, faker.number.int({ min: 1, max: 3 })).map((view, i) => {
      const ext: MediaExtension =
        i === 0 ? 'jpg' : faker.helpers.arrayElement(['jpg', 'webp', 'png'] as const);
      return item(
        dataset,
        productGroupId,
        variant.productId,
        `${variant.productId}-${view}`,
        ext,
        i + 1,
        base,
      );
    }),
  );
  if (faker.number.float() < 0.08) {
    items.push(item(dataset, productGroupId, variants[0]!.productId, 'video', 'mp4', items.length + 1, base));
  }
  return items;
}

function item(
  dataset: string,
  productGroupId: string,
  productId: string,
  file: string,
  ext: MediaExtension,
  at: number,
  base: string,
) {
  return {
    productId,
    productGroupId,
    catalogType: MIME_TYPES[ext],
    catalogPage: 'product',
    catalogPageLocation: String(at),
    catalogPageLocationProduct: mediaUrl(dataset, productGroupId, file, ext, base),
  };
}
