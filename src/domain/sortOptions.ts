// GET /product-sort-options, which the published client calls: the sort values GET /products takes,
// and labels for people. docs/behaviour.md, "What the published client calls beyond the specification".
import { own } from './own.js';
import type { SortOptions } from './types.js';

type Kind = 'text' | 'number' | 'date' | 'flag';

/** How a sortable field reads to a person: its kind picks the words of its directions. */
const KINDS: Readonly<Record<string, Kind>> = {
  introductionDate: 'date',
  plannedAbandonmentDate: 'date',
  shellLifeDays: 'number',
  sortPrice: 'number',
  sortQuantity: 'number',
  'productPriceList/listPrice': 'number',
  isDeleted: 'flag',
};

interface Words {
  fields: Readonly<Record<string, string>>;
  directions: Readonly<Record<Kind, readonly [asc: string, desc: string]>>;
}

/** Labels by primary language subtag; a language without words gets English. */
const WORDS: Readonly<Record<string, Words>> = {
  en: {
    fields: {
      productGroupId: 'Product ID',
      productName: 'Name',
      introductionDate: 'Introduction date',
      plannedAbandonmentDate: 'Abandonment date',
      shellLifeDays: 'Shelf life',
      variantsGroupId: 'Variant group',
      variantsByGroupId: 'Variants by group',
      isDeleted: 'Deleted',
      sortName: 'Sort name',
      sortPrice: 'Sort price',
      sortQuantity: 'Sort quantity',
      'productPriceList/listPrice': 'Price',
    },
    directions: {
      text: ['A-Z', 'Z-A'],
      number: ['low to high', 'high to low'],
      date: ['oldest first', 'newest first'],
      flag: ['no first', 'yes first'],
    },
  },
  sv: {
    fields: {
      productGroupId: 'Produkt-ID',
      productName: 'Namn',
      introductionDate: 'Introduktionsdatum',
      plannedAbandonmentDate: 'Utgångsdatum',
      shellLifeDays: 'Hållbarhet',
      variantsGroupId: 'Variantgrupp',
      variantsByGroupId: 'Varianter per grupp',
      isDeleted: 'Borttagen',
      sortName: 'Sorteringsnamn',
      sortPrice: 'Sorteringspris',
      sortQuantity: 'Sorteringsantal',
      'productPriceList/listPrice': 'Pris',
    },
    directions: {
      text: ['A-Ö', 'Ö-A'],
      number: ['lägst först', 'högst först'],
      date: ['äldst först', 'nyast först'],
      flag: ['nej först', 'ja först'],
    },
  },
  it: {
    fields: {
      productGroupId: 'ID prodotto',
      productName: 'Nome',
      introductionDate: 'Data di introduzione',
      plannedAbandonmentDate: 'Data di ritiro',
      shellLifeDays: 'Durata di conservazione',
      variantsGroupId: 'Gruppo di varianti',
      variantsByGroupId: 'Varianti per gruppo',
      isDeleted: 'Eliminato',
      sortName: 'Nome di ordinamento',
      sortPrice: 'Prezzo di ordinamento',
      sortQuantity: 'Quantità di ordinamento',
      'productPriceList/listPrice': 'Prezzo',
    },
    directions: {
      text: ['A-Z', 'Z-A'],
      number: ['crescente', 'decrescente'],
      date: ['meno recenti', 'più recenti'],
      flag: ['prima no', 'prima sì'],
    },
  },
};

const wordsFor = (language: string): Words =>
  own(WORDS, language.split(/[-_]/)[0]?.toLowerCase() ?? '') ?? (WORDS.en as Words);

/**
 * Per language: every sortable field in both directions (`<field> asc`, `<field> desc`) and their
 * labels, in the same order. `languages` are those of the catalog, or the one asked.
 */
export function sortOptions(sortable: Iterable<string>, languages: readonly string[]): SortOptions {
  // Read once: an iterator given as `sortable` would be empty the second time.
  const fields = [...sortable];
  const values = fields.flatMap((field) => [`${field} asc`, `${field} desc`]);
  const labels = (language: string): string[] => {
    const words = wordsFor(language);
    return fields.flatMap((field) => {
      const name = own(words.fields, field) ?? field;
      const [asc, desc] = words.directions[own(KINDS, field) ?? 'text'];
      return [`${name} ${asc}`, `${name} ${desc}`];
    });
  };
  // Made by fromEntries: an assignment to a key "__proto__" would set the prototype instead.
  return {
    sortOptions: Object.fromEntries(languages.map((language) => [language, labels(language)])),
    sortOptionsEnum: Object.fromEntries(languages.map((language) => [language, values])),
  };
}
