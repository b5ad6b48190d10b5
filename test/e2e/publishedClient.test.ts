// The published JavaScript client (npm @ombori/grid-products), unmodified, against the mock: every
// method of both of its classes, against the built CLI started as `npm start -- --public-reads` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  FilterableKeys,
  GridProductServiceAdmin,
  GridProductServiceClient,
  ProductRecommendationInclusionEnum,
  ProductRecommendationSourceEnum,
  RequestTypeEnum,
  SortableKeys,
} from '@ombori/grid-products';
import type { DataResidencyEnum } from '@ombori/grid-signals/dist/types.js';
import epcTdsModule from 'epc-tds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { startServer, type RunningServer } from '../../src/server.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const tds = epcTdsModule as unknown as typeof epcTdsModule.default;
const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');
const TENANT = 'acme';
const ENVIRONMENT = 'dev';
const EU = 'EU' as DataResidencyEnum;

type AnyClient = GridProductServiceClient | GridProductServiceAdmin;

/**
 * The client has no base-URL option: its axios instance is private, at httpService.client. This is
 * the line the README shows, with the path the client builds its base URL from.
 */
function pointAt<T extends AnyClient>(instance: T, server: string): T {
  const http = (instance as unknown as { httpService: { client: { defaults: { baseURL?: string } } } })
    .httpService;
  http.client.defaults.baseURL = `${server}/api/tenants/${TENANT}/${ENVIRONMENT}`;
  return instance;
}

const clientClass = (server: string) =>
  pointAt(
    new GridProductServiceClient({ tenantId: TENANT, environment: ENVIRONMENT, dataResidency: EU }),
    server,
  );
const adminClass = (server: string) =>
  pointAt(
    new GridProductServiceAdmin({
      tenantId: TENANT,
      environment: ENVIRONMENT,
      dataResidency: EU,
      accessToken: 'dev',
    }),
    server,
  );

/** The methods an instance has: the client defines each as an arrow-function property. */
const methodsOf = (instance: object): string[] =>
  Object.keys(instance)
    .filter((k) => typeof (instance as Record<string, unknown>)[k] === 'function')
    .sort();

/** Starts the built CLI; resolves with its URL once it listens. */
function startCli(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, child });
    });
    child.once('exit', (code) => reject(new Error(`the mock exited (${code}) before it listened: ${err}`)));
  });
}

// What the demo seed holds, read from the seed itself rather than from the server.
const seed = await resolveSeed('demo');
const byId = new Map(seed.products.map((p) => [p.productGroupId, p]));
const subject = seed.products.find(
  (p) => (p.relatedProductGroups?.length ?? 0) > 1 && p.variants?.[0]?.europeanArticleNumber?.[0],
) as CatalogProduct;
const variant = subject.variants?.[0] as NonNullable<CatalogProduct['variants']>[number];
const ean = variant.europeanArticleNumber?.[0] as string;
const type = subject.productType?.[0] as string;
const ofType = seed.products.filter((p) => p.productType?.includes(type));
const languages = [
  ...new Set(seed.products.flatMap((p) => (p.productName ?? []).map((n) => n.isoLanguageId))),
];
const relatedIds = (subject.relatedProductGroups ?? [])
  .map((r) => r.relatedProductGroupId)
  .filter((id) => byId.has(id));
const ids = (list: Partial<CatalogProduct>[]) => list.map((p) => p.productGroupId);

// An RFID tag of the seeded EAN: GTIN-14 is 0 + EAN-13; a 7-digit company prefix (partition 5).
const gtin14 = `0${ean}`;
const sgtin96Hex = new tds.Sgtin96()
  .setFilter(1)
  .setPartition(5)
  .setGtin(gtin14)
  .setSerial(4711)
  .toHexString();
const pureIdentityUri = `urn:epc:id:sgtin:${ean.slice(0, 7)}.0${ean.slice(7, 12)}.4711`;

let mock: { url: string; child: ChildProcess } | undefined;
beforeAll(async () => {
  mock = await startCli(['--public-reads']);
}, 60_000);
afterAll(() => {
  // Ends the child this file started, by its PID, whatever the tests did.
  if (mock?.child.pid !== undefined && mock.child.exitCode === null) process.kill(mock.child.pid, 'SIGTERM');
});
const server = () => (mock as { url: string }).url;

/** Every read both classes have, each with the checks of what its type promises. */
const READS: Record<string, (c: AnyClient) => Promise<void>> = {
  getProductById: async (c) => {
    const product = await c.getProductById(subject.productGroupId, { select: 'productName,productType' });
    expect(product).toEqual({
      productGroupId: subject.productGroupId,
      productName: subject.productName,
      productType: subject.productType,
    });
    await expect(c.getProductById('no-such-product', {})).rejects.toThrow(
      'Product "no-such-product" not found',
    );
  },

  getProductByBarcode: async (c) => {
    const found = await c.getProductByBarcode(ean, { select: 'variants' });
    expect(found.productId).toBe(variant.productId);
    expect(found.productDetails.productGroupId).toBe(subject.productGroupId);
    expect(found.productDetails.variants?.map((v) => v.productId)).toContain(variant.productId);
  },

  getProductList: async (c) => {
    const params = {
      filter: JSON.stringify({ eq: ['productType', type] }),
      additionalRawFilter: JSON.stringify({ ne: ['productGroupId', subject.productGroupId] }),
      sort: `${SortableKeys.productGroupId} desc`,
      limit: 3,
      page: 1,
      facets: 'productType',
      includeAttributeFilters: true,
      select: 'productType',
    };
    const expected = ofType
      .map((p) => p.productGroupId)
      .filter((id) => id !== subject.productGroupId)
      .sort()
      .reverse()
      .slice(0, 3);
    for (const requestType of [RequestTypeEnum.GET, RequestTypeEnum.POST]) {
      const page = await c.getProductList(params, requestType);
      expect(ids(page.list)).toEqual(expected);
      expect(page.facets).toEqual({ productType: [{ value: type, count: ofType.length - 1 }] });
      expect(typeof page.attributeFilters).toBe('object');
    }
    const all = await c.getProductList();
    expect(all.list).toHaveLength(Math.min(50, seed.products.length));
  },

  search: async (c) => {
    const word = (subject.productName?.[0]?.productName ?? '').split(' ')[0] as string;
    const everything = await c.search({ term: word });
    const narrowed = await c.search({ term: word, filter: JSON.stringify({ eq: ['productType', type] }) });
    expect(ids(narrowed.products)).toContain(subject.productGroupId);
    for (const p of narrowed.products) expect(p.productType).toContain(type);
    expect(ids(everything.products)).toEqual(expect.arrayContaining(ids(narrowed.products)));
    expect(Array.isArray(narrowed.productTypes)).toBe(true);
  },

  getProductTypesList: async (c) => {
    const [first, second] = seed.productTypes.map((t) => t.productTypeId).sort() as [string, string];
    expect((await c.getProductTypesList([second, first])).map((t) => t.productTypeId)).toEqual([
      second,
      first,
    ]);
    expect(await c.getProductTypesList()).toHaveLength(seed.productTypes.length);
  },

  getProductType: async (c) => {
    const wanted = seed.productTypes[0] as { productTypeId: string };
    expect(await c.getProductType(wanted.productTypeId)).toEqual(wanted);
  },

  getProductFilters: async (c) => {
    const filters = await c.getProductFilters(
      [type],
      ['productPriceList/listPrice', 'productType', 'nothing'],
    );
    expect(filters.productType).toEqual({ default: [type] });
    expect(filters).not.toHaveProperty('nothing');
    // tenantId, one of the client's FilterableKeys: the group answered, sent back as the filter a
    // filter UI builds from it, keeps every product of the type (all are the tenant's), both ways.
    const tenant = await c.getProductFilters([type], [FilterableKeys.tenantId]);
    expect(tenant).toEqual({ tenantId: { default: [TENANT] } });
    const filter = JSON.stringify({
      and: [
        { in: [FilterableKeys.tenantId, tenant.tenantId?.default] },
        { in: [FilterableKeys.productType, [type]] },
      ],
    });
    for (const requestType of [RequestTypeEnum.GET, RequestTypeEnum.POST]) {
      const page = await c.getProductList({ filter, select: 'productGroupId', limit: 1000 }, requestType);
      expect(ids(page.list).sort()).toEqual(ids(ofType).sort());
    }
    const prices = ofType.flatMap((p) => p.productPriceList ?? []);
    const spaces = [...new Set(prices.map((p) => p.spaceId))].sort();
    const ranges = filters['productPriceList/listPrice'] as Record<
      string,
      { min: number; max: number; isoCurrencyCode: string }
    >;
    expect(Object.keys(ranges)).toEqual(spaces);
    for (const space of spaces) {
      const inSpace = prices.filter((p) => p.spaceId === space);
      expect(ranges[space]).toEqual({
        min: Math.min(...inSpace.map((p) => p.listPrice)),
        max: Math.max(...inSpace.map((p) => p.listPrice)),
        isoCurrencyCode: inSpace[0]?.isoCurrencyCode,
      });
    }
  },

  getProductSortOptions: async (c) => {
    const all = await c.getProductSortOptions();
    expect(Object.keys(all.sortOptionsEnum).sort()).toEqual([...languages].sort());
    const [language] = languages as [string];
    const one = await c.getProductSortOptions(language as never);
    expect(Object.keys(one.sortOptions)).toEqual([language]);
    const values = one.sortOptionsEnum[language] as string[];
    for (const key of Object.values(SortableKeys))
      expect(values).toEqual(expect.arrayContaining([`${key} asc`, `${key} desc`]));
    expect(one.sortOptions[language]).toHaveLength(values.length);
    for (const label of one.sortOptions[language] as string[]) expect(label).toMatch(/\S/);
  },

  getProductRecommendations: async (c) => {
    expect(ids(await c.getProductRecommendations(subject.productGroupId))).toEqual(relatedIds);
  },

  getProductRecommendationsByProductId: async (c) => {
    const set = await c.getProductRecommendationsByProductId(subject.productGroupId, {
      source: ProductRecommendationSourceEnum.DEFAULT,
      recommendationInclusion: ProductRecommendationInclusionEnum.ALL,
      limit: 2,
      storeId: 'any-store',
    });
    expect(ids(set.default)).toEqual(relatedIds.slice(0, 2));
    expect(set.similarItems).toHaveLength(Math.min(2, ofType.length - 1));
    for (const p of set.similarItems) expect(p.productType).toContain(type);
    expect(set.completeTheLook.length).toBeGreaterThan(0);
    expect(set.completeTheLook.length).toBeLessThanOrEqual(2);
    for (const p of set.completeTheLook) expect(p.productType).not.toContain(type);
  },

  getVariantDetails: async (c) => {
    const info = await c.getVariantDetails(variant.productId);
    expect(info.productId).toBe(variant.productId);
    expect(info.europeanArticleNumber).toEqual(variant.europeanArticleNumber);
    expect(info.spaceIds).toEqual(subject.spaceIds);
    for (const field of ['productName', 'productDescription', 'productPriceList'] as const) {
      expect(Array.isArray(info[field])).toBe(true);
    }
    for (const price of info.productPriceList) expect(price.productId).toBe(variant.productId);
  },

  getProductEanByEpc: async (c) => {
    expect(await c.getProductEanByEpc(sgtin96Hex)).toBe(ean);
    expect(await c.getProductEanByEpc(pureIdentityUri)).toBe(ean);
    await expect(c.getProductEanByEpc('not-an-epc')).rejects.toThrow(/SGTIN/);
  },

  getProductByEpc: async (c) => {
    const found = await c.getProductByEpc(sgtin96Hex, { select: 'productType' });
    expect(found).toEqual({
      productId: variant.productId,
      productDetails: { productGroupId: subject.productGroupId, productType: subject.productType },
    });
  },
};

/** What only the admin class adds: writes, in a tenant of their own. */
const WRITES = [
  'pushProducts',
  'updateProductFields',
  'removeProducts',
  'pushProductTypes',
  'removeProductTypes',
] as const;

describe.each([
  ['GridProductServiceClient', clientClass],
  ['GridProductServiceAdmin', adminClass],
] as const)('%s against `product-catalog-mock --public-reads`', (_name, make) => {
  it('has no method this test does not drive', () => {
    const known = [...Object.keys(READS), ...(make === adminClass ? WRITES : [])].sort();
    expect(methodsOf(make('http://127.0.0.1:1'))).toEqual(known);
  });

  it.each(Object.keys(READS))('%s returns what its type promises', async (method) => {
    await (READS[method] as (c: AnyClient) => Promise<void>)(make(server()));
  });
});

describe('wrong arguments: the client throws the message the mock answers with, and nothing changes', () => {
  const rejects = (call: Promise<unknown>, message: string | RegExp) => expect(call).rejects.toThrow(message);

  it('reads of what does not exist are 404s that name it', async () => {
    const c = clientClass(server());
    await rejects(
      c.getProductByBarcode('1234567890128', {}),
      'No product has a variant with barcode "1234567890128"',
    );
    await rejects(c.getProductType('no-such-type'), 'Product type "no-such-type" not found');
    await rejects(
      c.getVariantDetails('no-such-variant'),
      'No product has a variant with productId "no-such-variant"',
    );
    await rejects(c.getProductRecommendations('no-such-product'), 'Product "no-such-product" not found');
    await rejects(
      c.getProductRecommendationsByProductId('no-such-product', {}),
      'Product "no-such-product" not found',
    );
    // An SGTIN that decodes, of a GTIN no variant carries.
    await rejects(
      c.getProductByEpc('urn:epc:id:sgtin:0614141.112345.400', {}),
      /No product has a variant with the GTIN/,
    );
    await rejects(c.getProductByEpc('zzz', {}), /^params\.code must be an SGTIN EPC: 24 hex digits/);
  });

  it('malformed parameters are 400s that name the parameter, whichever way the list call is sent', async () => {
    const c = clientClass(server());
    for (const requestType of [RequestTypeEnum.GET, RequestTypeEnum.POST]) {
      await rejects(
        c.getProductList({ filter: '{"eq":["productType"]}' }, requestType),
        // the query's filter is held to openapi.yaml's Filter schema, the body's text by the parser:
        // both in the parser's words
        /^(query\.)?filter\.eq takes 2 operands \(a field path and a value\), got 1, e\.g\. /,
      );
      await rejects(
        c.getProductList({ additionalRawFilter: 'not json' }, requestType),
        /^additionalRawFilter is not valid JSON/,
      );
      await rejects(
        c.getProductList({ sort: 'color desc' }, requestType),
        // sort is held to openapi.yaml's SortKeys pattern, which lists the sortable fields
        /^(query|body)\.sort must be up to 10 sort keys .*each field one of: productGroupId, .*\(got "color desc"\)/,
      );
      await rejects(c.getProductList({ limit: 0 }, requestType), /limit must be at least 1 \(got 0\)/);
      await rejects(c.getProductList({ page: 0 }, requestType), /page must be at least 1 \(got 0\)/);
    }
    // Taken as the service may take them (docs/behaviour.md, "Select" and "GET /search"): a path
    // names no field, and a blank term searches for nothing.
    expect(await c.getProductById(subject.productGroupId, { select: 'brand/brandName' })).toEqual({
      productGroupId: subject.productGroupId,
    });
    expect((await c.search({ term: '' })).products.length).toBeGreaterThan(0);
    await rejects(c.search({ term: 'a', filter: '{' }), /^filter is not valid JSON/);
    await rejects(
      c.getProductRecommendationsByProductId(subject.productGroupId, { source: 'elsewhere' as never }),
      'query.source must be one of: default, streamoid, unbxd (got "elsewhere")',
    );
  });

  it('empty lists where the client joins ids answer empty, not an error', async () => {
    const c = clientClass(server());
    // getProductTypesList([]) sends ?ids= (an empty join): no id asked for, none answered.
    expect(await c.getProductTypesList([])).toEqual([]);
    expect(await c.getProductTypesList(['no-such-type'])).toEqual([]);
    expect(await c.getProductFilters([], [])).toEqual({});
  });

  it('a write batch with a bad record or over 100 is a 400 that writes nothing; an empty one answers none', async () => {
    const admin = adminClass(server());
    (
      admin as unknown as { httpService: { client: { defaults: { baseURL: string } } } }
    ).httpService.client.defaults.baseURL = `${server()}/api/tenants/refused/${ENVIRONMENT}`;
    await rejects(
      admin.pushProducts([{ productGroupId: 'ok-1' }, { productType: ['hats'] }] as never),
      'body.data[1].productGroupId is required',
    );
    expect(await admin.pushProducts([])).toEqual([]);
    const many = Array.from({ length: 101 }, (_, i) => ({ productGroupId: `p${i}` }));
    await rejects(admin.pushProducts(many as never), 'body.data must hold at most 100 items (got 101)');
    await rejects(
      admin.updateProductFields([{ productGroupId: 'ok-1', productName: null } as never]),
      /productName/,
    );
    expect(await admin.removeProducts([])).toEqual([]);
    expect(await admin.removeProductTypes([])).toEqual([]);
    // The valid first record of the refused batch was not written either.
    await rejects(admin.getProductById('ok-1', {}), 'Product "ok-1" not found');
    expect(await admin.getProductTypesList()).toHaveLength(seed.productTypes.length);
  });
});

describe('GridProductServiceAdmin writes', () => {
  it('pushProducts, updateProductFields and removeProducts answer per product, and change the catalog', async () => {
    const admin = adminClass(server());
    (
      admin as unknown as { httpService: { client: { defaults: { baseURL: string } } } }
    ).httpService.client.defaults.baseURL = `${server()}/api/tenants/writer/${ENVIRONMENT}`;
    expect(
      await admin.pushProducts([{ productGroupId: 'w1', productType: ['hats'], shellLifeDays: 3 } as never]),
    ).toEqual([{ productGroupId: 'w1', status: 201 }]);
    expect(
      await admin.updateProductFields([
        { productGroupId: 'w1', shellLifeDays: 9 },
        { productGroupId: 'none' },
      ]),
    ).toEqual([
      { productGroupId: 'w1', status: 200 },
      { productGroupId: 'none', status: 404 },
    ]);
    expect(await admin.getProductById('w1', { select: 'shellLifeDays' })).toEqual({
      productGroupId: 'w1',
      shellLifeDays: 9,
    });
    expect(await admin.removeProducts(['w1', 'none'])).toEqual([
      { productGroupId: 'w1', status: 200 },
      { productGroupId: 'none', status: 404 },
    ]);
    await expect(admin.getProductById('w1', {})).rejects.toThrow('not found');
  });

  it('pushProductTypes and removeProductTypes answer per type', async () => {
    const admin = adminClass(server());
    (
      admin as unknown as { httpService: { client: { defaults: { baseURL: string } } } }
    ).httpService.client.defaults.baseURL = `${server()}/api/tenants/writer/${ENVIRONMENT}`;
    const pushed = await admin.pushProductTypes([{ productTypeId: 'hats' } as never]);
    expect(pushed).toEqual([
      expect.objectContaining({ statusCode: 201, resourceBody: { productTypeId: 'hats' } }),
    ]);
    expect(await admin.getProductType('hats')).toEqual({ productTypeId: 'hats' });
    expect(await admin.removeProductTypes(['hats', 'none'])).toEqual([
      { id: 'hats', status: 204 },
      { id: 'none', status: 404 },
    ]);
  });

  it('pushes, reads and deletes a product-type tree whose root names itself as its parent', async () => {
    const admin = adminClass(server());
    (
      admin as unknown as { httpService: { client: { defaults: { baseURL: string } } } }
    ).httpService.client.defaults.baseURL = `${server()}/api/tenants/tree/${ENVIRONMENT}`;
    // The production data model makes parentId a required string: a root names itself.
    const tree = [
      { productTypeId: 'tree-root', parentId: 'tree-root', isRoot: true },
      { productTypeId: 'tree-branch', parentId: 'tree-root', isRoot: false },
      { productTypeId: 'tree-leaf', parentId: 'tree-branch', isRoot: false },
    ];
    const pushed = await admin.pushProductTypes(tree as never);
    expect(pushed.map((r: { statusCode: number }) => r.statusCode)).toEqual([201, 201, 201]);
    expect(await admin.getProductType('tree-root')).toEqual(tree[0]);
    expect(await admin.getProductTypesList(['tree-leaf', 'tree-root'])).toEqual([tree[2], tree[0]]);
    // the session goes on: a product of the tree's type is pushed and read back
    expect(await admin.pushProducts([{ productGroupId: 't1', productType: ['tree-leaf'] } as never])).toEqual(
      [{ productGroupId: 't1', status: 201 }],
    );
    expect(await admin.removeProductTypes(['tree-leaf', 'tree-branch', 'tree-root'])).toEqual([
      { id: 'tree-leaf', status: 204 },
      { id: 'tree-branch', status: 204 },
      { id: 'tree-root', status: 204 },
    ]);
    await expect(admin.getProductType('tree-root')).rejects.toThrow('Product type "tree-root" not found');
  });

  it('a write without a token is still 401 with --public-reads', async () => {
    const res = await fetch(`${server()}/api/tenants/writer/${ENVIRONMENT}/products/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': '' },
      body: JSON.stringify({ data: [{ productGroupId: 'w2' }] }),
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toContain('writes need a token even with public reads');
  });
});

describe('GridProductServiceClient without --public-reads', () => {
  let plain: RunningServer | undefined;
  beforeAll(async () => {
    plain = await startServer({ port: 0, host: '127.0.0.1', seed });
  });
  afterAll(() => plain?.close());

  it('every method fails with the 401 message, which names --public-reads', async () => {
    const c = clientClass((plain as RunningServer).url);
    const calls: Record<string, () => Promise<unknown>> = {
      getProductById: () => c.getProductById(subject.productGroupId, {}),
      getProductByBarcode: () => c.getProductByBarcode(ean, {}),
      getProductList: () => c.getProductList(),
      search: () => c.search({ term: 'a' }),
      getProductTypesList: () => c.getProductTypesList(),
      getProductType: () => c.getProductType('any'),
      getProductFilters: () => c.getProductFilters([], ['productType']),
      getProductSortOptions: () => c.getProductSortOptions(),
      getProductRecommendations: () => c.getProductRecommendations(subject.productGroupId),
      getProductRecommendationsByProductId: () =>
        c.getProductRecommendationsByProductId(subject.productGroupId, {}),
      getVariantDetails: () => c.getVariantDetails(variant.productId),
      getProductEanByEpc: () => c.getProductEanByEpc(sgtin96Hex),
      getProductByEpc: () => c.getProductByEpc(sgtin96Hex, {}),
    };
    expect(Object.keys(calls).sort()).toEqual(methodsOf(c));
    for (const call of Object.values(calls)) await expect(call()).rejects.toThrow('--public-reads');
  });
});
