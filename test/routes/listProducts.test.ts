import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, client, makeApp } from '../helpers.js';
import { catalog, ids, productTypes } from './readsFixtures.js';

let c: ReturnType<typeof client>;
beforeAll(async () => {
  c = client(await makeApp({ seed: { products: catalog, productTypes } }));
});

const list = async (query: string) => {
  const res = await c.get(`${BASE}/products${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

describe('GET /products: paging and count', () => {
  it('answers every product ordered by productGroupId, with empty facets and attributeFilters', async () => {
    const data = await list('');
    expect(ids(data.list)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(data).toMatchObject({ count: 5, facets: {}, attributeFilters: {} });
    expect(data.list[0]).toEqual(catalog[0]);
  });

  it('reads limit and page from the query string as numbers; count is over all pages', async () => {
    expect(ids((await list('limit=2&page=2')).list)).toEqual(['p3', 'p4']);
    const last = await list('limit=2&page=3');
    expect(ids(last.list)).toEqual(['p5']);
    expect(last.count).toBe(5);
    expect(await list('limit=2&page=9')).toMatchObject({ list: [], count: 5 });
  });

  it('rejects limit and page out of range with a message naming the parameter', async () => {
    for (const q of ['limit=0', 'page=0', 'limit=two']) {
      const res = await c.get(`${BASE}/products?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toContain(q.split('=')[0]);
    }
    // No maximum (docs/behaviour.md, "Parameters"): a page past the matches holds them all.
    expect(await list('limit=1001')).toMatchObject({ count: 5 });
    expect((await list('limit=1001')).list).toHaveLength(5);
  });
});

describe('GET /products: filter', () => {
  it('refuses a number too large to be finite, which would answer as an earlier filter did', async () => {
    // 1e400 and -1e400 both read as an infinity that the filter's JSON writes as null: the second
    // got the first one's cached answer, every product with a shellLifeDays.
    for (const value of ['-1e400', '1e400']) {
      const res = await c.get(
        `${BASE}/products?filter=${encodeURIComponent(`{"gt":["shellLifeDays",${value}]}`)}`,
      );
      expect(res.status, value).toBe(400);
      expect(res.body.message).toBe(
        'filter.gt: the second operand must be a finite number (got a number too large to be finite)',
      );
    }
  });

  it('combines with paging: count is every match, the page is a slice of them', async () => {
    const data = await list(`${filter({ eq: ['productType', 'shoes'] })}&limit=1&page=2`);
    expect(ids(data.list)).toEqual(['p2']);
    expect(data.count).toBe(3);
  });

  it('goes through arrays with / and matches when any element matches', async () => {
    // p1's lowest price is 30 but it also has 50: one element above 40 is enough.
    const data = await list(filter({ gt: ['productPriceList/listPrice', 40] }));
    expect(ids(data.list)).toEqual(['p1', 'p2', 'p3']);
    expect(ids((await list(filter({ eq: ['variants/color', 'blue'] }))).list)).toEqual(['p1']);
  });

  it('accepts the JSON unencoded in the query string', async () => {
    const res = await c.get(`${BASE}/products?filter={"eq":["brand/brandName","Zeta"]}`);
    expect(res.status, res.body.message).toBe(200);
    expect(ids(res.body.data.list)).toEqual(['p2']);
  });

  it('rejects a malformed filter with a 400 that says what is wrong', async () => {
    const cases: [string, RegExp][] = [
      ['{"eq":["productType"', /not valid JSON/],
      [
        '{"like":["productType","x"]}',
        /^query\.filter unknown operator "like"; operators: eq, ne, gt.*, e\.g\. /,
      ],
      [
        '{"eq":["productType","x","y"]}',
        /^query\.filter\.eq takes 2 operands \(a field path and a value\), got 3, e\.g\. /,
      ],
      ['{"and":[{"not":[]}]}', /filter\.and\[0\]\.not takes 1 operand.*got 0/],
      ['{"in":["productType","shoes"]}', /filter\.in.*array/],
    ];
    for (const [text, message] of cases) {
      const res = await c.get(`${BASE}/products?filter=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(400);
      expect(res.body.message, text).toMatch(message);
    }
  });
});

describe('GET /products: sort', () => {
  it('sorts by a scalar field, ties by productGroupId, missing values last in both directions', async () => {
    expect(ids((await list('sort=shellLifeDays%20desc')).list)).toEqual(['p1', 'p5', 'p2', 'p4', 'p3']);
    expect(ids((await list('sort=shellLifeDays')).list)).toEqual(['p2', 'p4', 'p1', 'p5', 'p3']);
    expect(ids((await list('sort=shellLifeDays+ASC')).list)).toEqual(['p2', 'p4', 'p1', 'p5', 'p3']);
  });

  it('sorts by the first productName and by the lowest listPrice', async () => {
    expect(ids((await list('sort=productName')).list)).toEqual(['p2', 'p3', 'p1', 'p4', 'p5']);
    // lowest prices: p4 15, p1 30 (not 50), p2 80, p3 120; p5 has none.
    expect(ids((await list('sort=productPriceList/listPrice')).list)).toEqual(['p4', 'p1', 'p2', 'p3', 'p5']);
  });

  it('applies several keys in order, then pages the sorted list', async () => {
    const q = `sort=${encodeURIComponent('shellLifeDays desc, productName desc')}`;
    expect(ids((await list(q)).list)).toEqual(['p5', 'p1', 'p4', 'p2', 'p3']);
    expect(ids((await list(`${q}&limit=2&page=2`)).list)).toEqual(['p4', 'p2']);
  });

  it('rejects a field that is not sortable and a malformed part, naming them', async () => {
    for (const [q, named] of [
      ['sort=productType', '"productType"'],
      ['sort=nope%20desc', '(got "nope desc")'],
      ['sort=shellLifeDays%20down', 'shellLifeDays down'],
    ]) {
      const res = await c.get(`${BASE}/products?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toContain(named);
    }
  });
});

describe('GET /products: select', () => {
  it('returns productGroupId and the selected fields a product has; unknown names are absent', async () => {
    const data = await list('select=shellLifeDays,nope&limit=3');
    expect(data.list).toEqual([
      { productGroupId: 'p1', shellLifeDays: 10 },
      { productGroupId: 'p2', shellLifeDays: 5 },
      { productGroupId: 'p3' },
    ]);
  });

  it('keeps productGroupId even when it is not selected, and selects after sorting by another field', async () => {
    const data = await list('select=brand&sort=productPriceList/listPrice&limit=1');
    expect(data.list).toEqual([{ productGroupId: 'p4', brand: catalog[3]?.brand }]);
  });
});

describe('GET /products: search', () => {
  it('matches every word case-insensitively, ranking name matches above other fields, then productGroupId', async () => {
    // "red": in the names of p1 and p4 (score 2), only in p3's description (score 1).
    expect(ids((await list('search=RED')).list)).toEqual(['p1', 'p4', 'p3']);
    expect(ids((await list('search=red%20shoe')).list)).toEqual(['p1']);
  });

  it('searches descriptions, tags, brand names, productGroupId, variant ids and barcodes', async () => {
    expect(ids((await list('search=stitching')).list)).toEqual(['p3']);
    expect(ids((await list('search=winter')).list)).toEqual(['p4']);
    expect(ids((await list('search=zeta')).list)).toEqual(['p2']);
    expect(ids((await list('search=p5')).list)).toEqual(['p5']);
    expect(ids((await list('search=p1-v2')).list)).toEqual(['p1']);
    expect(ids((await list('search=1234567890')).list)).toEqual(['p1']);
    // A feature value is not a searched field.
    expect((await list('search=leather%20material')).count).toBe(0);
  });

  it('limits the search to searchField, and rejects a field it cannot search', async () => {
    expect(ids((await list('search=acme&searchField=brand/brandName')).list)).toEqual(['p1', 'p3', 'p4']);
    expect(ids((await list('search=red&searchField=productDescription')).list)).toEqual(['p3']);
    const res = await c.get(`${BASE}/products?search=x&searchField=productFeature`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('productFeature');
  });

  it('combines with filter, sort and paging', async () => {
    const data = await list(
      `search=shoe&${filter({ ge: ['shellLifeDays', 10] })}&sort=productName%20desc&limit=1`,
    );
    expect(ids(data.list)).toEqual(['p5']);
    expect(data.count).toBe(2);
  });
});

describe('GET /products: facets and attribute filters', () => {
  it('counts facet values over all matches, not one page, by count then value', async () => {
    const data = await list('facets=productType,brand/brandName,shellLifeDays&limit=1');
    expect(data.list).toHaveLength(1);
    expect(data.facets).toEqual({
      productType: [
        { value: 'shoes', count: 3 },
        { value: 'accessories', count: 1 },
        { value: 'bags', count: 1 },
      ],
      'brand/brandName': [
        { value: 'Acme', count: 3 },
        { value: 'Zeta', count: 1 },
      ],
      shellLifeDays: [
        { value: 5, count: 2 },
        { value: 10, count: 2 },
      ],
    });
  });

  it('counts a product once per value even when several elements carry it', async () => {
    // p1 has two prices in store-1; p5 has none.
    const data = await list('facets=productPriceList/spaceId');
    expect(data.facets).toEqual({ 'productPriceList/spaceId': [{ value: 'store-1', count: 4 }] });
  });

  it('computes facets over the filtered matches only', async () => {
    const data = await list(`${filter({ eq: ['productType', 'shoes'] })}&facets=brand/brandName`);
    expect(data.facets['brand/brandName']).toEqual([
      { value: 'Acme', count: 1 },
      { value: 'Zeta', count: 1 },
    ]);
  });

  it('builds attributeFilters over all matches when asked, limited to the listed types', async () => {
    const all = await list('includeAttributeFilters=true&limit=1');
    expect(all.attributeFilters).toEqual({
      color: ['blue', 'red'],
      material: ['leather'],
      size: ['42'],
    });
    const some = await list('includeAttributeFilters=true&attributeFilters=color,size&limit=1');
    expect(some.attributeFilters).toEqual({ color: ['blue', 'red'], size: ['42'] });
    expect((await list('attributeFilters=color')).attributeFilters).toEqual({});
    expect((await list('includeAttributeFilters=false')).attributeFilters).toEqual({});
  });

  // docs/behaviour.md, "Facets and attribute filters": attributeFilters narrows the switch, and is
  // no switch itself; a request sending it without the switch is answered, not refused.
  it('answers attributeFilters without includeAttributeFilters=true with no attribute filters, in the query and in a body', async () => {
    const narrowed = await list('includeAttributeFilters=true&attributeFilters=color');
    expect(narrowed.attributeFilters).toEqual({ color: ['blue', 'red'] });
    for (const query of ['attributeFilters=color', 'includeAttributeFilters=false&attributeFilters=color']) {
      const data = await list(query);
      expect(data.attributeFilters).toEqual({});
      expect(ids(data.list)).toEqual(ids(narrowed.list));
    }
    for (const body of [
      { attributeFilters: 'color' },
      { includeAttributeFilters: false, attributeFilters: 'color' },
    ]) {
      const res = await c.post(`${BASE}/products`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.attributeFilters).toEqual({});
    }
  });
});

describe('POST /products', () => {
  const queries: Record<string, string | number | boolean>[] = [
    {},
    { limit: 2, page: 2 },
    { search: 'red', select: 'productName', includeAttributeFilters: true, attributeFilters: 'color' },
    {
      filter: JSON.stringify({ or: [{ eq: ['productType', 'bags'] }, { lt: ['shellLifeDays', 10] }] }),
      sort: 'productPriceList/listPrice desc',
      facets: 'productType',
      limit: 2,
    },
    { search: 'acme', searchField: 'brand/brandName', sort: 'shellLifeDays', page: 1 },
  ];

  it('answers exactly what GET answers for the same parameters', async () => {
    for (const q of queries) {
      const query = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
      const viaGet = await c.get(`${BASE}/products?${query}`);
      const viaPost = await c.post(`${BASE}/products`, q);
      expect(viaGet.status, query).toBe(200);
      expect(viaPost.body, query).toEqual(viaGet.body);
    }
  });

  it('takes filter as the object itself as well as a JSON string', async () => {
    const f = { in: ['productType', ['bags', 'accessories']] };
    const asObject = await c.post(`${BASE}/products`, { filter: f });
    const asString = await c.post(`${BASE}/products`, { filter: JSON.stringify(f) });
    expect(ids(asObject.body.data.list)).toEqual(['p3', 'p4']);
    expect(asObject.body).toEqual(asString.body);
  });

  it('rejects what GET rejects', async () => {
    const badSort = await c.post(`${BASE}/products`, { sort: 'nope' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toContain('nope');
    const badFilter = await c.post(`${BASE}/products`, { filter: { eq: ['productType'] } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toMatch(/^body\.filter\.eq takes 2 operands .*got 1, e\.g\. \{"eq":/);
    const badLimit = await c.post(`${BASE}/products`, { limit: 0 });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toContain('limit');
    // a property that is no parameter is ignored, as an undocumented query parameter is
    const typo = await c.post(`${BASE}/products`, { limt: 2 });
    expect(typo.status).toBe(200);
  });
});
