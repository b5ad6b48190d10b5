// Ids, barcodes, a search word and prices picked from the catalog as served, so every case hits real data.
import { HEADERS } from './load.js';

/** The scope every case addresses; it starts as a copy of the seed. */
export const BASE = '/acme/bench';

interface PriceElement {
  productId: string;
  spaceId: string;
  listPrice: number;
  [field: string]: unknown;
}

interface ServedProduct {
  productGroupId: string;
  variants?: {
    productId: string;
    europeanArticleNumber?: string[];
    globalTradeItemNumber?: string[];
    universalProductCode?: string[];
  }[];
  productPriceList?: PriceElement[];
  productItemQuantity?: { productId: string; spaceId: string; productItemQuantity: number }[];
  productName?: { productName: string }[];
  productDescription?: { productDescription: string }[];
  productShortDescription?: { productShortDescription: string }[];
  productTags?: { productTags: string[] }[];
  brand?: { brandName: string }[];
}

/** A price of one variant of one product, as stored: what merge pushes and variant updates rewrite. */
export interface PriceRef {
  productGroupId: string;
  price: PriceElement;
  quantity?: { productId: string; spaceId: string; productItemQuantity: number };
}

export interface Fixtures {
  productCount: number;
  ids: string[];
  barcodes: string[];
  searchWord: string;
  /** How many products the served search for searchWord matches. */
  searchCount: number;
  /** Time to the answer of the first search the server was sent after start (ms). */
  firstSearchMs: number;
  /** The median of each product's lowest price: the filter keeps about half the catalog. */
  priceFloor: number;
  prices: PriceRef[];
}

const PAGE = 1000;
/** Products read to pick from; a sample keeps discovery quick at 100,000 products. */
const SAMPLE_PAGES = 5;
const PICKS = 1000;

export async function discoverFixtures(url: string): Promise<Fixtures> {
  const first = await list(url, 'limit=1');
  const productCount = first.count;
  if (productCount === 0) throw new Error('the served catalog is empty');
  const firstSearchMs = await timeFirstSearch(url, first.list[0] as ServedProduct);
  const pages = Math.ceil(productCount / PAGE);
  const chosen = [
    ...new Set(
      Array.from(
        { length: Math.min(pages, SAMPLE_PAGES) },
        (_, i) => 1 + Math.floor((i * pages) / SAMPLE_PAGES),
      ),
    ),
  ];
  const sample: ServedProduct[] = [];
  for (const page of chosen) sample.push(...(await list(url, `limit=${PAGE}&page=${page}`)).list);

  const search = await pickSearchWord(url, sample, productCount);
  return {
    productCount,
    ids: spread(sample.map((p) => p.productGroupId)),
    barcodes: spread(sample.flatMap(barcodeOf)),
    searchWord: search.word,
    searchCount: search.count,
    firstSearchMs,
    priceFloor: median(sample.flatMap((p) => lowestPrice(p) ?? [])),
    prices: spread(sample.flatMap(priceRefOf)),
  };
}

async function list(url: string, query: string): Promise<{ list: ServedProduct[]; count: number }> {
  const res = await fetch(`${url}${BASE}/products?${query}`, { headers: HEADERS });
  const body = (await res.json()) as { data: { list: ServedProduct[]; count: number } };
  if (!res.ok) throw new Error(`GET ${BASE}/products?${query}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Up to PICKS items, evenly spread over the list, in a fixed order. */
function spread<T>(items: T[]): T[] {
  if (items.length <= PICKS) return items;
  return Array.from({ length: PICKS }, (_, i) => items[Math.floor((i * items.length) / PICKS)] as T);
}

function barcodeOf(p: ServedProduct): string[] {
  const v = p.variants?.[0];
  const code = v?.europeanArticleNumber?.[0] ?? v?.globalTradeItemNumber?.[0] ?? v?.universalProductCode?.[0];
  return code ? [code] : [];
}

function lowestPrice(p: ServedProduct): number | undefined {
  const prices = (p.productPriceList ?? []).map((e) => e.listPrice);
  return prices.length ? Math.min(...prices) : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The first price of one of the product's own variants (variant updates reject any other). */
function priceRefOf(p: ServedProduct): PriceRef[] {
  const variantIds = new Set((p.variants ?? []).map((v) => v.productId));
  const price = p.productPriceList?.find((e) => variantIds.has(e.productId));
  if (!price) return [];
  const quantity = p.productItemQuantity?.find(
    (q) => q.productId === price.productId && q.spaceId === price.spaceId,
  );
  return [{ productGroupId: p.productGroupId, price, ...(quantity && { quantity }) }];
}

/**
 * The first search after start, sent as soon as the server answers: a page of the products holding a
 * word of the first product's texts, as a search box asks for. Its time is the server's first search.
 */
async function timeFirstSearch(url: string, product: ServedProduct): Promise<number> {
  const word = [...wordsOf(product)].sort()[0] ?? product.productGroupId.toLowerCase();
  const started = performance.now();
  await list(url, `search=${encodeURIComponent(word)}`);
  return performance.now() - started;
}

function wordsOf(p: ServedProduct): Set<string> {
  const text = [
    ...(p.productName ?? []).map((e) => e.productName),
    ...(p.productDescription ?? []).map((e) => e.productDescription),
    ...(p.productShortDescription ?? []).map((e) => e.productShortDescription),
    ...(p.productTags ?? []).flatMap((e) => e.productTags),
    ...(p.brand ?? []).map((e) => e.brandName),
  ].join(' ');
  return new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => w.length <= 20));
}

/**
 * The word whose served match count is nearest 1% of the catalog: candidates come from word
 * frequencies in the sample, and the served search decides (it may match substrings too).
 */
async function pickSearchWord(
  url: string,
  sample: ServedProduct[],
  productCount: number,
): Promise<{ word: string; count: number }> {
  const frequency = new Map<string, number>();
  for (const p of sample) for (const w of wordsOf(p)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const want = sample.length / 100;
  const candidates = [...frequency]
    .sort((a, b) => Math.abs(a[1] - want) - Math.abs(b[1] - want) || (a[0] < b[0] ? -1 : 1))
    .slice(0, 8)
    .map(([word]) => word);
  let best = { word: '', count: -1 };
  const goal = productCount / 100;
  for (const word of candidates) {
    const { count } = await list(url, `limit=1&search=${encodeURIComponent(word)}`);
    if (best.count < 0 || Math.abs(count - goal) < Math.abs(best.count - goal)) best = { word, count };
  }
  if (!best.word) throw new Error('no word to search for in the served catalog');
  return best;
}
