// The vocabulary of dataset definitions: what a bundled dataset describes, and what the engine fills in.
// Beside the definitions, so that they and the generator (src/seed/) both import it without a loop; it
// imports from src/ only the domain's record types and two pure string helpers, re-exported below.
import type { Faker } from '@faker-js/faker';
import type { CatalogProduct } from '../src/domain/types.js';

export { flatText } from '../src/domain/flat.js';
export { slug } from '../src/domain/slug.js';

export type Lang = 'en-US' | 'en-GB' | 'sv-SE' | 'it-IT';

/** One text in every language a dataset speaks; en-US and en-GB fall back to `en`. */
export interface Texts {
  en: string;
  us?: string;
  gb?: string;
  sv?: string;
  it?: string;
}

/** A text for one language tag; a definition that lacks a language it declares is a bug. */
export function text(texts: Texts, lang: Lang): string {
  const value =
    lang === 'en-US'
      ? (texts.us ?? texts.en)
      : lang === 'en-GB'
        ? (texts.gb ?? texts.en)
        : lang === 'sv-SE'
          ? texts.sv
          : texts.it;
  if (value === undefined) throw new Error(`No ${lang} text for "${texts.en}"`);
  return value;
}

/** How prices look on a shelf in a currency: 299 kr, £24.99, €29.95, 24.90 kr. */
export type PriceEnding = 'nine' | 'cents99' | 'cents95' | 'cents90';

export interface Space {
  spaceId: string;
  currency: string;
  language: Lang;
  /** Units of the currency per euro: base prices are written in euros. */
  rate: number;
  ending: PriceEnding;
}

export interface CategoryNode<Leaf> {
  id: string;
  title: Texts;
  children?: CategoryNode<Leaf>[];
  /** Present on leaves only: what the dataset needs to describe a product of this type. */
  leaf?: Leaf;
}

export interface Brand {
  name: string;
  vendorId: string;
  vendor: string;
}

interface Feature {
  type: string;
  value: string;
}

export interface VariantDraft {
  /** Appended to the productGroupId to make the variant's productId. */
  suffix: string;
  color?: string;
  size?: string;
  style?: string;
  /** Features of this variant only (e.g. its storage). */
  features?: Feature[];
  /** Multiplies the product's base price (a bigger screen costs more). */
  priceFactor?: number;
}

/** What a dataset says about one product; the engine adds ids, barcodes, prices, stock and media. */
export interface ProductDraft {
  names: Texts;
  descriptions: Texts;
  shortDescriptions: Texts;
  tags: Texts[];
  variants: VariantDraft[];
  /** Product-level features, carried by the first variant. */
  features: Feature[];
  /** Price of the cheapest variant, in euros before the currency's rounding. */
  basePrice: number;
  /** Dataset-specific fields (shellLifeDays, storageInstructions, customProperties, ...). */
  extra?: Partial<CatalogProduct>;
}

/** What describe() is told: the product's leaf, and what it shares with the rest of its family. */
export interface DraftContext<Leaf> {
  faker: Faker;
  leaf: Leaf;
  model: string;
  brand: Brand;
  /** A random whole number, the same for every member of a family: for whatever else they share. */
  variety: number;
}

/** Describes one product of a generation. */
export type Describe<Leaf> = (ctx: DraftContext<Leaf>) => ProductDraft;

export interface DatasetDefinition<Leaf = unknown> {
  name: string;
  /** productGroupIds are `${idPrefix}-00001`, ... */
  idPrefix: string;
  count: number;
  languages: readonly Lang[];
  spaces: readonly Space[];
  tree: readonly CategoryNode<Leaf>[];
  brands: readonly Brand[];
  models: readonly string[];
  /** GS1 prefix of the EAN-13 codes (3 digits, not starting with 0). */
  eanPrefix: string;
  /** Share of variants that carry a UPC-A (as universalProductCode, and as GTIN-13 in globalTradeItemNumber). */
  upcShare: number;
  /** Most units of one variant in stock in one space. */
  stockMax: number;
  /** Share of products that belong to a family sharing a variantsGroupId. */
  familyShare: number;
  /**
   * A describe function for one generation. What it memoises to share texts between products goes
   * with that generation: kept in the module, the memos stayed resident beside the catalog
   * (docs/performance.md, "Generated catalogs: shared values and flat strings").
   */
  describer(): Describe<Leaf>;
}
