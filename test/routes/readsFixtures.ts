// Hand-written products for the read tests; expected results are reasoned from these.
import type { CatalogProduct, ProductType } from '../../src/domain/types.js';

interface Spec {
  id: string;
  name: string;
  types: string[];
  brand?: string;
  shellLifeDays?: number;
  prices?: number[];
  features?: [string, string][];
  description?: string;
  tags?: string[];
  variants?: CatalogProduct['variants'];
}

export function product(s: Spec): CatalogProduct {
  const p: CatalogProduct = {
    productGroupId: s.id,
    // Given, as a stored product has them: a seed product without them gets them computed.
    spaceIds: s.prices?.length ? ['store-1'] : [],
    productName: [{ isoLanguageId: 'en-GB', productName: s.name }],
    productType: s.types,
    variants: s.variants ?? [{ productId: `${s.id}-v1` }],
    productPriceList: (s.prices ?? []).map((listPrice, i) => ({
      productId: `${s.id}-v${i + 1}`,
      spaceId: 'store-1',
      listPrice,
      isoCurrencyCode: 'EUR',
    })),
    productFeature: (s.features ?? []).map(([productFeatureType, productFeatureValue]) => ({
      productId: `${s.id}-v1`,
      productFeatureType,
      productFeatureValue,
    })),
  };
  if (s.brand) p.brand = [{ isoLanguageId: 'en-GB', brandName: s.brand }];
  if (s.shellLifeDays !== undefined) p.shellLifeDays = s.shellLifeDays;
  if (s.description) p.productDescription = [{ isoLanguageId: 'en-GB', productDescription: s.description }];
  if (s.tags) p.productTags = [{ isoLanguageId: 'en-GB', productTags: s.tags }];
  return p;
}

/**
 * p1 Red Running Shoe  shoes        Acme  10 days  prices 50, 30  color red, size 42   GTIN 0001234567890
 * p2 Blue Walking Shoe shoes        Zeta   5 days  price 80       color blue
 * p3 Leather Bag       bags         Acme   -       price 120      color red, material leather  ("red stitching")
 * p4 Red Scarf         accessories  Acme   5 days  price 15       tag "winter"
 * p5 Trail Shoe        shoes        -     10 days  no price
 */
export const catalog: CatalogProduct[] = [
  product({
    id: 'p1',
    name: 'Red Running Shoe',
    types: ['shoes'],
    brand: 'Acme',
    shellLifeDays: 10,
    prices: [50, 30],
    features: [
      ['color', 'red'],
      ['size', '42'],
    ],
    variants: [
      { productId: 'p1-v1', globalTradeItemNumber: ['0001234567890'] },
      { productId: 'p1-v2', color: 'blue' },
    ],
  }),
  product({
    id: 'p2',
    name: 'Blue Walking Shoe',
    types: ['shoes'],
    brand: 'Zeta',
    shellLifeDays: 5,
    prices: [80],
    features: [['color', 'blue']],
  }),
  product({
    id: 'p3',
    name: 'Leather Bag',
    types: ['bags'],
    brand: 'Acme',
    prices: [120],
    features: [
      ['color', 'red'],
      ['material', 'leather'],
    ],
    description: 'Hand-made, with red stitching',
  }),
  product({
    id: 'p4',
    name: 'Red Scarf',
    types: ['accessories'],
    brand: 'Acme',
    shellLifeDays: 5,
    prices: [15],
    tags: ['winter'],
  }),
  product({ id: 'p5', name: 'Trail Shoe', types: ['shoes'], shellLifeDays: 10 }),
];

export const productTypes: ProductType[] = [
  { productTypeId: 'shoes', title: [{ isoLanguageId: 'en-GB', label: 'Footwear' }] },
  { productTypeId: 'bags', title: [{ isoLanguageId: 'en-GB', label: 'Bags and cases' }] },
  { productTypeId: 'accessories', title: [{ isoLanguageId: 'en-GB', label: 'Red carpet extras' }] },
];

export const ids = (list: { productGroupId: string }[]): string[] => list.map((p) => p.productGroupId);
