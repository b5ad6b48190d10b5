// electronics: a consumer electronics shop; features such as screen size and storage, few colours.
import {
  flatText,
  slug,
  type CategoryNode,
  type DatasetDefinition,
  type DraftContext,
  type ProductDraft,
  type Texts,
  type VariantDraft,
} from './model.js';

interface ElectronicsLeaf {
  noun: Texts;
  colours: string[];
  /** The feature variants differ by (storage, screen size); each step costs priceStep more. */
  axis?: { type: string; options: string[]; priceStep: number; field: 'style' | 'size' };
  /** Features shared by every variant, one value picked per product. */
  features: { type: string; values: string[] }[];
  price: [number, number];
}

const leaf = (id: string, title: Texts, spec: ElectronicsLeaf): CategoryNode<ElectronicsLeaf> => ({
  id,
  title,
  leaf: spec,
});
const storage = (options: string[]) => ({
  type: 'Storage',
  options,
  priceStep: 0.15,
  field: 'style' as const,
});

const TREE: CategoryNode<ElectronicsLeaf>[] = [
  {
    id: 'computing',
    title: { en: 'Computing' },
    children: [
      leaf(
        'laptops',
        { en: 'Laptops' },
        {
          noun: { en: 'Laptop' },
          colours: ['Space Grey', 'Silver'],
          axis: storage(['256 GB', '512 GB', '1 TB']),
          features: [
            { type: 'Screen size', values: ['13.3"', '14"', '15.6"', '16"'] },
            { type: 'RAM', values: ['8 GB', '16 GB', '32 GB'] },
            { type: 'Battery life', values: ['12 h', '16 h', '20 h'] },
          ],
          price: [600, 2200],
        },
      ),
      leaf(
        'tablets',
        { en: 'Tablets' },
        {
          noun: { en: 'Tablet' },
          colours: ['Space Grey', 'Silver', 'Blue'],
          axis: storage(['64 GB', '128 GB', '256 GB']),
          features: [
            { type: 'Screen size', values: ['8.3"', '10.9"', '12.9"'] },
            { type: 'Connectivity', values: ['Wi-Fi', 'Wi-Fi + 5G'] },
          ],
          price: [250, 1100],
        },
      ),
    ],
  },
  {
    id: 'phones',
    title: { en: 'Phones' },
    children: [
      leaf(
        'smartphones',
        { en: 'Smartphones', gb: 'Mobile phones' },
        {
          noun: { en: 'Smartphone' },
          colours: ['Black', 'White', 'Green'],
          axis: storage(['128 GB', '256 GB', '512 GB']),
          features: [
            { type: 'Screen size', values: ['6.1"', '6.4"', '6.7"'] },
            { type: 'Camera', values: ['48 MP', '50 MP', '200 MP'] },
          ],
          price: [300, 1400],
        },
      ),
    ],
  },
  {
    id: 'audio',
    title: { en: 'Audio' },
    children: [
      leaf(
        'headphones',
        { en: 'Headphones' },
        {
          noun: { en: 'Wireless Headphones' },
          colours: ['Black', 'White', 'Sand'],
          features: [
            { type: 'Noise cancelling', values: ['Yes', 'No'] },
            { type: 'Battery life', values: ['20 h', '30 h', '40 h'] },
          ],
          price: [60, 450],
        },
      ),
      leaf(
        'speakers',
        { en: 'Speakers' },
        {
          noun: { en: 'Bluetooth Speaker' },
          colours: ['Black', 'Blue'],
          features: [
            { type: 'Waterproof', values: ['IP67', 'IPX4', 'No'] },
            { type: 'Battery life', values: ['10 h', '24 h'] },
          ],
          price: [40, 300],
        },
      ),
    ],
  },
  {
    id: 'tv-home',
    title: { en: 'TV & home cinema' },
    children: [
      leaf(
        'televisions',
        { en: 'Televisions' },
        {
          noun: { en: 'Smart TV' },
          colours: ['Black'],
          axis: {
            type: 'Screen size',
            options: ['43"', '50"', '55"', '65"', '75"'],
            priceStep: 0.35,
            field: 'size',
          },
          features: [
            { type: 'Resolution', values: ['4K UHD', '8K'] },
            { type: 'Panel', values: ['LED', 'QLED', 'OLED'] },
          ],
          price: [350, 1800],
        },
      ),
    ],
  },
  {
    id: 'accessories',
    title: { en: 'Accessories' },
    children: [
      leaf(
        'chargers',
        { en: 'Chargers & cables' },
        {
          noun: { en: 'USB-C Charger' },
          colours: ['White'],
          features: [{ type: 'Power', values: ['20 W', '35 W', '65 W', '100 W'] }],
          price: [15, 80],
        },
      ),
    ],
  },
];

const SHIPPING = (['en-US', 'en-GB'] as const).map((isoLanguageId) => ({
  isoLanguageId,
  productShippingInstruction: 'Fragile: contains a lithium-ion battery.',
}));

function describe({ faker, leaf, model, brand }: DraftContext<ElectronicsLeaf>): ProductDraft {
  const features = leaf.features.map((f) => ({ type: f.type, value: faker.helpers.arrayElement(f.values) }));
  const colours = faker.helpers.arrayElements(leaf.colours, {
    min: 1,
    max: Math.min(2, leaf.colours.length),
  });
  const axis = leaf.axis;
  const steps = axis
    ? axis.options.slice(0, faker.number.int({ min: 1, max: axis.options.length }))
    : [undefined];
  const variants: VariantDraft[] = colours.flatMap((color) =>
    steps.map((step, i) => ({
      suffix: [slug(color), step && slug(step)].filter(Boolean).join('-'),
      color,
      ...(axis && step
        ? {
            [axis.field]: step,
            features: [{ type: axis.type, value: step }],
            priceFactor: 1 + i * axis.priceStep,
          }
        : {}),
    })),
  );
  const summary = features.map((f) => `${f.type.toLowerCase()} ${f.value}`).join(', ');
  const name = flatText`${brand.name} ${model} ${leaf.noun.en}`;
  return {
    names: { en: name },
    descriptions: {
      en: flatText`The ${name} with ${summary}. Comes with a two-year warranty.`,
      gb: flatText`The ${name} with ${summary}. Comes with a two-year guarantee.`,
    },
    shortDescriptions: { en: flatText`${leaf.noun.en}, ${summary}` },
    tags: [leaf.noun, { en: brand.name }],
    variants,
    features,
    basePrice: faker.number.int({ min: leaf.price[0], max: leaf.price[1] }),
    extra: {
      // In each language of the dataset: the London and Dublin stores read en-GB.
      productShippingInstruction: SHIPPING,
    },
  };
}

export const electronics: DatasetDefinition<ElectronicsLeaf> = {
  name: 'electronics',
  idPrefix: 'EL',
  count: 120,
  languages: ['en-US', 'en-GB'],
  spaces: [
    { spaceId: 'new-york-5th-avenue', currency: 'USD', language: 'en-US', rate: 1.08, ending: 'cents99' },
    {
      spaceId: 'london-tottenham-court-road',
      currency: 'GBP',
      language: 'en-GB',
      rate: 0.85,
      ending: 'cents99',
    },
    { spaceId: 'dublin-grafton-street', currency: 'EUR', language: 'en-GB', rate: 1, ending: 'cents99' },
  ],
  tree: TREE,
  brands: [
    { name: 'Voltaic', vendorId: 'V-3001', vendor: 'Voltaic Devices Inc.' },
    { name: 'Northwave', vendorId: 'V-3002', vendor: 'Northwave Electronics Ltd' },
    { name: 'Keplerin', vendorId: 'V-3003', vendor: 'Keplerin Audio GmbH' },
    { name: 'Orbis', vendorId: 'V-3004', vendor: 'Orbis Technologies Corp.' },
  ],
  models: ['Air', 'Pro', 'Max', 'Lite', 'One', 'X2', 'Neo', 'Studio', 'Go', 'Ultra'],
  eanPrefix: '539',
  upcShare: 0.7,
  stockMax: 25,
  familyShare: 0.2,
  describer: () => describe,
};
