// A costly list query within the limits takes turns with other requests, answers as before, and
// the limits that bound what cannot take turns are refused by name (docs/behaviour.md, "Parameters").
import { beforeAll, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../src/mock.js';
import { generateDataset } from '../../src/seed/index.js';
import { parseListQuery, runListQuery, runListQueryInTurns } from '../../src/query/productQuery.js';
import { sortableFields } from '../../src/domain/sort.js';
import type { MockRequest } from '../../src/pipeline/types.js';
import type { CatalogProduct } from '../../src/domain/types.js';
import { turnsDuring } from '../helpers.js';

const TOKEN = { 'x-api-key': 'test-token' };
const request = (method: string, url: string, body?: unknown): MockRequest => ({
  method,
  url,
  headers: body === undefined ? TOKEN : { ...TOKEN, 'content-type': 'application/json' },
  readBody: async () => body,
});

/** 256 operators (an or of 255), none matching: every one is tried on every product, as in the attack. */
const costlyFilter = (salt: string) => ({
  or: Array.from({ length: 255 }, (_, i) => ({ contains: ['PRODUCTDESCRIPTION', `zq${salt}${i}`] })),
});

describe('a costly list query', () => {
  let mock: Mock;
  let products: readonly CatalogProduct[];
  beforeAll(async () => {
    products = generateDataset('demo', { count: 3000 }).products;
    mock = await createMock({ seed: { products, productTypes: [] } });
  }, 60_000);

  it('lets other requests in while a filter of 256 operators runs over the catalog, and answers as before', async () => {
    const url = `/acme/dev/products?filter=${encodeURIComponent(JSON.stringify(costlyFilter('a')))}`;
    // Sent alone, the query held the server for seconds at 10,000 products: now it pauses every
    // few milliseconds, so other requests are read and answered meanwhile.
    const { value, turns } = await turnsDuring(mock.handle(request('GET', url)));
    expect(value.status).toBe(200);
    expect((value.json as { data: { count: number } }).data.count).toBe(0);
    expect(turns).toBeGreaterThan(1);
    // A cheap read started meanwhile is answered before the costly one.
    const order: string[] = [];
    const costly = mock
      .handle(request('POST', '/acme/dev/products', { filter: costlyFilter('b'), limit: 1 }))
      .then((a) => order.push(`costly ${a.status}`));
    await new Promise((resolve) => setImmediate(resolve));
    const cheap = mock
      .handle(request('GET', `/acme/dev/products/${encodeURIComponent(products[1]!.productGroupId)}`))
      .then((a) => order.push(`cheap ${a.status}`));
    await Promise.all([costly, cheap]);
    expect(order).toEqual(['cheap 200', 'costly 200']);
  });

  it('answers the same in turns as in one go: filter, sort, facets, attribute filters and search', async () => {
    const sortable = sortableFields({
      properties: { productGroupId: { type: 'string' }, introductionDate: { type: 'string' } },
    });
    const queries = [
      {
        filter: JSON.stringify({
          or: [{ contains: ['productName', 'wool'] }, { gt: ['productPriceList/listPrice', 90] }],
        }),
        sort: 'introductionDate desc',
        facets: 'brand/brandName,productType',
        includeAttributeFilters: true,
        page: 2,
      },
      {
        search: 'scarf',
        filter: JSON.stringify({ ne: ['brand/brandName', 'Nordvik'] }),
        facets: 'productType',
      },
    ];
    for (const params of queries) {
      // Fresh snapshots (copies): neither run may answer from the other's cached matches.
      const parse = () => parseListQuery(params, sortable, { tenantId: 'acme' });
      const inTurns = await runListQueryInTurns([...products], parse());
      const inOneGo = runListQuery([...products], parse());
      expect(inTurns.count).toBeGreaterThan(0);
      expect(inTurns).toEqual(inOneGo);
    }
  });

  it('refuses a facet of more than 1000 values, naming the limit, and a filter of more than 10,000 listed values', async () => {
    const facets = await mock.handle(
      request('GET', '/acme/dev/products?facets=brand/brandName,productGroupId'),
    );
    expect(facets.status).toBe(400);
    expect((facets.json as { message: string }).message).toMatch(
      /^facets: "productGroupId" has more than 1000 values among the matches; the limit is 1000 values per facet/,
    );
    const lists = Array.from({ length: 11 }, (_, l) => ({
      in: ['productGroupId', Array.from({ length: 1000 }, (_, i) => `v${l}-${i}`)],
    }));
    const tooMany = await mock.handle(request('POST', '/acme/dev/products', { filter: { or: lists } }));
    expect(tooMany.status).toBe(400);
    expect((tooMany.json as { message: string }).message).toBe(
      'filter has more than 10000 values in its in lists; the limit is 10000 in all',
    );
    const tenLists = await mock.handle(
      request('POST', '/acme/dev/products', { filter: { or: lists.slice(1) } }),
    );
    expect(tenLists.status).toBe(200);
  });
});
