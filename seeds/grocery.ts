// grocery: a Swedish grocer; single-variant products with shelf life and storage instructions.
import {
  flatText,
  type CategoryNode,
  type DatasetDefinition,
  type DraftContext,
  type ProductDraft,
  type Texts,
} from './model.js';

type Storage = keyof typeof STORAGE;

interface GroceryItem {
  name: Texts;
  /**
   * In English; Swedish texts write them as a Swede would (swedishPack). Two at least: with organic
   * or not, they make the four members a family of up to three can differ by.
   */
  packs: string[];
  /** The Swedish noun's form, which the Swedish "organic" agrees with; common singular when absent. */
  sv?: 'neuter' | 'plural';
}

interface GroceryLeaf {
  items: GroceryItem[];
  storage: Storage;
  /** Range of shellLifeDays. */
  shelfLife: [number, number];
  /** Euro price range. */
  price: [number, number];
}

const STORAGE = {
  fridge: {
    storage: { en: 'Keep refrigerated at 2-6°C.', sv: 'Förvaras i kylskåp, 2-6°C.' },
    consumer: { en: 'Once opened, use within 3 days.', sv: 'Öppnad förpackning hålls 3 dagar.' },
  },
  freezer: {
    storage: { en: 'Store frozen at -18°C or below.', sv: 'Förvaras fryst, -18°C eller kallare.' },
    consumer: { en: 'Do not refreeze once thawed.', sv: 'Får inte frysas om efter upptining.' },
  },
  dry: {
    storage: { en: 'Store in a cool, dry place.', sv: 'Förvaras torrt och svalt.' },
    consumer: {
      en: 'Once opened, keep in an airtight container.',
      sv: 'Förvaras i lufttät burk efter öppning.',
    },
  },
  ambient: {
    storage: {
      en: 'Store at room temperature, out of direct sunlight.',
      sv: 'Förvaras i rumstemperatur, skyddat från solljus.',
    },
    consumer: { en: 'Best eaten within two days.', sv: 'Godast inom två dagar.' },
  },
} satisfies Record<string, { storage: Texts; consumer: Texts }>;

const ORIGINS: Texts[] = [
  { en: 'Sweden', sv: 'Sverige' },
  { en: 'Denmark', sv: 'Danmark' },
  { en: 'Italy', sv: 'Italien' },
  { en: 'Spain', sv: 'Spanien' },
  { en: 'Netherlands', sv: 'Nederländerna' },
  { en: 'Colombia', sv: 'Colombia' },
  { en: 'Kenya', sv: 'Kenya' },
];
const ORGANIC: Texts = { en: 'Organic', sv: 'Ekologisk' };
/** The Swedish adjective agrees with its noun: ekologisk mjölk, ekologiskt bröd, ekologiska äpplen. */
const ORGANIC_SV = { common: 'Ekologisk', neuter: 'Ekologiskt', plural: 'Ekologiska' } as const;

/** A pack size as a Swedish text writes it: a decimal comma, "st" for pieces, "påsar" for bags. */
const swedishPack = (pack: string): string =>
  pack
    .replace(/(\d)\.(\d)/, '$1,$2')
    .replace(/ pcs$/, ' st')
    .replace(/ bags$/, ' påsar');

/**
 * The grocer's product features are worded in Swedish, the dataset's first language, as each
 * element's isoLanguageId says (docs/datasets.md, "Datasets").
 */
const FEATURE = { pack: 'Förpackning', origin: 'Ursprung', organic: 'Ekologisk', yes: 'Ja', no: 'Nej' };

const leaf = (id: string, title: Texts, spec: GroceryLeaf): CategoryNode<GroceryLeaf> => ({
  id,
  title,
  leaf: spec,
});

const TREE: CategoryNode<GroceryLeaf>[] = [
  {
    id: 'fresh',
    title: { en: 'Fresh food', sv: 'Färskvaror' },
    children: [
      leaf(
        'dairy',
        { en: 'Dairy', sv: 'Mejeri' },
        {
          items: [
            { name: { en: 'Whole milk', sv: 'Standardmjölk' }, packs: ['1 l', '1.5 l'] },
            { name: { en: 'Greek yoghurt', sv: 'Grekisk yoghurt' }, packs: ['500 g', '1 kg'] },
            {
              name: { en: 'Salted butter', sv: 'Normalsaltat smör' },
              packs: ['250 g', '500 g'],
              sv: 'neuter',
            },
            { name: { en: 'Aged cheddar', sv: 'Lagrad cheddar' }, packs: ['200 g', '450 g'] },
          ],
          storage: 'fridge',
          shelfLife: [7, 45],
          price: [1, 8],
        },
      ),
      leaf(
        'fruit-vegetables',
        { en: 'Fruit & vegetables', sv: 'Frukt & grönt' },
        {
          items: [
            {
              name: { en: 'Cherry tomatoes', sv: 'Körsbärstomater' },
              packs: ['250 g', '500 g'],
              sv: 'plural',
            },
            { name: { en: 'Baby spinach', sv: 'Babyspenat' }, packs: ['65 g', '150 g'] },
            { name: { en: 'Apples', sv: 'Äpplen' }, packs: ['1 kg', '2 kg'], sv: 'plural' },
            { name: { en: 'Avocados', sv: 'Avokado' }, packs: ['2 pcs', '4 pcs'] },
          ],
          storage: 'fridge',
          shelfLife: [4, 21],
          price: [1, 5],
        },
      ),
      leaf(
        'bakery',
        { en: 'Bread & bakery', sv: 'Bröd & bageri' },
        {
          items: [
            { name: { en: 'Sourdough loaf', sv: 'Surdegsbröd' }, packs: ['500 g', '750 g'], sv: 'neuter' },
            {
              name: { en: 'Cardamom buns', sv: 'Kardemummabullar' },
              packs: ['4 pcs', '6 pcs'],
              sv: 'plural',
            },
            { name: { en: 'Crispbread', sv: 'Knäckebröd' }, packs: ['250 g', '520 g'], sv: 'neuter' },
          ],
          storage: 'ambient',
          shelfLife: [2, 10],
          price: [2, 6],
        },
      ),
    ],
  },
  {
    id: 'pantry',
    title: { en: 'Pantry', sv: 'Skafferi' },
    children: [
      leaf(
        'pasta-rice',
        { en: 'Pasta & rice', sv: 'Pasta & ris' },
        {
          items: [
            { name: { en: 'Spaghetti', sv: 'Spaghetti' }, packs: ['500 g', '1 kg'] },
            { name: { en: 'Jasmine rice', sv: 'Jasminris' }, packs: ['1 kg', '2 kg'], sv: 'neuter' },
            { name: { en: 'Penne rigate', sv: 'Penne rigate' }, packs: ['500 g', '1 kg'] },
          ],
          storage: 'dry',
          shelfLife: [365, 730],
          price: [1, 5],
        },
      ),
      leaf(
        'coffee-tea',
        { en: 'Coffee & tea', sv: 'Kaffe & te' },
        {
          items: [
            {
              name: { en: 'Medium roast ground coffee', sv: 'Mellanrostat bryggkaffe' },
              packs: ['450 g', '500 g'],
              sv: 'neuter',
            },
            {
              name: { en: 'Whole coffee beans', sv: 'Hela kaffebönor' },
              packs: ['500 g', '1 kg'],
              sv: 'plural',
            },
            {
              name: { en: 'Earl Grey tea', sv: 'Earl Grey-te' },
              packs: ['20 bags', '50 bags'],
              sv: 'neuter',
            },
          ],
          storage: 'dry',
          shelfLife: [180, 540],
          price: [3, 14],
        },
      ),
      leaf(
        'snacks',
        { en: 'Snacks & sweets', sv: 'Snacks & godis' },
        {
          items: [
            {
              name: { en: 'Sea salt crisps', sv: 'Chips med havssalt' },
              packs: ['175 g', '275 g'],
              sv: 'plural',
            },
            { name: { en: 'Dark chocolate 70%', sv: 'Mörk choklad 70%' }, packs: ['100 g', '200 g'] },
            { name: { en: 'Salted liquorice', sv: 'Saltlakrits' }, packs: ['150 g', '300 g'] },
          ],
          storage: 'dry',
          shelfLife: [90, 365],
          price: [1, 5],
        },
      ),
    ],
  },
  {
    id: 'frozen',
    title: { en: 'Frozen', sv: 'Fryst' },
    children: [
      leaf(
        'frozen-vegetables',
        { en: 'Frozen vegetables', sv: 'Frysta grönsaker' },
        {
          items: [
            { name: { en: 'Garden peas', sv: 'Gröna ärter' }, packs: ['500 g', '1 kg'], sv: 'plural' },
            { name: { en: 'Wok vegetables', sv: 'Wokgrönsaker' }, packs: ['750 g', '1.5 kg'], sv: 'plural' },
          ],
          storage: 'freezer',
          shelfLife: [270, 540],
          price: [2, 5],
        },
      ),
      leaf(
        'ice-cream',
        { en: 'Ice cream', sv: 'Glass' },
        {
          items: [
            { name: { en: 'Vanilla ice cream', sv: 'Vaniljglass' }, packs: ['500 ml', '1 l'] },
            { name: { en: 'Raspberry sorbet', sv: 'Hallonsorbet' }, packs: ['500 ml', '1 l'] },
          ],
          storage: 'freezer',
          shelfLife: [300, 600],
          price: [3, 7],
        },
      ),
    ],
  },
];

// A family is one item of one origin in its pack sizes, organic or not: what the family shares
// follows from its variety, and the engine draws again a member that repeats one before it.
function describe({ faker, leaf, brand, variety }: DraftContext<GroceryLeaf>): ProductDraft {
  const item = leaf.items[variety % leaf.items.length]!;
  const origin = ORIGINS[Math.floor(variety / leaf.items.length) % ORIGINS.length]!;
  const pack = faker.helpers.arrayElement(item.packs);
  const organic = faker.number.float() < 0.3;
  const storage = STORAGE[leaf.storage];
  const packs = { en: pack, sv: swedishPack(pack) };
  const organicWord = { en: ORGANIC.en, sv: ORGANIC_SV[item.sv ?? 'common'] };
  const prefix = (lang: 'en' | 'sv') =>
    organic ? flatText`${organicWord[lang]} ${item.name[lang]!.toLowerCase()}` : item.name[lang]!;
  return {
    names: {
      en: flatText`${brand.name} ${prefix('en')} ${packs.en}`,
      sv: flatText`${brand.name} ${prefix('sv')} ${packs.sv}`,
    },
    descriptions: {
      en: flatText`${prefix('en')}, ${packs.en}. Origin: ${origin.en}. ${storage.storage.en}`,
      sv: flatText`${prefix('sv')}, ${packs.sv}. Ursprung: ${origin.sv!}. ${storage.storage.sv}`,
    },
    shortDescriptions: {
      en: flatText`${item.name.en}, ${packs.en}`,
      sv: flatText`${item.name.sv!}, ${packs.sv}`,
    },
    tags: organic ? [item.name, ORGANIC] : [item.name],
    // The shelf's size, as the grocer's Swedish stores write it, like its Förpackning feature.
    variants: [{ suffix: 'EA', size: packs.sv }],
    features: [
      { type: FEATURE.pack, value: packs.sv },
      { type: FEATURE.origin, value: origin.sv! },
      { type: FEATURE.organic, value: organic ? FEATURE.yes : FEATURE.no },
    ],
    basePrice: faker.number.float({ min: leaf.price[0], max: leaf.price[1], fractionDigits: 2 }),
    extra: {
      shellLifeDays: faker.number.int({ min: leaf.shelfLife[0], max: leaf.shelfLife[1] }),
      storageInstructions: [
        { isoLanguageId: 'sv-SE', storageInstructions: storage.storage.sv },
        { isoLanguageId: 'en-GB', storageInstructions: storage.storage.en },
      ],
      consumerStorageInstruction: [
        { isoLanguageId: 'sv-SE', consumerStorageInstruction: storage.consumer.sv },
        { isoLanguageId: 'en-GB', consumerStorageInstruction: storage.consumer.en },
      ],
    },
  };
}

export const grocery: DatasetDefinition<GroceryLeaf> = {
  name: 'grocery',
  idPrefix: 'GR',
  count: 150,
  languages: ['sv-SE', 'en-GB'],
  spaces: [
    { spaceId: 'stockholm-odenplan', currency: 'SEK', language: 'sv-SE', rate: 11.2, ending: 'cents90' },
    { spaceId: 'goteborg-avenyn', currency: 'SEK', language: 'sv-SE', rate: 11.2, ending: 'cents90' },
    { spaceId: 'online-se', currency: 'SEK', language: 'sv-SE', rate: 11.2, ending: 'cents90' },
  ],
  tree: TREE,
  brands: [
    { name: 'Gårdsfolk', vendorId: 'V-2001', vendor: 'Gårdsfolk Livsmedel AB' },
    { name: 'Skafferiet', vendorId: 'V-2002', vendor: 'Skafferiet Nord AB' },
    { name: 'Solvarm', vendorId: 'V-2003', vendor: 'Solvarm Import AB' },
    { name: 'Bryggan', vendorId: 'V-2004', vendor: 'Bryggan Kaffe AB' },
  ],
  models: ['Classic'],
  eanPrefix: '731',
  upcShare: 0,
  stockMax: 400,
  familyShare: 0.1,
  describer: () => describe,
};
