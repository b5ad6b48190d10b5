// demo: a fashion retailer with stores in Stockholm, London and Milan.
import {
  flatText,
  slug,
  text,
  type CategoryNode,
  type DatasetDefinition,
  type DraftContext,
  type Lang,
  type ProductDraft,
  type Texts,
  type VariantDraft,
} from './model.js';

type Material = keyof typeof MATERIALS;

interface FashionLeaf {
  /** Singular, capitalised as in a product name. */
  noun: Texts;
  sizes: keyof typeof SIZES;
  materials: Material[];
  /** Euro price range of the cheapest variant. */
  price: [number, number];
  /** Garments have a fit; shoes and accessories have details instead. */
  fitted: boolean;
}

const MATERIALS = {
  cotton: { en: 'Cotton', sv: 'bomull', it: 'cotone' },
  organicCotton: { en: 'Organic Cotton', sv: 'ekologisk bomull', it: 'cotone biologico' },
  linen: { en: 'Linen', sv: 'linne', it: 'lino' },
  wool: { en: 'Wool', sv: 'ull', it: 'lana' },
  merino: { en: 'Merino', sv: 'merinoull', it: 'lana merino' },
  cashmere: { en: 'Cashmere', sv: 'kashmir', it: 'cashmere' },
  denim: { en: 'Denim', sv: 'denim', it: 'denim' },
  leather: { en: 'Leather', sv: 'läder', it: 'pelle' },
  suede: { en: 'Suede', sv: 'mocka', it: 'camoscio' },
  silk: { en: 'Silk', sv: 'siden', it: 'seta' },
  recycled: { en: 'Recycled Polyester', sv: 'återvunnen polyester', it: 'poliestere riciclato' },
} satisfies Record<string, Texts>;

const CARE: Record<Material, Texts> = {
  cotton: { en: 'Machine wash at 40°C.', sv: 'Tvättas i maskin, 40°C.', it: 'Lavabile in lavatrice a 40°C.' },
  organicCotton: {
    en: 'Machine wash at 40°C.',
    sv: 'Tvättas i maskin, 40°C.',
    it: 'Lavabile in lavatrice a 40°C.',
  },
  linen: { en: 'Machine wash at 30°C.', sv: 'Tvättas i maskin, 30°C.', it: 'Lavabile in lavatrice a 30°C.' },
  wool: { en: 'Hand wash cold.', sv: 'Handtvätt i kallt vatten.', it: 'Lavare a mano in acqua fredda.' },
  merino: { en: 'Wool programme at 30°C.', sv: 'Ullprogram, 30°C.', it: 'Programma lana a 30°C.' },
  cashmere: { en: 'Dry clean only.', sv: 'Endast kemtvätt.', it: 'Solo lavaggio a secco.' },
  denim: { en: 'Wash inside out at 30°C.', sv: 'Tvättas ut och in, 30°C.', it: 'Lavare al rovescio a 30°C.' },
  leather: {
    en: 'Wipe clean with a damp cloth.',
    sv: 'Torka av med fuktig trasa.',
    it: 'Pulire con un panno umido.',
  },
  suede: {
    en: 'Brush gently; protect from rain.',
    sv: 'Borsta varsamt; skydda mot regn.',
    it: 'Spazzolare delicatamente; proteggere dalla pioggia.',
  },
  silk: { en: 'Dry clean only.', sv: 'Endast kemtvätt.', it: 'Solo lavaggio a secco.' },
  recycled: {
    en: 'Machine wash at 30°C.',
    sv: 'Tvättas i maskin, 30°C.',
    it: 'Lavabile in lavatrice a 30°C.',
  },
};

const FITS: Texts[] = [
  { en: 'a regular fit', sv: 'normal passform', it: 'vestibilità regolare' },
  { en: 'a relaxed fit', sv: 'avslappnad passform', it: 'vestibilità comoda' },
  { en: 'a slim fit', sv: 'smal passform', it: 'vestibilità slim' },
];

const DETAILS: Texts[] = [
  { en: 'hand-finished details', sv: 'handgjorda detaljer', it: 'dettagli rifiniti a mano' },
  { en: 'tonal stitching', sv: 'ton-i-ton-sömmar', it: 'cuciture tono su tono' },
  { en: 'brushed metal hardware', sv: 'beslag i borstad metall', it: 'finiture in metallo spazzolato' },
];

const CLOSINGS: Texts[] = [
  {
    en: 'Made to be worn season after season.',
    sv: 'Gjord för att användas säsong efter säsong.',
    it: 'Realizzato per durare stagione dopo stagione.',
  },
  {
    en: 'Easy to combine with the rest of your wardrobe.',
    sv: 'Lätt att kombinera med resten av garderoben.',
    it: 'Facile da abbinare al resto del guardaroba.',
  },
  {
    en: 'A favourite of our stylists.',
    us: 'A favorite of our stylists.',
    sv: 'En favorit hos våra stylister.',
    it: 'Un preferito dei nostri stilisti.',
  },
];

const SIZES = {
  apparel: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  waist: ['W28', 'W30', 'W32', 'W34', 'W36'],
  shoes: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45'],
  one: ['One Size'],
};

const COLOURS = [
  'Black',
  'White',
  'Navy',
  'Grey Melange',
  'Camel',
  'Forest Green',
  'Burgundy',
  'Sand',
  'Sky Blue',
  'Rust',
];

const SEASONS = ['SS25', 'AW25', 'SS26'];

const leaf = (id: string, title: Texts, spec: FashionLeaf): CategoryNode<FashionLeaf> => ({
  id,
  title,
  leaf: spec,
});
const garment = (
  noun: Texts,
  materials: Material[],
  price: [number, number],
  sizes: FashionLeaf['sizes'] = 'apparel',
) => ({
  noun,
  sizes,
  materials,
  price,
  fitted: true,
});

const TREE: CategoryNode<FashionLeaf>[] = [
  {
    id: 'clothing',
    title: { en: 'Clothing', sv: 'Kläder', it: 'Abbigliamento' },
    children: [
      {
        id: 'tops',
        title: { en: 'Tops', sv: 'Överdelar', it: 'Top' },
        children: [
          leaf(
            't-shirts',
            { en: 'T-Shirts', sv: 'T-shirts', it: 'T-shirt' },
            garment(
              { en: 'T-Shirt', sv: 'T-shirt', it: 'T-shirt' },
              ['cotton', 'organicCotton', 'linen'],
              [15, 45],
            ),
          ),
          leaf(
            'shirts',
            { en: 'Shirts', sv: 'Skjortor', it: 'Camicie' },
            garment({ en: 'Shirt', sv: 'skjorta', it: 'Camicia' }, ['cotton', 'linen', 'silk'], [35, 110]),
          ),
          leaf(
            'knitwear',
            { en: 'Knitwear', us: 'Sweaters', sv: 'Stickat', it: 'Maglieria' },
            garment(
              { en: 'Jumper', us: 'Sweater', sv: 'tröja', it: 'Maglione' },
              ['wool', 'merino', 'cashmere'],
              [45, 220],
            ),
          ),
        ],
      },
      {
        id: 'bottoms',
        title: { en: 'Bottoms', sv: 'Underdelar', it: 'Pantaloni e gonne' },
        children: [
          leaf(
            'jeans',
            { en: 'Jeans', sv: 'Jeans', it: 'Jeans' },
            garment({ en: 'Jeans', sv: 'jeans', it: 'Jeans' }, ['denim'], [50, 140], 'waist'),
          ),
          leaf(
            'trousers',
            { en: 'Trousers', us: 'Pants', sv: 'Byxor', it: 'Pantaloni' },
            garment(
              { en: 'Trousers', us: 'Pants', sv: 'byxor', it: 'Pantaloni' },
              ['wool', 'linen', 'cotton'],
              [45, 150],
              'waist',
            ),
          ),
          leaf(
            'skirts',
            { en: 'Skirts', sv: 'Kjolar', it: 'Gonne' },
            garment({ en: 'Skirt', sv: 'kjol', it: 'Gonna' }, ['wool', 'silk', 'denim'], [35, 120]),
          ),
        ],
      },
      {
        id: 'outerwear',
        title: { en: 'Outerwear', sv: 'Ytterkläder', it: 'Capispalla' },
        children: [
          leaf(
            'jackets',
            { en: 'Jackets', sv: 'Jackor', it: 'Giacche' },
            garment({ en: 'Jacket', sv: 'jacka', it: 'Giacca' }, ['recycled', 'denim', 'leather'], [80, 300]),
          ),
          leaf(
            'coats',
            { en: 'Coats', sv: 'Kappor', it: 'Cappotti' },
            garment({ en: 'Coat', sv: 'kappa', it: 'Cappotto' }, ['wool', 'cashmere'], [150, 450]),
          ),
        ],
      },
      leaf(
        'dresses',
        { en: 'Dresses', sv: 'Klänningar', it: 'Abiti' },
        garment({ en: 'Dress', sv: 'klänning', it: 'Abito' }, ['silk', 'linen', 'cotton'], [50, 200]),
      ),
    ],
  },
  {
    id: 'shoes',
    title: { en: 'Shoes', sv: 'Skor', it: 'Scarpe' },
    children: [
      leaf(
        'sneakers',
        { en: 'Trainers', us: 'Sneakers', sv: 'Sneakers', it: 'Sneakers' },
        {
          noun: { en: 'Trainers', us: 'Sneakers', sv: 'sneakers', it: 'Sneakers' },
          sizes: 'shoes',
          materials: ['leather', 'suede', 'recycled'],
          price: [70, 180],
          fitted: false,
        },
      ),
      leaf(
        'boots',
        { en: 'Boots', sv: 'Kängor', it: 'Stivali' },
        {
          noun: { en: 'Boots', sv: 'kängor', it: 'Stivali' },
          sizes: 'shoes',
          materials: ['leather', 'suede'],
          price: [120, 320],
          fitted: false,
        },
      ),
    ],
  },
  {
    id: 'accessories',
    title: { en: 'Accessories', sv: 'Accessoarer', it: 'Accessori' },
    children: [
      leaf(
        'bags',
        { en: 'Bags', sv: 'Väskor', it: 'Borse' },
        {
          noun: { en: 'Tote Bag', sv: 'väska', it: 'Borsa' },
          sizes: 'one',
          materials: ['leather', 'cotton', 'recycled'],
          price: [30, 260],
          fitted: false,
        },
      ),
      leaf(
        'scarves',
        { en: 'Scarves', sv: 'Halsdukar', it: 'Sciarpe' },
        {
          noun: { en: 'Scarf', sv: 'halsduk', it: 'Sciarpa' },
          sizes: 'one',
          materials: ['wool', 'cashmere', 'silk'],
          price: [25, 160],
          fitted: false,
        },
      ),
      leaf(
        'belts',
        { en: 'Belts', sv: 'Bälten', it: 'Cinture' },
        {
          noun: { en: 'Belt', sv: 'bälte', it: 'Cintura' },
          sizes: 'one',
          materials: ['leather', 'suede'],
          price: [30, 90],
          fitted: false,
        },
      ),
    ],
  },
];

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Wording = Pick<ProductDraft, 'names' | 'descriptions' | 'shortDescriptions' | 'tags' | 'features'>;

/** What one generation memoises, so that later products get the same objects. */
interface Memos {
  /**
   * A product's texts follow from its leaf, model, material, trait and closing: each combination is
   * written once, and later products get the same objects, which the engine then shares by identity
   * instead of by a key built from every text (docs/performance.md, "Start-up").
   */
  wordings: Map<FashionLeaf, Map<string, Wording>>;
  /** Variant drafts by size chart, size run and colours: a few hundred, made once each. */
  variantRuns: Map<string, VariantDraft[]>;
  /** The extra fields by season: one record part, shared. */
  extras: Map<string, ProductDraft['extra']>;
}

function describe({ faker, leaf, model }: DraftContext<FashionLeaf>, memos: Memos): ProductDraft {
  const { wordings, variantRuns, extras } = memos;
  const material = faker.helpers.arrayElement(leaf.materials);
  const traits = leaf.fitted ? FITS : DETAILS;
  const trait = faker.helpers.arrayElement(traits);
  const closing = faker.helpers.arrayElement(CLOSINGS);
  let byLeaf = wordings.get(leaf);
  if (!byLeaf) wordings.set(leaf, (byLeaf = new Map()));
  const key = `${model}|${material}|${traits.indexOf(trait)}|${CLOSINGS.indexOf(closing)}`;
  let wording = byLeaf.get(key);
  if (!wording) byLeaf.set(key, (wording = word(leaf, model, material, trait, closing)));

  const colours = faker.helpers.arrayElements(
    COLOURS,
    faker.helpers.weightedArrayElement([
      { weight: 7, value: 1 },
      { weight: 2, value: 2 },
      { weight: 1, value: 3 },
    ]),
  );
  const all = SIZES[leaf.sizes];
  const run = Math.min(all.length, faker.number.int({ min: 3, max: 4 }));
  const from = faker.number.int(all.length - run);
  const runKey = `${leaf.sizes}|${from}|${run}|${colours.join('|')}`;
  let variants = variantRuns.get(runKey);
  if (!variants) {
    const sizes = all.slice(from, from + run);
    variants = colours.flatMap((color) =>
      sizes.map((size) => ({ suffix: flatText`${slug(color)}-${slug(size)}`, color, size })),
    );
    variantRuns.set(runKey, variants);
  }

  const basePrice = faker.number.int({ min: leaf.price[0], max: leaf.price[1] });
  const season = faker.helpers.arrayElement(SEASONS);
  let extra = extras.get(season);
  if (!extra) extras.set(season, (extra = { customProperties: [{ key: 'season', value: season }] }));
  return { ...wording, variants, basePrice, extra };
}

/** The texts of one combination, one sentence pattern per language filled with its words. */
function word(leaf: FashionLeaf, model: string, material: Material, trait: Texts, closing: Texts): Wording {
  const m = MATERIALS[material];
  const n = leaf.noun;
  const write = (
    lang: Lang,
    f: (w: Record<'noun' | 'material' | 'trait' | 'closing' | 'care', string>) => string,
  ) =>
    f({
      noun: text(n, lang),
      material: text(m, lang),
      trait: text(trait, lang),
      closing: text(closing, lang),
      care: text(CARE[material], lang),
    });
  const english = (lang: Lang) => ({
    name: write(lang, (w) => flatText`${model} ${w.material} ${w.noun}`),
    description: write(
      lang,
      (w) => flatText`${w.material} ${w.noun.toLowerCase()} with ${w.trait}. ${w.closing} ${w.care}`,
    ),
    short: write(lang, (w) => flatText`${w.material} ${w.noun.toLowerCase()}, ${w.trait.replace(/^a /, '')}`),
  });
  const us = english('en-US');
  const gb = english('en-GB');
  return {
    names: {
      en: gb.name,
      us: us.name,
      sv: write('sv-SE', (w) => flatText`${model} ${w.noun} i ${w.material}`),
      it: write('it-IT', (w) => flatText`${w.noun} ${model} in ${w.material}`),
    },
    descriptions: {
      en: gb.description,
      us: us.description,
      sv: write(
        'sv-SE',
        (w) => flatText`${capitalise(w.noun)} i ${w.material} med ${w.trait}. ${w.closing} ${w.care}`,
      ),
      it: write('it-IT', (w) => flatText`${w.noun} in ${w.material} con ${w.trait}. ${w.closing} ${w.care}`),
    },
    shortDescriptions: {
      en: gb.short,
      us: us.short,
      sv: write('sv-SE', (w) => flatText`${capitalise(w.noun)} i ${w.material}, ${w.trait}`),
      it: write('it-IT', (w) => flatText`${w.noun} in ${w.material}, ${w.trait}`),
    },
    tags: [n, m],
    features: [
      { type: 'Material', value: m.en },
      ...(leaf.fitted ? [{ type: 'Fit', value: capitalise(trait.en.replace(/^a /, '')) }] : []),
    ],
  };
}

export const demo: DatasetDefinition<FashionLeaf> = {
  name: 'demo',
  idPrefix: 'FA',
  count: 200,
  languages: ['en-US', 'en-GB', 'sv-SE', 'it-IT'],
  spaces: [
    { spaceId: 'stockholm-drottninggatan', currency: 'SEK', language: 'sv-SE', rate: 11.2, ending: 'nine' },
    { spaceId: 'london-regent-street', currency: 'GBP', language: 'en-GB', rate: 0.85, ending: 'cents99' },
    { spaceId: 'milano-corso-como', currency: 'EUR', language: 'it-IT', rate: 1, ending: 'cents95' },
  ],
  tree: TREE,
  brands: [
    { name: 'Nordvik', vendorId: 'V-1001', vendor: 'Nordvik Apparel AB' },
    { name: 'Atelier Brera', vendorId: 'V-1002', vendor: 'Atelier Brera S.r.l.' },
    { name: 'Hollis & Finch', vendorId: 'V-1003', vendor: 'Hollis & Finch Ltd' },
    { name: 'Fjällgran', vendorId: 'V-1004', vendor: 'Fjällgran Outdoor AB' },
    { name: 'Studio Lume', vendorId: 'V-1005', vendor: 'Lume Studio S.p.A.' },
    { name: 'Marlow Row', vendorId: 'V-1006', vendor: 'Marlow Row Clothing Ltd' },
  ],
  models: [
    'Aria',
    'Bjorn',
    'Celia',
    'Dante',
    'Elsa',
    'Fiore',
    'Greta',
    'Harlow',
    'Iris',
    'Juno',
    'Kasper',
    'Linnea',
    'Marco',
    'Nora',
    'Otto',
    'Pia',
    'Rocco',
    'Saga',
    'Tessa',
    'Ulla',
    'Vera',
    'Wilma',
    'Ystad',
    'Zeno',
  ],
  eanPrefix: '735',
  upcShare: 0.05,
  stockMax: 60,
  familyShare: 0.15,
  describer: () => {
    const memos: Memos = { wordings: new Map(), variantRuns: new Map(), extras: new Map() };
    return (ctx) => describe(ctx, memos);
  },
};
