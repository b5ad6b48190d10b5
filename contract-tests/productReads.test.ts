import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../src/contract/suite/api.js';
import { documentedBounds } from '../src/contract/suite/bounds.js';
import { SCOPE_TEMPLATE } from '../src/contract/suite/checker.js';
import { contractKit } from '../src/contract/suite/kit.js';
import { OperationTable } from '../src/openapi/operations.js';
import { loadSchemaValidator } from '../src/openapi/schemas.js';
import {
  feature,
  filterParam,
  ids as idsOf,
  name,
  price,
  startsWith,
  testBarcode,
} from '../src/contract/suite/records.js';

const { api, elsewhere, ids, settled, writing, setup, target } = await contractKit('reads');
/**
 * A large page: the limit parameter's maximum, when openapi.yaml states one; else 1000, which the
 * mock takes as it takes any limit (docs/behaviour.md, "Parameters").
 */
const MAX_LIMIT =
  documentedBounds(
    new OperationTable((await loadSchemaValidator()).document, SCOPE_TEMPLATE).operations,
  ).find((b) => b.operationId === 'listProducts' && b.name === 'limit' && b.kind === 'maximum')?.limit ??
  1000;

/** The text openapi.yaml says includeAttributeFilters reads as true (its x-true-words). */
const TRUE_WORDS = (
  new OperationTable((await loadSchemaValidator()).document, SCOPE_TEMPLATE).operations
    .find((op) => op.operationId === 'listProducts')!
    .parameters.find((p) => p.name === 'includeAttributeFilters') as { 'x-true-words'?: string[] }
)['x-true-words'] ?? ['true'];

type Listed = { productGroupId: string } & Record<string, unknown>;
const listed = (reply: Reply): string[] => idsOf(reply.data.list as Listed[]);
/** Where listed() reads its ids: a difference in them is named so, not `$`. */
const IDS = '$.data.list (ids)';

describe('reads on whatever the deployment holds', () => {
  it('GET /products pages with the default limit of 50 and counts all matches', async () => {
    const reply = await api.get('/products');
    reply.expectStatus(200);
    reply.expect(reply.data.list.length, '$.data.list (length)').toBeLessThanOrEqual(50);
    reply.expect(reply.data.count, '$.data.count').toBeGreaterThanOrEqual(reply.data.list.length);
  });

  it('GET /products?limit=2 answers at most 2, the first two of limit=4 in the same sort', async () => {
    const sort = `sort=${encodeURIComponent('productGroupId asc')}`;
    // retried: other writers (parallel suite files included) may change the list between the two calls
    await settled(async () => {
      const two = await api.get(`/products?limit=2&${sort}`);
      const four = await api.get(`/products?limit=4&${sort}`);
      two.expect(listed(two), IDS).toEqual(listed(four).slice(0, 2));
    });
  });

  it('[mock choice] GET /products?limit= of 1000 (or the documented maximum) answers every match up to it: no page size is capped', async () => {
    const reply = await api.get(`/products?limit=${MAX_LIMIT}&select=productGroupId`);
    reply.expectStatus(200);
    reply.expect(reply.data.list.length, '$.data.list (length)').toBe(Math.min(reply.data.count, MAX_LIMIT));
  });

  it('[mock choice] GET /products?limit= past 1000 is taken: the specification sets no maximum', async () => {
    const reply = await api.get(`/products?limit=${MAX_LIMIT + 1}&select=productGroupId`);
    reply.expectStatus(200);
    reply
      .expect(reply.data.list.length, '$.data.list (length)')
      .toBe(Math.min(reply.data.count, MAX_LIMIT + 1));
  });

  it('[mock choice] a query parameter GET /products does not document is ignored, not refused', async () => {
    const sort = `sort=${encodeURIComponent('productGroupId asc')}`;
    await settled(async () => {
      const plain = await api.get(`/products?limit=3&select=productGroupId&${sort}`);
      const extra = await api.get(`/products?limit=3&select=productGroupId&${sort}&noSuchParameter=1`);
      extra.expectStatus(200);
      extra.expect(listed(extra), IDS).toEqual(listed(plain));
    });
  });

  it('[mock choice] a property POST /products does not document in its body is ignored, not refused', async () => {
    const query = { limit: 3, select: 'productGroupId', sort: 'productGroupId asc' };
    await settled(async () => {
      const plain = await api.post('/products', query);
      const extra = await api.post('/products', { ...query, noSuchParameter: 1 });
      extra.expectStatus(200);
      extra.expect(listed(extra), IDS).toEqual(listed(plain));
    });
  });

  it('[mock choice] a flag written as one of its x-true-words, in any case, reads as true, and other text as false', async () => {
    const flags = async (written: string) => {
      const reply = await api.get(
        `/products?limit=1&select=productGroupId&includeAttributeFilters=${written}`,
      );
      reply.expectStatus(200);
      return reply.data.attributeFilters as Record<string, unknown>;
    };
    await settled(async () => {
      const asTrue = await flags('true');
      for (const word of TRUE_WORDS)
        expect(await flags(encodeURIComponent(word.toUpperCase())), word).toEqual(asTrue);
      for (const written of ['0', 'no', '']) expect(await flags(written), written).toEqual({});
    });
  });

  it('[mock choice] a select name holding `/` names no field: the records come without it', async () => {
    const reply = await api.get('/products?limit=5&select=brand/brandName');
    reply.expectStatus(200);
    (reply.data.list as Listed[]).forEach((item, i) =>
      reply.expect(Object.keys(item), `$.data.list[${i}] (fields)`).toEqual(['productGroupId']),
    );
  });

  it('[mock choice] GET /search with a blank term is taken, as an empty search is no search', async () => {
    const reply = await api.get('/search?term=%20&select=productGroupId');
    reply.expectStatus(200);
    reply.expect(reply.data.products.length, '$.data.products (length)').toBeLessThanOrEqual(50);
  });

  it('GET /products?select=productGroupId answers records with no other field', async () => {
    const reply = await api.get('/products?select=productGroupId&limit=20');
    (reply.data.list as Listed[]).forEach((item, i) =>
      reply.expect(Object.keys(item), `$.data.list[${i}] (fields)`).toEqual(['productGroupId']),
    );
  });

  it('GET /search answers products and product types', async () => {
    const reply = await api.get(`/search?term=${ids.unknown('term')}`);
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual({ products: expect.any(Array), productTypes: expect.any(Array) });
  });
});

writing('reads of products this run wrote', () => {
  // A word no deployment holds: search must find exactly the products named with it.
  const word = `w${randomBytes(5).toString('hex')}`;
  const [gtin, ean, upc, single] = [testBarcode(), testBarcode(), testBarcode(), testBarcode()];
  const cat = (n: string) => ids.product(`cat-${n}`);
  const [a, b, c, d, e, f] = ['a', 'b', 'c', 'd', 'e', 'f'].map(cat) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const catPrefix = `${ids.prefix}cat-`;
  const bulkPrefix = `${ids.prefix}bulk-`;
  const groupId = `${ids.prefix}group`;
  const typeId = ids.productType('type');

  // shellLifeDays order (b d a f c e) differs from id order, so an ignored sort shows.
  const catalog = [
    {
      productGroupId: a,
      productName: [name(`Alpha ${word} boot`)],
      shellLifeDays: 30,
      introductionDate: '2020-01-01',
      productType: ['boots'],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      productPriceList: [price(`${a}-v1`, 's1', 100)],
      productFeature: [feature(`${a}-v1`, 'color', 'red'), feature(`${a}-v1`, 'size', 'M')],
      variants: [{ productId: `${a}-v1`, globalTradeItemNumber: [gtin], color: 'red' }],
      relatedProductGroups: [c, ids.unknown('related'), b].map((id) => ({
        relatedProductGroupId: id,
        productRelationshipType: 'Recommended',
      })),
    },
    {
      productGroupId: b,
      productName: [name('Bravo shoe')],
      shellLifeDays: 10,
      introductionDate: '2021-01-01',
      productType: ['shoes'],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      productPriceList: [price(`${b}-v1`, 's1', 50)],
      productFeature: [feature(`${b}-v1`, 'color', 'blue')],
      variants: [{ productId: `${b}-v1`, europeanArticleNumber: [ean] }],
      variantsGroupId: groupId,
    },
    {
      productGroupId: c,
      productName: [name('Charlie sandal')],
      shellLifeDays: 50,
      introductionDate: '2020-01-01',
      productType: ['shoes'],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Bolt' }],
      productPriceList: [price(`${c}-v1`, 's1', 150), price(`${c}-v1`, 's2', 140)],
      variants: [{ productId: `${c}-v1`, universalProductCode: [`0${upc}`] }],
      variantsGroupId: groupId,
    },
    {
      productGroupId: d,
      productName: [name(`Delta ${word}`)],
      shellLifeDays: 20,
      introductionDate: '2021-01-01',
      productType: ['bags'],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Bolt' }],
      productPriceList: [price(`${d}-v1`, 's2', 75)],
    },
    {
      productGroupId: e,
      productName: [name('Echo')],
      shellLifeDays: 60,
      introductionDate: '2019-01-01',
      productType: ['bags'],
      productPriceList: [price(`${e}-v1`, 's2', 20)],
      // One code as a string, the specification's type for a barcode field.
      variants: [{ productId: `${e}-v1`, europeanArticleNumber: single }],
    },
    {
      productGroupId: f,
      productName: [name('Foxtrot')],
      shellLifeDays: 40,
      introductionDate: '2019-01-01',
      productType: ['shoes'],
      productPriceList: [price(`${f}-v1`, 's1', 120)],
    },
  ];
  const bulk = Array.from({ length: 55 }, (_, i) => ({
    productGroupId: ids.product(`bulk-${String(i).padStart(2, '0')}`),
  }));

  /** GET /products over this run's catalog only (a live deployment holds other products). */
  const list = (query: string, filter?: object) => {
    const scope = startsWith(catPrefix);
    return api.get(
      `/products?${filterParam(filter ? { and: [scope, filter] } : scope)}${query ? `&${query}` : ''}`,
    );
  };
  const sorted = (sort: string) => `sort=${encodeURIComponent(sort)}`;

  setup(async () => {
    (await api.post('/products-push', { data: [...catalog, ...bulk] })).expectSuccess();
    // settled once the list shows the catalog: a wrong `count` fails the tests that check it, not
    // the setup of every test here
    await settled(async () => {
      const reply = await list('limit=100&select=productGroupId');
      reply.expect(listed(reply), IDS).toEqual(expect.arrayContaining(idsOf(catalog)));
    });
  });

  it('GET /products counts all matches and pages through them with limit and page', async () => {
    const pages: string[][] = [];
    for (const page of [1, 2, 3, 4]) {
      const reply = await list(`limit=2&page=${page}&${sorted('productGroupId asc')}`);
      reply.expect(reply.data.count, '$.data.count').toBe(6);
      pages.push(listed(reply));
    }
    expect(pages).toEqual([[a, b], [c, d], [e, f], []]);
  });

  it('GET /products answers 50 by default, page 1 by default', async () => {
    const first = await api.get(
      `/products?${filterParam(startsWith(bulkPrefix))}&${sorted('productGroupId asc')}`,
    );
    first.expect(first.data.count, '$.data.count').toBe(55);
    first.expect(listed(first), IDS).toEqual(idsOf(bulk).slice(0, 50));
    const second = await api.get(
      `/products?${filterParam(startsWith(bulkPrefix))}&${sorted('productGroupId asc')}&page=2`,
    );
    second.expect(listed(second), IDS).toEqual(idsOf(bulk).slice(50));
  });

  it('GET /products?limit= above the default answers that many: 55 matches on one page of 55', async () => {
    const reply = await api.get(
      `/products?${filterParam(startsWith(bulkPrefix))}&${sorted('productGroupId asc')}&limit=55`,
    );
    reply.expect(reply.data.count, '$.data.count').toBe(55);
    reply.expect(listed(reply), IDS).toEqual(idsOf(bulk));
  });

  it('[mock choice] GET /products and POST /products at the largest limit answer every match, and a page past the end none with the same count', async () => {
    const scope = filterParam(startsWith(bulkPrefix));
    const got = await api.get(`/products?${scope}&${sorted('productGroupId asc')}&limit=${MAX_LIMIT}`);
    got.expect(listed(got), IDS).toEqual(idsOf(bulk));
    const posted = await api.post('/products', {
      filter: JSON.stringify(startsWith(bulkPrefix)),
      sort: 'productGroupId asc',
      limit: MAX_LIMIT,
    });
    posted.expect(listed(posted), IDS).toEqual(idsOf(bulk));
    const past = await api.get(`/products?${scope}&limit=50&page=3`);
    past.expect(listed(past), IDS).toEqual([]);
    past.expect(past.data.count, '$.data.count').toBe(55);
    const one = await api.get(`/products?${scope}&${sorted('productGroupId desc')}&limit=1`);
    one.expect(listed(one), IDS).toEqual([idsOf(bulk).at(-1)]);
    one.expect(one.data.count, '$.data.count').toBe(55);
  });

  it('[mock choice] pages of a sort with ties hold every product once, in one order (ties by productGroupId)', async () => {
    const pages: string[] = [];
    for (const page of [1, 2, 3]) {
      const reply = await list(`limit=2&page=${page}&${sorted('introductionDate asc')}`);
      pages.push(...listed(reply));
    }
    expect(pages).toEqual([e, f, a, c, b, d]);
  });

  it('[mock choice] GET /search?term= answers at most 50 products', async () => {
    const reply = await api.get(`/search?term=${encodeURIComponent(bulkPrefix)}`);
    reply.expectStatus(200);
    reply.expect(reply.data.products.length, '$.data.products (length)').toBe(50);
  });

  // productGroupId besides them is the mock's choice, checked by the next test
  const besidesId = (item: object) => Object.keys(item).filter((k) => k !== 'productGroupId');

  it('GET /products?select= answers only the fields asked for', async () => {
    const reply = await list('select=productName,shellLifeDays&limit=6');
    reply.expect(reply.data.list).toHaveLength(6);
    (reply.data.list as Listed[]).forEach((item, i) =>
      reply
        .expect(besidesId(item).sort(), `$.data.list[${i}] (fields besides productGroupId, sorted)`)
        .toEqual(['productName', 'shellLifeDays']),
    );
  });

  it('[mock choice] GET /products?select= always answers productGroupId', async () => {
    const reply = await list('select=shellLifeDays&limit=1');
    reply
      .expect(reply.data.list[0])
      .toEqual({ productGroupId: expect.any(String), shellLifeDays: expect.any(Number) });
  });

  it.each([
    ['shellLifeDays asc', () => [b, d, a, f, c, e]],
    ['shellLifeDays desc', () => [e, c, f, a, d, b]],
    ['productGroupId desc', () => [f, e, d, c, b, a]],
  ])('GET /products?sort=%s orders the list', async (sort, expected) => {
    const reply = await list(sorted(sort));
    reply.expect(listed(reply), IDS).toEqual(expected());
  });

  it.each([
    ['introductionDate asc', () => [e, f, a, c, b, d]],
    ['introductionDate desc,shellLifeDays asc', () => [b, d, a, c, f, e]],
    ['productName desc', () => [f, e, d, c, b, a]],
    ['productPriceList/listPrice asc', () => [e, b, d, a, f, c]],
    // ties by productGroupId ascending in either direction, not the whole order reversed
    ['introductionDate desc', () => [b, d, a, c, e, f]],
    // products without a value after those with one, in either direction
    ['variantsGroupId asc', () => [b, c, a, d, e, f]],
    ['variantsGroupId desc', () => [b, c, a, d, e, f]],
    ['productPriceList/listPrice desc', () => [c, f, a, d, b, e]],
  ])(
    '[mock choice] GET /products?sort=%s (ties by productGroupId, several keys, names and lowest price)',
    async (sort, expected) => {
      const reply = await list(sorted(sort));
      reply.expect(listed(reply), IDS).toEqual(expected());
    },
  );

  it('GET /products?filter={"gt":["productPriceList/listPrice",100]} keeps products with any price above 100', async () => {
    const reply = await list(sorted('productGroupId asc'), { gt: ['productPriceList/listPrice', 100] });
    reply.expect(listed(reply), IDS).toEqual([c, f]);
    reply.expect(reply.data.count, '$.data.count').toBe(2);
  });

  it('[mock choice] GET /products?filter= on tenantId (a filterable key of the published client) matches the tenant of the base URL', async () => {
    const tenant = decodeURIComponent(new URL(target.baseUrl).pathname.split('/').at(-2) ?? '');
    const mine = await list(sorted('productGroupId asc'), { eq: ['tenantId', tenant] });
    mine.expect(listed(mine), IDS).toEqual([a, b, c, d, e, f]);
    const theirs = await list('', { eq: ['tenantId', `${ids.prefix}other-tenant`] });
    theirs.expect(listed(theirs), IDS).toEqual([]);
  });

  it.each([
    ['eq', () => ({ eq: ['shellLifeDays', 30] }), () => [a]],
    ['ne', () => ({ ne: ['shellLifeDays', 30] }), () => [b, c, d, e, f]],
    ['ge', () => ({ ge: ['shellLifeDays', 50] }), () => [c, e]],
    ['lt', () => ({ lt: ['shellLifeDays', 20] }), () => [b]],
    ['le', () => ({ le: ['shellLifeDays', 20] }), () => [b, d]],
    ['in', () => ({ in: ['productType', ['boots', 'bags']] }), () => [a, d, e]],
    ['contains', () => ({ contains: ['brand/brandName', 'CM'] }), () => [a, b]],
    ['startsWith', () => ({ startsWith: ['variants/productId', `${c}-`] }), () => [c]],
    ['or', () => ({ or: [{ eq: ['shellLifeDays', 10] }, { eq: ['shellLifeDays', 60] }] }), () => [b, e]],
    ['not', () => ({ not: [{ eq: ['productPriceList/spaceId', 's1'] }] }), () => [d, e]],
    [
      'ne (a product without the field matches)',
      () => ({ ne: ['variantsGroupId', groupId] }),
      () => [a, d, e, f],
    ],
    ['eq null (no value)', () => ({ eq: ['variantsGroupId', null] }), () => [a, d, e, f]],
    ['in with numbers', () => ({ in: ['shellLifeDays', [10, 60]] }), () => [b, e]],
    ['gt on dates', () => ({ gt: ['introductionDate', '2020-06-01'] }), () => [b, d]],
    ['startsWith ignoring case', () => ({ startsWith: ['productName/productName', 'ALPHA'] }), () => [a]],
    ['and', () => ({ and: [{ eq: ['productType', 'shoes'] }, { lt: ['shellLifeDays', 45] }] }), () => [b, f]],
    ['eq is strict ("30" is not 30)', () => ({ eq: ['shellLifeDays', '30'] }), () => []],
  ])('[mock choice] GET /products filter operator %s', async (_op, filter, expected) => {
    const reply = await list(sorted('productGroupId asc'), filter());
    reply.expect(listed(reply), IDS).toEqual(expected());
  });

  it('[mock choice] GET /products?facets= counts values over all matches, most frequent first', async () => {
    const reply = await list(`limit=1&facets=${encodeURIComponent('productType,brand/brandName')}`);
    reply.expect(reply.data.facets).toEqual({
      productType: [
        { value: 'shoes', count: 3 },
        { value: 'bags', count: 2 },
        { value: 'boots', count: 1 },
      ],
      'brand/brandName': [
        { value: 'Acme', count: 2 },
        { value: 'Bolt', count: 2 },
      ],
    });
  });

  it('[mock choice] GET /products?facets= counts the matches of the filter and search only', async () => {
    const reply = await list(`limit=1&facets=productType`, { eq: ['brand/brandName', 'Bolt'] });
    reply.expect(reply.data.count, '$.data.count').toBe(2);
    reply.expect(reply.data.facets).toEqual({
      productType: [
        { value: 'bags', count: 1 },
        { value: 'shoes', count: 1 },
      ],
    });
    const searched = await list(`limit=1&facets=productType&search=${word}`);
    searched.expect(searched.data.count, '$.data.count').toBe(2);
    searched.expect(searched.data.facets).toEqual({
      productType: [
        { value: 'bags', count: 1 },
        { value: 'boots', count: 1 },
      ],
    });
  });

  it('[mock choice] GET /products?includeAttributeFilters=true lists feature values, limited by attributeFilters', async () => {
    const all = await list('limit=1&includeAttributeFilters=true');
    // values ordered by value, over every match (a, on another page than b, holds red and M)
    all.expect(all.data.attributeFilters).toEqual({ color: ['blue', 'red'], size: ['M'] });
    const some = await list('limit=1&includeAttributeFilters=true&attributeFilters=size');
    some.expect(some.data.attributeFilters).toEqual({ size: ['M'] });
    // over the matches of the filter only
    const blue = await list('includeAttributeFilters=true', { eq: ['productGroupId', b] });
    blue.expect(blue.data.attributeFilters).toEqual({ color: ['blue'] });
    // attributeFilters alone asks for nothing
    const none = await list('limit=1&attributeFilters=size');
    none.expect(none.data.attributeFilters).toEqual({});
  });

  // the spec does not show the body of POST /products (docs/behaviour.md, "Parameters"): parameters as its
  // properties is the published client's form
  it('[published] POST /products answers what GET /products answers for the same parameters', async () => {
    const query = {
      filter: JSON.stringify(startsWith(catPrefix)),
      sort: 'shellLifeDays desc',
      limit: 3,
      page: 2,
      select: 'shellLifeDays',
    };
    const posted = await api.post('/products', query);
    const got = await api.get(
      `/products?${filterParam(startsWith(catPrefix))}&${sorted(query.sort)}&limit=3&page=2&select=shellLifeDays`,
    );
    posted.expectStatus(200).expect(posted.data).toEqual(got.data);
    posted.expect(listed(posted), IDS).toEqual([a, d, b]);
  });

  it('GET /products?search= finds the products holding the word', async () => {
    const reply = await list(`search=${word}&${sorted('productGroupId asc')}`);
    reply.expect(listed(reply).sort(), '$.data.list (ids, sorted)').toEqual([a, d]);
  });

  it('[mock choice] GET /products?search= is case-insensitive and needs every word', async () => {
    const upper = await list(`search=${word.toUpperCase()}`);
    upper.expect(listed(upper).sort(), '$.data.list (ids, sorted)').toEqual([a, d]);
    const both = await list(`search=${encodeURIComponent(`${word} boot`)}`);
    both.expect(listed(both), IDS).toEqual([a]);
  });

  it('[published] GET /products?searchField= searches that field only', async () => {
    const named = await list(`search=${word}&searchField=productName&${sorted('productGroupId asc')}`);
    named.expect(listed(named), IDS).toEqual([a, d]);
    const described = await list(`search=${word}&searchField=productDescription`);
    described.expect(listed(described), IDS).toEqual([]);
    described.expect(described.data.count, '$.data.count').toBe(0);
  });

  // The product type is written here, not in the setup: only this test needs it, so --skip
  // upsertProductTypes holds back this test alone. Its body and its title (where the term is found)
  // are the published client's: the spec shows no field of a product type but its id.
  it('[published] GET /search?term= finds products and product types', async () => {
    (
      await api.post('/product-types', {
        data: [{ productTypeId: typeId, title: [{ isoLanguageId: 'en-GB', label: `Type ${word}` }] }],
      })
    ).expectStatus(200);
    await settled(async () => {
      const reply = await api.get(`/search?term=${word}`);
      reply.expectStatus(200);
      reply.expect(idsOf(reply.data.products).sort(), '$.data.products (ids, sorted)').toEqual([a, d]);
      reply
        .expect(
          reply.data.productTypes.map((t: { productTypeId: string }) => t.productTypeId),
          '$.data.productTypes (ids)',
        )
        .toEqual([typeId]);
    });
  });

  it.each([
    ['globalTradeItemNumber', () => gtin, () => [a, `${a}-v1`]],
    ['europeanArticleNumber', () => ean, () => [b, `${b}-v1`]],
    ['universalProductCode', () => `0${upc}`, () => [c, `${c}-v1`]],
    ['universalProductCode without its leading zero [published]', () => upc, () => [c, `${c}-v1`]],
    ['europeanArticleNumber sent as one string [spec]', () => single, () => [e, `${e}-v1`]],
  ])('GET /products-barcode/{barcode} finds a variant by %s', async (_field, barcode, expected) => {
    const reply = await api.get(`/products-barcode/${barcode()}`);
    const [product, variant] = expected();
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toMatchObject({ productId: variant, productDetails: { productGroupId: product } });
  });

  it('GET /product-recommendations/{id} answers the related products ([mock choice] those that exist, in order)', async () => {
    const reply = await api.get(`/product-recommendations/${a}`);
    reply.expectStatus(200).expect(idsOf(reply.data), '$.data (ids)').toEqual([c, b]);
    const none = await api.get(`/product-recommendations/${e}`);
    none.expectStatus(200).expect(none.data).toEqual([]);
  });

  it('GET /products/{id}?select= answers the fields asked for', async () => {
    const reply = await api.get(`/products/${a}?select=productName`);
    reply
      .expectStatus(200)
      .expect(besidesId(reply.data), '$.data (fields besides productGroupId)')
      .toEqual(['productName']);
    reply.expect(reply.data.productName).toEqual(catalog[0]!.productName);
  });

  // The service stores its records per tenant and per environment (the spec's overview): under another
  // one, the run's products are refused or not found, whichever 4xx, and listed nowhere.
  it.each(['tenant', 'environment'] as const)(
    'GET /products/{id} under another %s finds nothing this run wrote',
    async (part) => {
      const there = elsewhere(part);
      (await there.get(`/products/${a}`)).expectRefused();
      const list = await there.get(`/products?${filterParam(startsWith(catPrefix))}`);
      if (list.status !== 200) list.expectRefused();
      else list.expect(listed(list), IDS).toEqual([]);
    },
  );

  it('[mock choice] GET /products/{id}?filter= answers 404 for a product the filter rejects', async () => {
    (await api.get(`/products/${a}?${filterParam({ gt: ['shellLifeDays', 10] })}`)).expectStatus(200);
    (await api.get(`/products/${a}?${filterParam({ gt: ['shellLifeDays', 30] })}`)).expectError(404);
  });

  // what "variant-related information" is, and the field that groups products, are the mock's
  // choice and the published name (docs/behaviour.md, "One product")
  it('[mock choice] GET /products/{id}?includeProductsByVariantsByGroupId=true adds the variants of its variants group', async () => {
    const plain = await api.get(`/products/${b}`);
    plain
      .expect(
        plain.data.variants.map((v: { productId: string }) => v.productId),
        '$.data.variants (productIds)',
      )
      .toEqual([`${b}-v1`]);
    const merged = await api.get(`/products/${b}?includeProductsByVariantsByGroupId=true`);
    merged
      .expect(
        merged.data.variants.map((v: { productId: string }) => v.productId),
        '$.data.variants (productIds)',
      )
      .toEqual([`${b}-v1`, `${c}-v1`]);
  });
});
