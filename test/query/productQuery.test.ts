import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListQuery, runListQuery, type ListParameters } from '../../src/query/productQuery.js';
import { parseSort, sortableFields, sortProducts } from '../../src/domain/sort.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const sortable = sortableFields({ properties: { productGroupId: { type: 'string' } } });

const product = (id: string, prices: number[], name = 'Plain'): CatalogProduct => ({
  productGroupId: id,
  productName: [{ isoLanguageId: 'en', productName: name }],
  productPriceList: prices.map((listPrice, i) => ({ productId: `${id}-${i}`, spaceId: 's', listPrice })),
});

const ids = (products: readonly CatalogProduct[]) => products.map((p) => p.productGroupId);
const run = (products: readonly CatalogProduct[], params: ListParameters) =>
  runListQuery(products, parseListQuery(params, sortable, { tenantId: 'acme' }));

describe('list query over a snapshot', () => {
  it('pages a filtered, sorted query exactly as sorting the filtered products would', () => {
    const arbCatalog = fc
      .uniqueArray(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 3 }),
          prices: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
        }),
        { selector: (r) => r.id, maxLength: 40 },
      )
      .map((rows) =>
        rows
          .map((r) => product(r.id, r.prices))
          .sort((a, b) => (a.productGroupId < b.productGroupId ? -1 : 1)),
      );
    fc.assert(
      fc.property(arbCatalog, fc.integer({ min: 0, max: 9 }), fc.boolean(), (catalog, floor, desc) => {
        const sort = `productPriceList/listPrice ${desc ? 'desc' : 'asc'}`;
        const filter = JSON.stringify({ ge: ['productPriceList/listPrice', floor] });
        const matching = catalog.filter((p) => (p.productPriceList ?? []).some((x) => x.listPrice >= floor));
        const expected = ids(sortProducts(matching, parseSort(sort, sortable)));
        // Twice on the same snapshot: the second answer comes from the cached order.
        for (let round = 0; round < 2; round++) {
          const pages = [1, 2, 3, 4, 5].flatMap((page) =>
            ids(run(catalog, { filter, sort, limit: 10, page }).list),
          );
          expect(pages).toEqual(expected);
          expect(run(catalog, { filter, sort, limit: 10 }).count).toBe(matching.length);
        }
      }),
    );
  });

  it('answers the first 50 matches without a limit, and the page asked for with one', () => {
    const catalog = Array.from({ length: 51 }, (_, i) => product(`p${String(i).padStart(2, '0')}`, [i]));
    const first = run(catalog, {});
    expect(first.count).toBe(51);
    expect(ids(first.list)).toEqual(ids(catalog.slice(0, 50)));
    expect(ids(run(catalog, { page: 2 }).list)).toEqual(['p50']);
    expect(ids(run(catalog, { limit: 20, page: 3 }).list)).toEqual(ids(catalog.slice(40, 51)));
  });

  it('answers from the new records after a write, not from an order cached for the old snapshot', () => {
    const before = [product('a', [1]), product('b', [2])];
    expect(ids(run(before, { sort: 'productPriceList/listPrice' }).list)).toEqual(['a', 'b']);
    const after = [product('a', [3]), before[1] as CatalogProduct];
    expect(ids(run(after, { sort: 'productPriceList/listPrice' }).list)).toEqual(['b', 'a']);
    expect(ids(run(before, { sort: 'productPriceList/listPrice desc' }).list)).toEqual(['b', 'a']);
  });

  it('keeps the matches of different filters apart, and shares them between spellings of one filter', () => {
    const catalog = [product('a', [1]), product('b', [2]), product('c', [3])];
    const ge = (floor: number) => ({ ge: ['productPriceList/listPrice', floor] });
    expect(ids(run(catalog, { filter: JSON.stringify(ge(2)) }).list)).toEqual(['b', 'c']);
    expect(ids(run(catalog, { filter: JSON.stringify(ge(3)) }).list)).toEqual(['c']);
    expect(
      ids(
        run(catalog, { filter: JSON.stringify(ge(2), null, 2), sort: 'productPriceList/listPrice desc' })
          .list,
      ),
    ).toEqual(['c', 'b']);
    expect(ids(run(catalog, { filter: ge(2) as unknown as string }).list)).toEqual(['b', 'c']);
  });

  it('counts the facets of each query over its own matches, whichever query of the snapshot came first', () => {
    const catalog = [
      product('a', [5], 'Red lamp'),
      product('b', [1], 'Red chair'),
      product('c', [3], 'Blue lamp'),
    ];
    const facets = 'productPriceList/listPrice';
    const cheap = JSON.stringify({ lt: ['productPriceList/listPrice', 4] });
    const queries: [ListParameters, number[]][] = [
      [{}, [1, 3, 5]],
      [{ filter: cheap }, [1, 3]],
      [{ search: 'red' }, [1, 5]],
      [{ search: 'red', filter: cheap }, [1]],
    ];
    // Each query first on a snapshot of its own: what is counted first is what a cache would keep.
    for (const first of queries) {
      const snapshot = [...catalog];
      for (const [params, expected] of [first, ...queries]) {
        const counts = run(snapshot, { ...params, facets }).facets[facets] ?? [];
        const values = counts.map((f) => f.value as number).sort((x, y) => x - y);
        expect(values, JSON.stringify(params)).toEqual(expected);
      }
    }
  });

  it('answers each search of one snapshot by its own words, field, filter and sort, also when repeated', () => {
    const catalog = [
      product('a', [5], 'Red lamp'),
      product('b', [1], 'Red chair'),
      product('c', [3], 'Blue lamp'),
      product('d', [2], 'Lamp red shade'),
    ];
    const queries: [ListParameters, string[]][] = [
      [{ search: 'red' }, ['a', 'b', 'd']],
      [{ search: 'lamp' }, ['a', 'c', 'd']],
      [{ search: 'red lamp' }, ['a', 'd']],
      [{ search: 'red', searchField: 'productGroupId' }, []],
      [{ search: 'red', sort: 'productGroupId desc' }, ['d', 'b', 'a']],
      [{ search: 'red', filter: JSON.stringify({ ge: ['productPriceList/listPrice', 2] }) }, ['a', 'd']],
    ];
    // Twice over: the second round is answered from the searched orders kept per snapshot.
    for (let round = 0; round < 2; round++) {
      for (const [params, expected] of queries) expect(ids(run(catalog, params).list)).toEqual(expected);
    }
  });
});
