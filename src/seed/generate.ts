// The engine: turns a dataset definition into consistent CatalogProduct and ProductType records.
// Everything random comes from one seeded Faker instance, and every date from REFERENCE_DATE,
// so the same definition, count and random seed always give byte-identical data.
// The English-only entry: the package's main entry loads every locale (docs/performance.md, "Start-up").
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import type { Faker } from '@faker-js/faker';
import type { CatalogProduct, Variant } from '../domain/types.js';
import type { SeedData } from '../domain/types.js';
import { ean13, upcA } from './barcodes.js';
import { mediaUrl, swatchUrl, MIME_TYPES, type MediaExtension } from './media.js';
import { MEDIA_BASE, MEDIA_PATH } from '../media/demoMedia.js';
import {
  text,
  type Brand,
  type DatasetDefinition,
  type Describe,
  type DraftContext,
  type ProductDraft,
  type Space,
  type Texts,
} from '../../seeds/model.js';
import { endPrice, shelfPrice } from './pricing.js';
import { flat } from '../domain/flat.js';
import { flattenTree, type LeafType } from './productTypes.js';

/** "Today" for every generated date: fixed, so output never depends on the clock. */
export const REFERENCE_DATE = '2025-06-01T00:00:00.000Z';
const DEFAULT_RANDOM_SEED = 20250601;

export interface GenerateOptions {
  /** Number of products; the dataset's own size when absent. */
  count?: number;
  /** Seed of the random generator; DEFAULT_RANDOM_SEED when absent. */
  randomSeed?: number;
  /** Called every PROGRESS_STEP products and once at the end. */
  onProgress?: (done: number, total: number) => void;
  /**
   * The origin of the server that will serve the dataset (e.g. http://127.0.0.1:4010), written into
   * its media URLs; the placeholder origin of src/media/demoMedia.ts when absent.
   */
  mediaOrigin?: string;
}

const PROGRESS_STEP = 1000;
const DAY_MS = 86_400_000;
/** A product introduced fewer days than this before the reference day is New (and labelled so). */
const NEW_DAYS = 45;
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
 * A value is found by what it is made from (an object's identity, a string's value) and by a key
 * built from its content only when that source is new: the same text objects and definitions come
 * back product after product, and building and hashing long keys for each was a tenth of generating.
 */
class Shared {
  readonly #byKey = new Map<string, unknown>();
  readonly #bySource = new Map<string, Map<unknown, unknown>>();
  /** The value of `kind` made from `source` (within `scope`, when it depends on two things). */
  from<T>(kind: string, source: unknown, key: () => string, make: () => T, scope?: unknown): T {
    let sources = this.#bySource.get(kind);
    if (sources === undefined) this.#bySource.set(kind, (sources = new Map()));
    if (scope !== undefined) {
      let scoped = sources.get(scope) as Map<unknown, unknown> | undefined;
      if (scoped === undefined) sources.set(scope, (scoped = new Map()));
      sources = scoped;
    }
    let value = sources.get(source) as T | undefined;
    if (value === undefined) sources.set(source, (value = this.#get(`${kind} ${key()}`, make)));
    return value;
  }
  #get<T>(key: string, make: () => T): T {
    let value = this.#byKey.get(key) as T | undefined;
    if (value === undefined) this.#byKey.set(key, (value = make()));
    return value;
  }
}

export function generateCatalog<Leaf>(def: DatasetDefinition<Leaf>, options: GenerateOptions = {}): SeedData {
  const steps = catalogSteps(def, options);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * The same catalog as generateCatalog, generated in slices of PROGRESS_STEP products with the event
 * loop let in between: a signal handler runs there (Ctrl-C in the seed command), where a generation
 * in one synchronous stretch kept it waiting for seconds. Rejects with `signal`'s reason once it is
 * aborted. It draws from a Faker of its own: between slices another generation may seed this
 * module's one.
 */
export async function generateCatalogInSlices<Leaf>(
  def: DatasetDefinition<Leaf>,
  options: GenerateOptions,
  signal: AbortSignal,
): Promise<SeedData> {
  signal.throwIfAborted();
  const steps = catalogSteps(def, options, ownFaker());
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
  }
}

/**
 * A new English Faker, which gives the same sequence as the module's for the same seed. Made from
 * the module's own class: the package's main entry, which exports it, loads every locale.
 */
const ownFaker = (): Faker =>
  new (englishFaker.constructor as new (options: { locale: typeof englishFaker.rawDefinitions }) => Faker)({
    locale: englishFaker.rawDefinitions,
  });

/** Generates the catalog, pausing (a yield) after every PROGRESS_STEP products. */
function* catalogSteps<Leaf>(
  def: DatasetDefinition<Leaf>,
  options: GenerateOptions,
  faker: Faker = englishFaker,
): Generator<void, SeedData> {
  const count = options.count ?? def.count;
  // Reseeded on every call, so each generation starts from the same state whatever ran before.
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
  const describe = def.describer();
  const mediaBase = options.mediaOrigin === undefined ? MEDIA_BASE : options.mediaOrigin + MEDIA_PATH;
  const products: CatalogProduct[] = [];
  // The members of the family being built (families are consecutive), by what a shopper sees of them.
  let family: { variantsGroupId?: string; seen: Set<string> } = { seen: new Set() };
  for (let index = 0; index < count; index++) {
    const plan = plans[index]!;
    if (plan.variantsGroupId !== family.variantsGroupId)
      family = { variantsGroupId: plan.variantsGroupId, seen: new Set() };
    const related = relatedIndexes(faker, index, byLeaf[plan.leaf]!, count);
    products.push(
      buildProduct(def, describe, faker, shared, {
        productGroupId: idOf(index),
        plan,
        leafType: leaves[plan.leaf]!,
        related: related.map(idOf),
        ...(plan.variantsGroupId ? { family: family.seen } : {}),
        serials,
        mediaBase,
      }),
    );
    if ((index + 1) % PROGRESS_STEP === 0) {
      options.onProgress?.(index + 1, count);
      yield;
    }
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
  /** For a family member: what the members before it look like, which it must not repeat. */
  family?: Set<string>;
  serials: { ean: number; upc: number };
  /** Where the media URLs point, e.g. http://127.0.0.1:4010/__media. */
  mediaBase: string;
}

/**
 * One product: its description drawn, then its variants, its life in each space (status,
 * promotion, labels), its features, prices, stock and statuses, and the record that holds them.
 * The steps draw from `faker` in this order, which the same seed's byte-identical output depends on.
 */
function buildProduct<Leaf>(
  def: DatasetDefinition<Leaf>,
  describe: Describe<Leaf>,
  faker: Faker,
  shared: Shared,
  input: BuildInput<Leaf>,
): CatalogProduct {
  const { productGroupId, plan, leafType, mediaBase } = input;
  const { model, brand, variety } = plan;
  const draft = describeMember(describe, { faker, leaf: leafType.leaf, model, brand, variety }, input.family);
  const langs = def.languages;
  const spaces = pickSpaces(faker, def.spaces);
  const introduced = -faker.number.int(730);
  const variants = variantsOf(def, faker, shared, input, draft.variants);
  const life = lifeOf(faker, spaces, introduced);
  const introductionDate = isoDate(introduced);
  return {
    productGroupId,
    // Every space of a product has prices, so these are deriveSpaceIds' answer, in its order.
    spaceIds: shared.from(
      'spaces',
      spaces,
      () => spaces.map((s) => s.spaceId).join(' '),
      () => spaces.map((s) => s.spaceId),
    ),
    introductionDate,
    ...(life.abandoned === undefined ? {} : { plannedAbandonmentDate: life.abandoned }),
    productName: shared.from(
      'name',
      draft.names,
      () => keyOf(draft.names),
      () => langs.map((l) => ({ isoLanguageId: l, productName: text(draft.names, l) })),
    ),
    productDescription: shared.from(
      'description',
      draft.descriptions,
      () => keyOf(draft.descriptions),
      () => langs.map((l) => ({ isoLanguageId: l, productDescription: text(draft.descriptions, l) })),
    ),
    productShortDescription: shared.from(
      'short',
      draft.shortDescriptions,
      () => keyOf(draft.shortDescriptions),
      () =>
        langs.map((l) => ({ isoLanguageId: l, productShortDescription: text(draft.shortDescriptions, l) })),
    ),
    productInternalName: shared.from(
      'internal',
      plan.model,
      () => `${leafType.productTypeId} ${plan.model}`,
      () => [
        {
          isoLanguageId: langs[0]!,
          productInternalName: `${leafType.productTypeId}/${plan.model}`.toUpperCase(),
        },
      ],
      leafType,
    ),
    ...draft.extra,
    brand: brandOf(shared, plan.brand, langs, mediaBase),
    productType: shared.from(
      'type',
      leafType,
      () => leafType.productTypeId,
      () => [leafType.productTypeId],
    ),
    productTags: shared.from(
      'tags',
      draft.tags,
      () => draft.tags.map(keyOf).join(' '),
      () => langs.map((l) => ({ isoLanguageId: l, productTags: draft.tags.map((t) => text(t, l)) })),
    ),
    productLabel: labelsIn(spaces, life),
    variants,
    productFeature: featuresOf(draft, variants, langs[0]!),
    productPriceList: pricesOf(spaces, variants, draft, life),
    productItemQuantity: quantitiesOf(def, faker, spaces, variants),
    productStatus: statusesOf(spaces, life, introductionDate),
    catalogPageLocationProduct: media(def.name, faker, productGroupId, variants, mediaBase),
    relatedProductGroups: input.related.map((id) => ({
      relatedProductGroupId: id,
      productRelationshipType: 'Recommended' as const,
    })),
    ...(plan.variantsGroupId ? { variantsGroupId: plan.variantsGroupId } : {}),
    productVendor: shared.from(
      'vendor',
      plan.brand,
      () => plan.brand.vendorId,
      () => [{ vendorId: plan.brand.vendorId, productVendor: plan.brand.vendor }],
    ),
  };
}

// The steps below build each list with plain loops over arrays of exactly their final length: they
// run for every product of a large catalog, and an array grown by push or made by flatMap keeps spare
// capacity, about 100 bytes an array (docs/performance.md, "Generated catalogs: shared values and
// flat strings").

/** The variants the draft describes, each with its barcodes and its colour's swatch. */
function variantsOf<Leaf>(
  def: DatasetDefinition<Leaf>,
  faker: Faker,
  shared: Shared,
  { productGroupId, serials, mediaBase }: BuildInput<Leaf>,
  drafts: ProductDraft['variants'],
): Variant[] {
  const variants = new Array<Variant>(drafts.length);
  for (let i = 0; i < drafts.length; i++) {
    const v = drafts[i]!;
    variants[i] = {
      productId: flat(productGroupId, '-', v.suffix),
      productGroupId,
      ...barcodes(def, faker, serials),
      ...(v.color ? { color: v.color, colorImageUrl: swatch(shared, v.color, mediaBase) } : {}),
      ...(v.size ? { size: v.size } : {}),
      ...(v.style ? { style: v.style } : {}),
    };
  }
  return variants;
}

/** A product's life in its spaces: drawn in lifeOf, read by the steps that write its lists. */
interface Life {
  /** The status in each space, in the order of the spaces. */
  statuses: ProductStatusValue[];
  promoted: Set<Space>;
  discount: number;
  promoStart: number;
  promoEnd: number;
  labels: { plain: Texts[]; promoted: Texts[] };
  abandoned?: string;
  discontinuedSince?: string;
}

/** The status in each space, the promotions and their days, the labels and the end of its life. */
function lifeOf(faker: Faker, spaces: readonly Space[], introduced: number): Life {
  // A product still labelled New is not yet Discontinued anywhere: a shop would call it new and
  // "last units" at once.
  const isNew = introduced > -NEW_DAYS;
  const statuses = new Array<ProductStatusValue>(spaces.length);
  let discontinued = false;
  for (let s = 0; s < spaces.length; s++) {
    const roll = faker.number.float();
    statuses[s] = roll < 0.92 ? 'Active' : roll < 0.96 ? 'Inactive' : isNew ? 'Active' : 'Discontinued';
    if (statuses[s] === 'Discontinued') discontinued = true;
  }
  const promoted = new Set<Space>();
  // No promotion, nor its Sale label, where the product is Inactive: a shop would offer a reduction
  // on what it does not sell. The draw is made all the same, so the rest of the catalog stays as it was.
  for (let s = 0; s < spaces.length; s++)
    if (faker.number.float() < 0.2 && statuses[s] !== 'Inactive') promoted.add(spaces[s]!);
  const discount = faker.helpers.arrayElement(DISCOUNTS);
  // A promotion runs on the reference day, which its Sale label says, and starts no earlier than the
  // product itself: at most 14 days back, a week long at least, ending after the reference day.
  const promoStart = -faker.number.int(Math.min(14, -introduced));
  const promoEnd = promoStart + faker.number.int({ min: Math.max(7, 1 - promoStart), max: 28 });
  const onlineOnly = faker.number.float() < 0.05;
  const abandonedDay = discontinued ? faker.number.int({ min: 30, max: 120 }) : undefined;
  const life: Life = {
    statuses,
    promoted,
    discount,
    promoStart,
    promoEnd,
    labels: labelsFor(isNew, promoted.size > 0, onlineOnly),
  };
  if (abandonedDay !== undefined) {
    life.abandoned = isoDate(abandonedDay);
    // Discontinued some months before it is abandoned, after its time as New and by the reference day
    // (a product that is not New was introduced NEW_DAYS or more days before it).
    life.discontinuedSince = isoDate(Math.max(introduced + NEW_DAYS, abandonedDay - 150));
  }
  return life;
}

/** The labels of each space: New, Sale where promoted, Online Exclusive. */
function labelsIn(spaces: readonly Space[], { labels, promoted }: Life): Label[] {
  const labelsOf = (space: Space) => (promoted.has(space) ? labels.promoted : labels.plain);
  const productLabel = new Array<Label>(spaces.reduce((n, space) => n + labelsOf(space).length, 0));
  let at = 0;
  for (const space of spaces) {
    for (const label of labelsOf(space)) {
      productLabel[at++] = {
        isoLanguageId: space.language,
        spaceId: space.spaceId,
        productLabel: text(label, space.language),
      };
    }
  }
  return productLabel;
}

/**
 * The product's features (on its first variant), then each variant's. Feature values are worded in
 * the first language only, and say so: the published client reads a product's features by language.
 */
function featuresOf(draft: ProductDraft, variants: readonly Variant[], featureLanguage: string): Feature[] {
  const drafts = draft.variants;
  const productFeature = new Array<Feature>(
    drafts.reduce((n, v) => n + (v.features?.length ?? 0), draft.features.length),
  );
  let at = 0;
  const first = variants[0]!.productId;
  for (const f of draft.features) {
    productFeature[at++] = {
      productId: first,
      isoLanguageId: featureLanguage,
      productFeatureType: f.type,
      productFeatureValue: f.value,
    };
  }
  for (let i = 0; i < drafts.length; i++) {
    for (const f of drafts[i]!.features ?? []) {
      productFeature[at++] = {
        productId: variants[i]!.productId,
        isoLanguageId: featureLanguage,
        productFeatureType: f.type,
        productFeatureValue: f.value,
      };
    }
  }
  return productFeature;
}

/** A standard price for each variant in each space, and a promotional one where the space is promoted. */
function pricesOf(
  spaces: readonly Space[],
  variants: readonly Variant[],
  draft: ProductDraft,
  { promoted, discount, promoStart, promoEnd }: Life,
): Price[] {
  const productPriceList = new Array<Price>((spaces.length + promoted.size) * variants.length);
  let at = 0;
  for (const space of spaces) {
    const isPromoted = promoted.has(space);
    for (let i = 0; i < variants.length; i++) {
      const productId = variants[i]!.productId;
      const standard = shelfPrice(draft.basePrice * (draft.variants[i]!.priceFactor ?? 1), space);
      productPriceList[at++] = {
        productId,
        priceListType: 'Standard',
        listPrice: standard,
        spaceId: space.spaceId,
        isoLanguageId: space.language,
        isoCurrencyCode: space.currency,
      };
      if (!isPromoted) continue;
      // Written out, not spread from the standard price: V8 gave each spread copy a hidden class of
      // its own (docs/performance.md, "Generated catalogs: shared values and flat strings").
      productPriceList[at++] = {
        productId,
        priceListType: 'Promotional',
        listPrice: Math.min(standard, endPrice(standard * (1 - discount), space.ending)),
        spaceId: space.spaceId,
        isoLanguageId: space.language,
        isoCurrencyCode: space.currency,
        periodStartTimestamp: isoTimestamp(promoStart),
        periodEndTimestamp: isoTimestamp(promoEnd),
        suggestedRetailPrice: standard,
      };
    }
  }
  return productPriceList;
}

/** The stock of each variant in each space: none for about one in ten. */
function quantitiesOf(
  def: Pick<DatasetDefinition, 'stockMax'>,
  faker: Faker,
  spaces: readonly Space[],
  variants: readonly Variant[],
): Quantity[] {
  const productItemQuantity = new Array<Quantity>(spaces.length * variants.length);
  let at = 0;
  for (const space of spaces) {
    for (const variant of variants) {
      productItemQuantity[at++] = {
        productId: variant.productId,
        spaceId: space.spaceId,
        productItemQuantity: faker.number.float() < 0.1 ? 0 : faker.number.int({ min: 1, max: def.stockMax }),
      };
    }
  }
  return productItemQuantity;
}

/** The status of each space, since the product's introduction, or since it was discontinued. */
function statusesOf(spaces: readonly Space[], life: Life, introductionDate: string): Status[] {
  const productStatus = new Array<Status>(spaces.length);
  for (let s = 0; s < spaces.length; s++) {
    const space = spaces[s]!;
    const status = life.statuses[s]!;
    productStatus[s] =
      status === 'Discontinued'
        ? {
            productStatus: status,
            isoLanguageId: space.language,
            spaceId: space.spaceId,
            periodStartDate: life.discontinuedSince!,
            productStatusNote: 'Last units: not reordered',
          }
        : {
            productStatus: status,
            isoLanguageId: space.language,
            spaceId: space.spaceId,
            periodStartDate: introductionDate,
          };
  }
  return productStatus;
}

/**
 * A brand in each language, as the published client reads a brand by language; a brand's name is
 * the same in each. Shared by every product of the brand, so it costs no memory per product.
 */
const brandOf = (shared: Shared, brand: Brand, langs: readonly string[], mediaBase: string) =>
  shared.from(
    'brand',
    brand,
    () => brand.vendorId,
    () => {
      const brandLogo = mediaUrl('brands', brand.vendorId, 'logo', 'png', mediaBase);
      return langs.map((isoLanguageId) => ({ isoLanguageId, brandName: brand.name, brandLogo }));
    },
  );

/**
 * Draws a family member again while it looks like one before it: two products of one
 * variantsGroupId alike in names, variants and features are one product listed twice to a shop
 * offering the family's choices. The draws are bounded, so a dataset whose leaf cannot give a family
 * distinct members still ends (the consistency test finds such a dataset).
 */
function describeMember<Leaf>(
  describe: Describe<Leaf>,
  context: DraftContext<Leaf>,
  family: Set<string> | undefined,
): ProductDraft {
  let draft = describe(context);
  if (family === undefined) return draft;
  for (let tries = 0; tries < MEMBER_TRIES && family.has(lookOf(draft)); tries++) draft = describe(context);
  family.add(lookOf(draft));
  return draft;
}

const MEMBER_TRIES = 50;

/** What a shopper tells products apart by: names, each variant's colour, size, style and features, and features. */
const lookOf = (draft: ProductDraft): string =>
  JSON.stringify([
    keyOf(draft.names),
    draft.variants.map((v) => [v.color, v.size, v.style, v.features]),
    draft.features,
  ]);

type Element<K extends keyof CatalogProduct> =
  NonNullable<CatalogProduct[K]> extends readonly (infer E)[] ? E : never;
type Label = Element<'productLabel'>;
type Feature = Element<'productFeature'>;
type Price = Element<'productPriceList'>;
type Quantity = Element<'productItemQuantity'>;
type Status = Element<'productStatus'>;
type ProductStatusValue = Status['productStatus'];

const DISCOUNTS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.4];

const swatch = (shared: Shared, color: string, base: string): string =>
  shared.from(
    'swatch',
    color,
    () => color,
    () => swatchUrl(color, base),
  );

const keyOf = (t: Texts) => `${t.en}|${t.us}|${t.gb}|${t.sv}|${t.it}`;

/** Most products are sold everywhere (the definition's own array, shared); the rest in a non-empty subset. */
function pickSpaces(faker: Faker, spaces: readonly Space[]): readonly Space[] {
  if (spaces.length === 1 || faker.number.float() < 0.75) return spaces;
  const some = spaces.filter(() => faker.datatype.boolean());
  return some.length ? some : [faker.helpers.arrayElement(spaces)];
}

/** The labels of a product in a space without a promotion, and in one with. */
function labelsFor(
  isNew: boolean,
  promoted: boolean,
  onlineOnly: boolean,
): { plain: Texts[]; promoted: Texts[] } {
  const plain: Texts[] = [];
  if (isNew) plain.push(LABELS.new);
  const withSale = promoted ? [...plain, LABELS.sale] : plain;
  if (onlineOnly) {
    plain.push(LABELS.online);
    if (withSale !== plain) withSale.push(LABELS.online);
  }
  return { plain, promoted: withSale };
}

/** A UPC-A (also given as its GTIN-13) for some variants, an EAN-13 (= its GTIN-13) for the rest. */
function barcodes(
  def: Pick<DatasetDefinition, 'upcShare' | 'eanPrefix'>,
  faker: Faker,
  serials: { ean: number; upc: number },
): Pick<Variant, 'globalTradeItemNumber' | 'europeanArticleNumber' | 'universalProductCode'> {
  if (def.upcShare > 0 && faker.number.float() < def.upcShare) {
    const upc = upcA(serials.upc++);
    return { globalTradeItemNumber: [flat('0', upc)], universalProductCode: [upc] };
  }
  const ean = [ean13(def.eanPrefix, serials.ean++)];
  return { globalTradeItemNumber: ean, europeanArticleNumber: ean };
}

const VIEWS = ['front', 'back', 'detail'] as const;

/** One to three pictures per colour (on its first variant), and a video for some products. */
function media(dataset: string, faker: Faker, productGroupId: string, variants: Variant[], base: string) {
  const colours = new Set<string>();
  const items = [];
  for (const variant of variants) {
    const colour = variant.color ?? '';
    if (colours.has(colour)) continue;
    colours.add(colour);
    const views = faker.number.int({ min: 1, max: 3 });
    for (let i = 0; i < views; i++) {
      const ext: MediaExtension = i === 0 ? 'jpg' : faker.helpers.arrayElement(IMAGE_EXTENSIONS);
      const file = `${variant.productId}-${VIEWS[i]!}`;
      items.push(item(dataset, productGroupId, variant.productId, file, ext, i + 1, base));
    }
  }
  if (faker.number.float() < 0.08) {
    items.push(item(dataset, productGroupId, variants[0]!.productId, 'video', 'mp4', items.length + 1, base));
  }
  return items;
}

const IMAGE_EXTENSIONS = ['jpg', 'webp', 'png'] as const;

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
