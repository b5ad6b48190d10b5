// What is measured: one entry per case, the requests it sends and the target it must meet.
import { BASE, type Fixtures, type PriceRef } from './fixtures.js';
import type { BenchRequest } from './load.js';

/**
 * Throughput as a share of the bare node:http figure, absolute requests per second, or the most a
 * case's p99 latency may be (while its `alongside` requests run).
 */
type Target = { ratio: number } | { perSecond: number } | { p99Ms: number };

export interface BenchCase {
  name: string;
  title: string;
  /**
   * Which server answers: the baseline, the in-memory mock, a second in-memory mock of its own (a case
   * whose load would change the first one's memory figure), or the mock on a --data file.
   */
  server: 'baseline' | 'memory' | 'mixed' | 'file';
  target?: Target;
  requests(fx: Fixtures): BenchRequest[];
  /** Connections of the measured client; the run's --connections when absent. */
  connections?: number;
  /**
   * Requests another client (one connection) repeats for as long as the case is measured: its
   * figures are reported beside the case's, and the case is judged only if they all answered 2xx.
   */
  alongside?(fx: Fixtures): BenchRequest[];
  /**
   * Measured only with --dashboard, right after the case named, on the same server, with the
   * dashboard's stream (GET /__admin/requests/stream) open and read: the two runs compare.
   */
  dashboardOf?: string;
}

/** The first answer a client waits for; start-up time is measured up to it. */
export const READY_PATH = `${BASE}/products?limit=1`;

const BATCH = 100;
/** Each batch is sent with a few different prices, so repeated batches still change something. */
const ROUNDS = 3;

const get = (path: string): BenchRequest => ({ method: 'GET', path: BASE + path });

function batches(prices: PriceRef[]): PriceRef[][] {
  const out: PriceRef[][] = [];
  for (let i = 0; i < prices.length; i += BATCH) out.push(prices.slice(i, i + BATCH));
  return out;
}

const bumped = (ref: PriceRef, round: number) => ({
  ...ref.price,
  listPrice: Math.round(ref.price.listPrice * (100 + round)) / 100,
});

function withRounds(prices: PriceRef[], body: (batch: PriceRef[], round: number) => object): string[] {
  return Array.from({ length: ROUNDS }, (_, round) =>
    batches(prices).map((batch) => JSON.stringify(body(batch, round))),
  ).flat();
}

/** Merge push onto existing products: new prices and quantities for one variant each. */
function pushBodies(prices: PriceRef[]): string[] {
  return withRounds(prices, (batch, round) => ({
    data: batch.map((ref) => ({
      productGroupId: ref.productGroupId,
      productPriceList: [bumped(ref, round)],
      ...(ref.quantity && {
        productItemQuantity: [
          { ...ref.quantity, productItemQuantity: ref.quantity.productItemQuantity + round },
        ],
      }),
    })),
  }));
}

function variantBodies(prices: PriceRef[]): string[] {
  return withRounds(prices, (batch, round) => ({
    data: batch.map((ref) => ({ productId: ref.price.productId, productPriceList: [bumped(ref, round)] })),
  }));
}

/** The list reads of the filterSortPage, search and facets cases, also sent between writes. */
const filteredPage = (fx: Fixtures): BenchRequest => {
  const filter = encodeURIComponent(JSON.stringify({ ge: ['productPriceList/listPrice', fx.priceFloor] }));
  const sort = encodeURIComponent('productPriceList/listPrice asc');
  return get(`/products?filter=${filter}&sort=${sort}&page=3&limit=50`);
};
const searchPage = (fx: Fixtures): BenchRequest =>
  get(`/products?search=${encodeURIComponent(fx.searchWord)}`);
const wholeCatalogFacets = (): BenchRequest =>
  get(`/products?facets=${encodeURIComponent('productType,brand/brandName')}`);

/** One product's tags changed, then the whole-catalog facets, the filtered page and the search, over and over. */
function readsBetweenWrites(fx: Fixtures): BenchRequest[] {
  const reads = [wholeCatalogFacets(), filteredPage(fx), searchPage(fx)];
  return fx.ids.flatMap((productGroupId, i) => [
    {
      method: 'PATCH' as const,
      path: `${BASE}/products`,
      body: JSON.stringify({
        data: [{ productGroupId, productTags: [{ isoLanguageId: 'en-US', productTags: [`bench-${i}`] }] }],
      }),
    },
    ...reads,
  ]);
}

/**
 * The costliest list query the limits allow (docs/behaviour.md, "Parameters"), each time with other
 * words so that no cache serves it: a filter of 256 operators that reads every product's descriptions
 * through a path of another case (255 `contains` that match nothing, then one that matches every
 * product), 20 facets of few values each and the attribute filters over all 10,000 matches, sorted,
 * and the largest page.
 */
function costliestQueries(): BenchRequest[] {
  const facetPaths = ['brand/brandName', 'productType', 'variants/color', 'variants/size'];
  // Twenty names, five spellings of each path: facet names differ by case, each counted on its own.
  const facets = facetPaths
    .flatMap((path) => [path, path.toUpperCase(), path.toLowerCase(), `${path} `, ` ${path}`])
    .join(',');
  return Array.from({ length: 64 }, (_, round) => ({
    method: 'POST' as const,
    path: `${BASE}/products`,
    body: JSON.stringify({
      filter: {
        or: [
          ...Array.from({ length: 254 }, (_, i) => ({ contains: ['PRODUCTDESCRIPTION', `zq${round}x${i}`] })),
          { ne: ['productGroupId', `none-${round}`] },
        ],
      },
      facets,
      includeAttributeFilters: true,
      sort: 'productPriceList/listPrice desc',
      limit: 1000,
    }),
  }));
}

/**
 * The heaviest body the limits allow (docs/security.md, "Bounds"): a batch of 100 products of 122
 * variants each, one object a variant, 12,402 objects and arrays in all, just under the cost budget
 * of 12,500, with ids long enough to bring it near the 5 MB body limit (4.4 MB). The same ids every
 * time, in a tenant of their own: the records replace themselves, so the store does not grow, and
 * the catalog the other cases read is left alone.
 */
function heaviestPushes(): BenchRequest[] {
  const data = Array.from({ length: BATCH }, (_, p) => ({
    productGroupId: `heavy-${p}`,
    variants: Array.from({ length: 122 }, (_, v) => ({ productId: `${p}-${v}-`.padEnd(340, 'x') })),
  }));
  return [{ method: 'POST', path: '/bench-heavy/dev/products-push', body: JSON.stringify({ data }) }];
}

const push = (fx: Fixtures): BenchRequest[] =>
  pushBodies(fx.prices).map((body) => ({ method: 'POST', path: `${BASE}/products-push`, body }));

/** In running order: writes come after the reads on a server, so reads see the catalog as seeded. */
export const CASES: readonly BenchCase[] = [
  {
    name: 'baseline',
    title: 'bare node:http, fixed 200 B',
    server: 'baseline',
    requests: () => [{ method: 'GET', path: '/' }],
  },
  {
    name: 'byId',
    title: 'GET /products/{id}',
    server: 'memory',
    target: { ratio: 0.09 },
    requests: (fx) => fx.ids.map((id) => get(`/products/${encodeURIComponent(id)}`)),
  },
  {
    name: 'byIdDashboard',
    title: 'GET /products/{id}, dashboard streaming',
    server: 'memory',
    dashboardOf: 'byId',
    requests: (fx) => fx.ids.map((id) => get(`/products/${encodeURIComponent(id)}`)),
  },
  {
    name: 'barcode',
    title: 'GET /products-barcode/{ean}',
    server: 'memory',
    target: { ratio: 0.09 },
    requests: (fx) => fx.barcodes.map((ean) => get(`/products-barcode/${encodeURIComponent(ean)}`)),
  },
  {
    name: 'filterSortPage',
    title: 'GET /products filter+sort, page 3',
    server: 'memory',
    target: { ratio: 0.005 },
    requests: (fx) => [filteredPage(fx)],
  },
  {
    name: 'search',
    title: 'GET /products search (~1%)',
    server: 'memory',
    target: { ratio: 0.007 },
    requests: (fx) => [searchPage(fx)],
  },
  {
    name: 'facets',
    title: 'GET /products facets, whole catalog',
    server: 'memory',
    target: { ratio: 0.0015 },
    requests: () => [wholeCatalogFacets()],
  },
  {
    name: 'push',
    title: 'POST /products-push 100 (memory)',
    server: 'memory',
    target: { perSecond: 50 },
    requests: push,
  },
  {
    name: 'variants',
    title: 'PATCH /variants 100',
    server: 'memory',
    requests: (fx) =>
      variantBodies(fx.prices).map((body) => ({ method: 'PATCH', path: `${BASE}/variants`, body })),
  },
  {
    // Fairness: one client repeats the costliest query the limits allow, uncached, while another
    // reads products one at a time; the reader must not wait for the query (docs/behaviour.md,
    // "Parameters": a list query takes turns).
    name: 'costlyAlongside',
    title: 'GET /products/{id}, 1 connection, beside the costliest list query',
    // Its own mock: the memory target is judged after the cases it was set for.
    server: 'mixed',
    target: { p99Ms: 250 },
    connections: 1,
    requests: (fx) => fx.ids.map((id) => get(`/products/${encodeURIComponent(id)}`)),
    alongside: costliestQueries,
  },
  {
    // Fairness for writes: one client repeats a 5 MB push of many small objects while another reads
    // products one at a time; the reader must not wait for the push (docs/security.md, "Bounds").
    name: 'heavyPushAlongside',
    title: 'GET /products/{id}, 1 connection, beside the heaviest pushes allowed',
    server: 'mixed',
    target: { p99Ms: 250 },
    connections: 1,
    requests: (fx) => fx.ids.map((id) => get(`/products/${encodeURIComponent(id)}`)),
    alongside: heaviestPushes,
  },
  {
    // A demo or load test that edits while others browse: each write makes a new catalog snapshot,
    // and the reads after it must not redo their work over the whole catalog.
    name: 'readsBetweenWrites',
    title: 'PATCH /products 1, then 3 list reads',
    // Its own mock: the memory target is judged after the cases it was set for.
    server: 'mixed',
    requests: readsBetweenWrites,
  },
  {
    name: 'pushFile',
    title: 'POST /products-push 100 (--data)',
    server: 'file',
    target: { perSecond: 100 },
    requests: push,
  },
];
