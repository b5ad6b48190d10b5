import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListQuery, runListQuery } from '../../src/query/productQuery.js';
import { parseSort, sortableFields, sortProducts } from '../../src/domain/sort.js';
import { compareIds } from '../../src/domain/productTypes.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const sortable = sortableFields({
  properties: {
    productGroupId: { type: 'string' },
    shellLifeDays: { type: 'integer' },
    isDeleted: { type: 'boolean' },
    variants: { type: 'array' },
  },
});
const order = (products: CatalogProduct[], sort: string) =>
  sortProducts(products, parseSort(sort, sortable)).map((p) => p.productGroupId);

describe('sort', () => {
  it('takes top-level scalar fields of the schema and the two derived keys, nothing else', () => {
    expect([...sortable].sort()).toEqual([
      'isDeleted',
      'productGroupId',
      'productName',
      'productPriceList/listPrice',
      'shellLifeDays',
    ]);
    expect(() => parseSort('variants', sortable)).toThrow(/sort field "variants" is not sortable/);
    expect(() => parseSort('shellLifeDays sideways', sortable)).toThrow(
      /"shellLifeDays sideways" is not "<field> \[asc\|desc\]"/,
    );
    expect(parseSort(' , ', sortable)).toEqual([]);
  });

  it('shows the value it refuses as schema problems do: quoted as JSON, a long one cut short', () => {
    // A newline was written as it came, and a field of thousands of characters whole.
    expect(() => parseSort('a\nb up', sortable)).toThrow(
      'sort "a\\nb up" is not "<field> [asc|desc]", e.g. "shellLifeDays desc"',
    );
    expect(() => parseSort('x'.repeat(3000), sortable)).toThrow(
      `sort field "${'x'.repeat(80)}…", 3000 characters is not sortable; sortable fields: `,
    );
  });

  it('breaks ties by productGroupId ascending whatever the direction, and puts missing values last', () => {
    const products: CatalogProduct[] = [
      { productGroupId: 'd', shellLifeDays: 1 },
      { productGroupId: 'c' },
      { productGroupId: 'b', shellLifeDays: 2 },
      { productGroupId: 'a', shellLifeDays: 1 },
    ];
    expect(order(products, 'shellLifeDays')).toEqual(['a', 'd', 'b', 'c']);
    expect(order(products, 'shellLifeDays DESC')).toEqual(['b', 'a', 'd', 'c']);
  });

  it('orders products given in productGroupId order the same with ties broken by position (inIdOrder)', () => {
    const keys = parseSort('shellLifeDays desc', sortable);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 30, maxLength: 30 }),
        (ids, values) => {
          // Few distinct values and ranks: most products tie on both, and the id decides.
          const products = [...ids]
            .sort(compareIds)
            .map((id, i) => ({ productGroupId: id, shellLifeDays: values[i] === 0 ? undefined : values[i] }));
          const rank = (p: CatalogProduct) => (p.productGroupId.length % 2) + 1;
          const ids_ = (list: CatalogProduct[]) => list.map((p) => p.productGroupId);
          expect(ids_(sortProducts(products, keys, rank, true))).toEqual(
            ids_(sortProducts(products, keys, rank)),
          );
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });

  it('sorts booleans false first', () => {
    const products: CatalogProduct[] = [
      { productGroupId: 'a', isDeleted: true },
      { productGroupId: 'b', isDeleted: false },
      { productGroupId: 'c' },
    ];
    expect(order(products, 'isDeleted')).toEqual(['b', 'a', 'c']);
    expect(order(products, 'isDeleted desc')).toEqual(['a', 'b', 'c']);
  });

  it('uses the first productName and the lowest listPrice', () => {
    const products: CatalogProduct[] = [
      {
        productGroupId: 'a',
        productName: [
          { isoLanguageId: 'en', productName: 'Zebra' },
          { isoLanguageId: 'sv', productName: 'Apa' },
        ],
        productPriceList: [
          { productId: 'x', spaceId: 's', listPrice: 9 },
          { productId: 'y', spaceId: 's', listPrice: 1 },
        ],
      },
      {
        productGroupId: 'b',
        productName: [{ isoLanguageId: 'en', productName: 'Mouse' }],
        productPriceList: [{ productId: 'z', spaceId: 's', listPrice: 5 }],
      },
    ];
    expect(order(products, 'productName')).toEqual(['b', 'a']);
    expect(order(products, 'productPriceList/listPrice')).toEqual(['a', 'b']);
  });

  it('pages without losing or repeating a product: the pages put together are the whole sorted list', () => {
    const arbProducts = fc.uniqueArray(
      fc.record({
        productGroupId: fc.string({ minLength: 1, maxLength: 3 }),
        shellLifeDays: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
      { selector: (p) => p.productGroupId, maxLength: 30 },
    );
    fc.assert(
      fc.property(arbProducts, fc.integer({ min: 1, max: 7 }), (raw, limit) => {
        const products = raw
          .map((p) => (p.shellLifeDays === undefined ? { productGroupId: p.productGroupId } : p))
          .sort((a, b) =>
            a.productGroupId < b.productGroupId ? -1 : a.productGroupId > b.productGroupId ? 1 : 0,
          );
        const whole = runListQuery(
          products,
          parseListQuery({ sort: 'shellLifeDays desc', limit: 1000 }, sortable, { tenantId: 'acme' }),
        );
        const pages: CatalogProduct[] = [];
        for (let page = 1; page <= Math.ceil(products.length / limit) + 1; page++) {
          const one = runListQuery(
            products,
            parseListQuery({ sort: 'shellLifeDays desc', limit, page }, sortable, { tenantId: 'acme' }),
          );
          expect(one.count).toBe(products.length);
          pages.push(...one.list);
        }
        expect(pages).toEqual(whole.list);
      }),
    );
  });
});
