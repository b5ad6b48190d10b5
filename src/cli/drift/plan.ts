// The read requests the drift report sends to both the deployment and the mock, chosen from the
// recorded catalog so that they find something: its ids, barcodes, words, types and ties. Every read
// operation of openapi.yaml gets requests (docs/drift.md, "What is sent").
import type { DocumentedOperation } from '../../openapi/operations.js';

/** One request, sent alike to both. */
export interface PlannedRequest {
  operationId: string;
  method: string;
  /** After the base URL, with its query: `/products?limit=5`. */
  path: string;
  /** A JSON body, sent with `content-type: application/json`. */
  body?: unknown;
  /** `none`: sent without a token (the missing-token checks). */
  token?: 'none';
  /**
   * Its answer depends on every product of the scope (a count, facets, an unfiltered page, a search):
   * left out when only a sample of the catalog was recorded (`--limit`).
   */
  wholeCatalog: boolean;
  /** What it asks, in a few words: the report's label. */
  about: string;
}

type Json = Record<string, unknown>;

/** What the plan needs of the recorded catalog. */
export interface RecordedCatalog {
  products: Json[];
  productTypes: Json[];
}

/** An id no catalog holds: the not-found checks. */
export const UNKNOWN_ID = 'zz-drift-unknown-0';

/** A barcode no catalog holds (GS1 restricted circulation, a valid check digit). */
const UNKNOWN_BARCODE = '2999999999993';

const BARCODE_FIELDS = ['globalTradeItemNumber', 'europeanArticleNumber', 'universalProductCode'] as const;

/** Top-level scalar fields the list sorts by (openapi.yaml, the `sort` parameter). */
const TIE_FIELDS = [
  'shellLifeDays',
  'introductionDate',
  'isDeleted',
  'variantsGroupId',
  'sortName',
  'sortPrice',
  'sortQuantity',
  'plannedAbandonmentDate',
] as const;

const array = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Json[] =>
  array(value).filter((v): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v));
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : array(value).filter((v): v is string => typeof v === 'string');
const idOf = (p: Json): string => String(p.productGroupId);

/** A query string from pairs, each value URL-encoded; undefined values are left out. */
function query(params: Record<string, string | number | boolean | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

const json = (value: unknown): string => JSON.stringify(value);

/** The barcodes of a product's variants, as stored. */
const barcodesOf = (p: Json): string[] =>
  objects(p.variants).flatMap((v) => BARCODE_FIELDS.flatMap((f) => strings(v[f])));

/** The words of a product's first name, four letters or more, lower case. */
const wordsOf = (p: Json): string[] => {
  const name = objects(p.productName)[0]?.productName;
  return typeof name === 'string'
    ? name
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 4)
    : [];
};

/** The most frequent value of a list, ties by value. */
function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** The sortable field whose values repeat most: a sort on it shows how ties are broken. */
function tieField(products: Json[]): string {
  let best: [string, number] = ['isDeleted', -1];
  for (const field of TIE_FIELDS) {
    const values = products.map((p) => p[field]).filter((v) => v !== undefined && v !== null);
    const ties = values.length - new Set(values.map((v) => json(v))).size;
    if (ties > best[1]) best = [field, ties];
  }
  return best[0];
}

/**
 * An SGTIN pure-identity EPC of a GTIN (8 to 14 digits), read with a company prefix of 7 digits: any
 * length from 6 to 12 names the same GTIN, which is all the EPC lookups decode.
 */
export function epcOf(barcode: string): string | undefined {
  if (!/^\d{8,14}$/.test(barcode)) return undefined;
  const gtin = barcode.padStart(14, '0');
  const [indicator, rest] = [gtin[0]!, gtin.slice(1, 13)];
  return `urn:epc:id:sgtin:${rest.slice(0, 7)}.${indicator}${rest.slice(7)}.1`;
}

/** What the plan picks from the catalog: each the first of its kind by productGroupId. */
interface Picks {
  ids: string[];
  first?: string;
  withRelated?: Json;
  withoutRelated?: string;
  grouped?: string;
  barcode?: { code: string; owner: string };
  variantId?: string;
  type?: string;
  otherType?: string;
  typeIds: string[];
  words: string[];
  featureTypes: string[];
  brandPart?: string;
  medianPrice?: number;
  tie: string;
  language?: string;
}

function pick(catalog: RecordedCatalog): Picks {
  const products = [...catalog.products].sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  const ids = products.map(idOf);
  const related = (p: Json) => objects(p.relatedProductGroups).length > 0;
  const groupCounts = new Map<string, number>();
  for (const p of products) {
    const g = p.variantsGroupId;
    if (typeof g === 'string') groupCounts.set(g, (groupCounts.get(g) ?? 0) + 1);
  }
  // a code stored with leading zeros, when one is: its lookup without them is compared too
  const zeroed = products.find((p) => barcodesOf(p).some((c) => c.startsWith('0')));
  const withBarcode = zeroed ?? products.find((p) => barcodesOf(p).length > 0);
  const codeOf = (p: Json) => barcodesOf(p).find((c) => c.startsWith('0')) ?? barcodesOf(p)[0]!;
  const types = products.flatMap((p) => strings(p.productType));
  const type = mostCommon(types);
  const prices = products
    .flatMap((p) => objects(p.productPriceList).map((x) => x.listPrice))
    .filter((n): n is number => typeof n === 'number')
    .sort((a, b) => a - b);
  const brand = products
    .flatMap((p) => objects(p.brand).map((b) => b.brandName))
    .find((b) => typeof b === 'string');
  // words from products spread over the catalog, so a search finds several
  const words = [
    ...new Set([0.5, 0.25, 0.75].flatMap((at) => wordsOf(products[Math.floor(products.length * at)] ?? {}))),
  ];
  return {
    ids,
    first: ids[0],
    withRelated: products.find(related),
    withoutRelated: products.find((p) => !related(p)) && idOf(products.find((p) => !related(p))!),
    grouped: products.find(
      (p) => typeof p.variantsGroupId === 'string' && groupCounts.get(p.variantsGroupId)! > 1,
    )?.productGroupId as string | undefined,
    barcode: withBarcode && { code: codeOf(withBarcode), owner: idOf(withBarcode) },
    variantId: products
      .flatMap((p) => objects(p.variants).map((v) => v.productId))
      .find((v) => typeof v === 'string') as string | undefined,
    type,
    otherType: mostCommon(types.filter((t) => t !== type)),
    typeIds: catalog.productTypes.map((t) => String(t.productTypeId)).sort(),
    words,
    featureTypes: [
      ...new Set(
        products
          .flatMap((p) => objects(p.productFeature).map((f) => f.productFeatureType))
          .filter((t) => typeof t === 'string'),
      ),
    ].sort() as string[],
    brandPart: typeof brand === 'string' ? brand.slice(0, 3) : undefined,
    medianPrice: prices[Math.floor(prices.length / 2)],
    tie: tieField(products),
    language: objects(products[0]?.productName)[0]?.isoLanguageId as string | undefined,
  };
}

/** A builder's request before its operation is named: the method comes from the operation. */
type Draft = Omit<PlannedRequest, 'operationId' | 'method'>;
type Builder = (p: Picks, ctx: PlanContext) => Draft[];

export interface PlanContext {
  /** The tenant of the base URL: the `tenantId` filter path reads it. */
  tenant: string;
}

const whole = (path: string, about: string, extra: Partial<Draft> = {}): Draft => ({
  path,
  about,
  wholeCatalog: true,
  ...extra,
});
const named = (path: string, about: string, extra: Partial<Draft> = {}): Draft => ({
  path,
  about,
  wholeCatalog: false,
  ...extra,
});

/** The recorded ids, at most 30, as a filter: a list read of them depends on them alone. */
const sampleFilter = (p: Picks) => ({ in: ['productGroupId', p.ids.slice(0, 30)] });

const products: Builder = (p, ctx) => {
  const word = p.words[0] ?? 'a';
  const pageSize = 7;
  const lastPage = Math.max(1, Math.ceil(p.ids.length / pageSize));
  const reads: Draft[] = [
    whole('/products', 'defaults: first page, default order'),
    whole(`/products${query({ sort: 'productGroupId', limit: 10 })}`, 'sort by productGroupId'),
    whole(`/products${query({ sort: `${p.tie} asc`, limit: 25 })}`, `sort with ties (${p.tie})`),
    whole(
      `/products${query({ sort: `${p.tie} desc,productName`, limit: 25 })}`,
      'two sort keys, descending first',
    ),
    whole(
      `/products${query({ sort: 'productPriceList/listPrice desc', limit: 25 })}`,
      'sort by lowest price, descending',
    ),
    whole(`/products${query({ sort: 'productName', limit: 25 })}`, 'sort by first name'),
    whole(`/products${query({ sort: 'productGroupId', limit: pageSize, page: lastPage })}`, 'the last page'),
    whole(
      `/products${query({ sort: 'productGroupId', limit: pageSize, page: lastPage + 1 })}`,
      'a page past the end',
    ),
    whole(`/products${query({ limit: 1000, select: 'productGroupId' })}`, 'the largest page'),
    whole(`/products${query({ select: 'productName,productType', limit: 10 })}`, 'select two fields'),
    whole(`/products${query({ select: 'noSuchField', limit: 5 })}`, 'select an unknown field'),
    whole(
      `/products${query({ filter: json({ eq: ['productType', p.type ?? 'none'] }) })}`,
      'filter eq productType',
    ),
    whole(
      `/products${query({ filter: json({ gt: ['productPriceList/listPrice', p.medianPrice ?? 0] }), sort: 'productPriceList/listPrice' })}`,
      'filter gt price, sorted by price',
    ),
    whole(
      `/products${query({ filter: json({ contains: ['brand/brandName', p.brandPart ?? 'a'] }) })}`,
      'filter contains brand',
    ),
    whole(
      `/products${query({ filter: json({ and: [{ in: ['productType', [p.type ?? 'x', p.otherType ?? 'y']] }, { not: [{ eq: ['isDeleted', true] }] }] }) })}`,
      'filter and / in / not',
    ),
    whole(
      `/products${query({ filter: json({ eq: ['tenantId', ctx.tenant] }), limit: 5 })}`,
      'filter on tenantId',
    ),
    whole(
      `/products${query({ filter: json({ ne: ['variantsGroupId', null] }), limit: 10 })}`,
      'filter ne null',
    ),
    whole(`/products${query({ search: word })}`, 'search, relevance order'),
    whole(`/products${query({ search: p.words.slice(0, 2).join(' ') || word })}`, 'search with two words'),
    whole(`/products${query({ search: word, searchField: 'productName' })}`, 'search in one field'),
    whole(`/products${query({ search: word, sort: 'productGroupId desc' })}`, 'search with a sort'),
    whole(`/products${query({ facets: 'productType,brand/brandName', limit: 1 })}`, 'facets'),
    whole(
      `/products${query({ facets: 'variants/color,productFeature/productFeatureValue', limit: 1 })}`,
      'facets of nested paths',
    ),
    whole(`/products${query({ includeAttributeFilters: true, limit: 1 })}`, 'attribute filters'),
    whole(
      `/products${query({ includeAttributeFilters: true, attributeFilters: p.featureTypes.slice(0, 2).join(',') || 'color', limit: 1 })}`,
      'attribute filters narrowed',
    ),
    named(
      `/products${query({ attributeFilters: p.featureTypes[0] ?? 'color', limit: 1, select: 'productGroupId' })}`,
      'attributeFilters without the switch',
      { wholeCatalog: true },
    ),
    named(
      `/products${query({ filter: json(sampleFilter(p)), sort: `${p.tie} desc`, facets: 'productType', includeAttributeFilters: true, limit: 5, page: 2 })}`,
      'recorded products only: sort with ties, facets, second page',
    ),
    named(
      `/products${query({ filter: json(sampleFilter(p)), search: word, select: 'productName' })}`,
      'recorded products only: search and select',
    ),
    named(`/products${query({ limit: 0 })}`, 'error: limit 0'),
    // Taken by the mock as the service may take them (docs/behaviour.md, "Parameters" and "Select").
    whole(`/products${query({ limit: 1001, select: 'productGroupId' })}`, 'a page past 1000'),
    whole(
      `/products${query({ limit: 5, select: 'productGroupId', noSuchParameter: 1 })}`,
      'an undocumented parameter',
    ),
    whole(
      `/products${query({ limit: 5, select: 'productGroupId', includeAttributeFilters: 1 })}`,
      'a flag written 1',
    ),
    whole(`/products${query({ limit: 5, select: 'brand/brandName' })}`, 'a select path'),
    named(`/products${query({ page: 0 })}`, 'error: page 0'),
    named(`/products${query({ sort: 'noSuchField' })}`, 'error: unknown sort field'),
    named(`/products${query({ filter: '{"eq":["productType"' })}`, 'error: malformed filter'),
    named(
      `/products${query({ filter: json({ between: ['shellLifeDays', 1] }) })}`,
      'error: unknown filter operator',
    ),
    named(`/products${query({ search: word, searchField: 'noSuchField' })}`, 'error: unknown searchField'),
    named('/products?limit=5', 'error: no token', { token: 'none' }),
  ];
  return reads;
};

const queryProducts: Builder = (p) => [
  whole('/products', 'filter as an object, sort, facets', {
    body: {
      filter: { eq: ['productType', p.type ?? 'none'] },
      sort: 'productGroupId',
      limit: 5,
      facets: 'productType',
    },
  }),
  whole('/products', 'filter as a string, page 2', {
    body: {
      filter: json({ ne: ['productType', p.type ?? 'none'] }),
      limit: 3,
      page: 2,
      select: 'productName',
    },
  }),
  named('/products', 'recorded products only', {
    body: { filter: sampleFilter(p), sort: `${p.tie},productGroupId desc`, limit: 10 },
  }),
  named('/products', 'error: empty filter object', { body: { filter: {} } }),
  whole('/products', 'an undocumented property', { body: { limit: 1, noSuchProperty: true } }),
  named('/products', 'error: no token', { body: { limit: 1 }, token: 'none' }),
];

const getProduct: Builder = (p) => {
  const id = encodeURIComponent(p.first ?? UNKNOWN_ID);
  return [
    named(`/products/${id}`, 'one product'),
    named(`/products/${id}${query({ select: 'productName,variants' })}`, 'one product, select'),
    named(
      `/products/${id}${query({ filter: json({ eq: ['productType', '__none__'] }) })}`,
      'a product that fails the filter',
    ),
    whole(
      `/products/${encodeURIComponent(p.grouped ?? p.first ?? UNKNOWN_ID)}${query({ includeProductsByVariantsByGroupId: true })}`,
      'variants of its group',
    ),
    named(`/products/${UNKNOWN_ID}`, 'error: unknown id'),
    named(`/products/${id}${query({ filter: '{' })}`, 'error: malformed filter'),
    named(`/products/${id}`, 'error: no token', { token: 'none' }),
  ];
};

const getProductByBarcode: Builder = (p) => {
  const code = p.barcode?.code ?? UNKNOWN_BARCODE;
  const stripped = code.replace(/^0+(?=.)/, '');
  const reads = [
    named(`/products-barcode/${encodeURIComponent(code)}`, 'barcode as stored'),
    named(`/products-barcode/0${encodeURIComponent(code)}`, 'barcode with a leading zero added'),
    named(
      `/products-barcode/${encodeURIComponent(code)}${query({ select: 'productName' })}`,
      'barcode, select',
    ),
    named(`/products-barcode/${UNKNOWN_BARCODE}`, 'error: unknown barcode', { wholeCatalog: true }),
  ];
  if (stripped !== code)
    reads.splice(1, 0, named(`/products-barcode/${stripped}`, 'barcode without its leading zeros'));
  return reads;
};

const search: Builder = (p) => {
  const word = p.words[0] ?? 'a';
  return [
    whole(`/search${query({ term: word })}`, 'one word'),
    whole(`/search${query({ term: p.words.slice(0, 2).join(' ') || word })}`, 'two words'),
    whole(`/search${query({ term: p.type ?? word })}`, 'a product type'),
    whole(`/search${query({ term: word, select: 'productName' })}`, 'select'),
    whole(
      `/search${query({ term: word, filter: json({ eq: ['productType', p.type ?? 'none'] }) })}`,
      'filter',
    ),
    named('/search', 'error: no term'),
    whole(`/search${query({ term: '  ', select: 'productGroupId' })}`, 'a blank term'),
  ];
};

/** Whether every product a product names as related was recorded: its recommendations then depend on the sample alone. */
const relatedRecorded = (p: Picks, product: Json | undefined): boolean =>
  !!product &&
  objects(product.relatedProductGroups).every((r) => p.ids.includes(String(r.relatedProductGroupId)));

const getProductRecommendations: Builder = (p) => [
  named(
    `/product-recommendations/${encodeURIComponent(String(p.withRelated?.productGroupId ?? p.first ?? UNKNOWN_ID))}`,
    'a product with related products',
    {
      wholeCatalog: !relatedRecorded(p, p.withRelated),
    },
  ),
  named(
    `/product-recommendations/${encodeURIComponent(p.withoutRelated ?? p.first ?? UNKNOWN_ID)}`,
    'a product without related products',
  ),
  named(`/product-recommendations/${UNKNOWN_ID}`, 'error: unknown id'),
];

const getVariant: Builder = (p) => [
  named(`/variants/${encodeURIComponent(p.variantId ?? UNKNOWN_ID)}`, 'one variant'),
  named(`/variants/${UNKNOWN_ID}`, 'error: unknown id'),
];

const listProductTypes: Builder = (p) => {
  const [a, b] = [p.typeIds[0] ?? 'a', p.typeIds[p.typeIds.length - 1] ?? 'b'];
  return [
    named('/product-types', 'all, ordered by id'),
    named(`/product-types${query({ ids: `${b},${a}` })}`, 'by ids, in the order asked'),
    named(`/product-types${query({ ids: `${a};${UNKNOWN_ID};${b}` })}`, 'by ids with ; and an unknown one'),
  ];
};

const getProductType: Builder = (p) => [
  named(`/product-types/${encodeURIComponent(p.typeIds[0] ?? UNKNOWN_ID)}`, 'one product type'),
  named(`/product-types/${UNKNOWN_ID}`, 'error: unknown id'),
];

const getProductFilters: Builder = (p) => [
  whole(
    `/products-filters${query({
      productTypes: [p.type, p.otherType].filter(Boolean).join(';') || 'none',
      filterKeys: [...p.featureTypes.slice(0, 2), 'productPriceList/listPrice', 'brand/brandName'].join(';'),
    })}`,
    'filter values of two types',
  ),
  whole(`/products-filters${query({ filterKeys: 'productType,tenantId' })}`, 'filter values of all products'),
];

const getProductSortOptions: Builder = (p) => [
  whole('/product-sort-options', 'every language'),
  whole(`/product-sort-options${query({ isoLanguageId: p.language ?? 'en-GB' })}`, 'one language'),
  whole(`/product-sort-options${query({ isoLanguageId: 'xx-XX' })}`, 'a language no product has'),
];

const getProductRecommendationsByProductId: Builder = (p) => {
  const id = encodeURIComponent(String(p.withRelated?.productGroupId ?? p.first ?? UNKNOWN_ID));
  return [
    named(`/product-recommendations-by-productId/${id}`, 'default list', {
      wholeCatalog: !relatedRecorded(p, p.withRelated),
    }),
    whole(
      `/product-recommendations-by-productId/${id}${query({ recommendationInclusion: 'all', limit: 5 })}`,
      'all three lists',
    ),
    named(`/product-recommendations-by-productId/${UNKNOWN_ID}`, 'error: unknown id'),
    named(`/product-recommendations-by-productId/${id}${query({ limit: 0 })}`, 'error: limit 0'),
  ];
};

const epcBuilder =
  (path: string): Builder =>
  (p) => {
    const epc = (p.barcode && epcOf(p.barcode.code)) ?? 'urn:epc:id:sgtin:7350048.054535.1';
    return [
      named(`${path}/${encodeURIComponent(epc)}`, 'an EPC of a recorded barcode'),
      named(`${path}/not-an-epc`, 'error: not an SGTIN'),
    ];
  };

/** The requests of each read operation, by operationId. */
export const READ_BUILDERS: Record<string, Builder> = {
  listProducts: products,
  queryProducts,
  getProduct,
  getProductByBarcode,
  search,
  getProductRecommendations,
  getVariant,
  listProductTypes,
  getProductType,
  getProductFilters,
  getProductSortOptions,
  getProductRecommendationsByProductId,
  getProductEanByEpc: epcBuilder('/product-ean-by-epc'),
  getProductByEpc: epcBuilder('/products-by-epc'),
};

/**
 * One request for a read operation no builder knows (one added to openapi.yaml since): its path with
 * each parameter filled from the catalog or the document's example, so it is compared all the same.
 */
function generic(op: DocumentedOperation, p: Picks): Draft {
  const fill: Record<string, string | undefined> = {
    productGroupId: p.first,
    productId: p.variantId,
    productTypeId: p.typeIds[0],
    barcode: p.barcode?.code,
  };
  const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const example = op.parameters.find((x) => x.in === 'path' && x.name === name)?.example as unknown;
    return encodeURIComponent(fill[name] ?? (example === undefined ? UNKNOWN_ID : String(example)));
  });
  return whole(
    path,
    'planned from openapi.yaml alone (no requests written for it yet)',
    op.method === 'GET' ? {} : { body: {} },
  );
}

/**
 * The requests for every read operation of the document (GET, or marked `x-safe`), in its order;
 * `operations` are the document's, under /{tenantId}/{environment}.
 */
export function planReads(
  operations: readonly DocumentedOperation[],
  catalog: RecordedCatalog,
  ctx: PlanContext,
): PlannedRequest[] {
  const p = pick(catalog);
  return operations
    .filter((op) => op.safe)
    .flatMap((op) => {
      const drafts = READ_BUILDERS[op.operationId]?.(p, ctx) ?? [generic(op, p)];
      return drafts.map((d) => ({ operationId: op.operationId, method: op.method, ...d }));
    });
}
