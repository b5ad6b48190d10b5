import { describe, expect, it } from 'vitest';
import { parseFilter, parseFilterWithKey } from '../../src/domain/filter.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const shoe: CatalogProduct = {
  productGroupId: 'shoe',
  shellLifeDays: 10,
  introductionDate: '2020-05-01',
  isDeleted: false,
  productType: ['shoes', 'sale'],
  brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme Sports' }],
  productPriceList: [
    { productId: 'v1', spaceId: 's1', listPrice: 50 },
    { productId: 'v2', spaceId: 's2', listPrice: 30 },
  ],
  variants: [
    { productId: 'v1', color: 'red', globalTradeItemNumber: ['111', '222'] },
    { productId: 'v2', color: 'blue' },
  ],
};
const bare: CatalogProduct = { productGroupId: 'bare' };

const matches = (filter: unknown, product: CatalogProduct = shoe) => parseFilter(filter)(product);

describe('filter: comparisons', () => {
  it('compares numbers numerically and strings by code unit (ISO dates in date order)', () => {
    expect(matches({ gt: ['shellLifeDays', 9] })).toBe(true);
    expect(matches({ gt: ['shellLifeDays', 10] })).toBe(false);
    expect(matches({ ge: ['shellLifeDays', 10] })).toBe(true);
    expect(matches({ lt: ['shellLifeDays', 10] })).toBe(false);
    expect(matches({ le: ['shellLifeDays', 10] })).toBe(true);
    expect(matches({ lt: ['introductionDate', '2020-12-31'] })).toBe(true);
    expect(matches({ gt: ['introductionDate', '2021-01-01'] })).toBe(false);
  });

  it('never matches across types: "10" is not 10 and a string is not above a number', () => {
    expect(matches({ eq: ['shellLifeDays', '10'] })).toBe(false);
    expect(matches({ gt: ['introductionDate', 5] })).toBe(false);
    expect(matches({ eq: ['isDeleted', false] })).toBe(true);
  });

  it('goes through arrays with / and matches when any element does', () => {
    expect(matches({ gt: ['productPriceList/listPrice', 40] })).toBe(true);
    expect(matches({ lt: ['productPriceList/listPrice', 40] })).toBe(true);
    expect(matches({ gt: ['productPriceList/listPrice', 50] })).toBe(false);
    expect(matches({ eq: ['variants/globalTradeItemNumber', '222'] })).toBe(true);
    expect(matches({ eq: ['productType', 'sale'] })).toBe(true);
  });

  it('reads ne as "no value equals", so it matches a product without the field', () => {
    expect(matches({ ne: ['variants/color', 'red'] })).toBe(false);
    expect(matches({ ne: ['variants/color', 'green'] })).toBe(true);
    expect(matches({ ne: ['variants/color', 'red'] }, bare)).toBe(true);
    expect(matches({ eq: ['variants/color', 'red'] }, bare)).toBe(false);
  });

  it('reads eq null as "no value" and ne null as "has a value"', () => {
    expect(matches({ eq: ['variantsGroupId', null] })).toBe(true);
    expect(matches({ ne: ['shellLifeDays', null] })).toBe(true);
    expect(matches({ ne: ['shellLifeDays', null] }, bare)).toBe(false);
  });

  it("takes the published client's filterable keys: a bare array names its elements' field of the same name", () => {
    const statuses: CatalogProduct = {
      productGroupId: 'st',
      productStatus: [
        { spaceId: 's1', productStatus: 'Active' },
        { spaceId: 's2', productStatus: 'Discontinued' },
      ],
      productTags: [{ isoLanguageId: 'en-GB', productTags: ['wool', 'winter'] }],
    };
    expect(matches({ eq: ['productStatus', 'Discontinued'] }, statuses)).toBe(true);
    expect(matches({ eq: ['productStatus', 'Inactive'] }, statuses)).toBe(false);
    expect(matches({ ne: ['productStatus', 'Active'] }, statuses)).toBe(false);
    expect(matches({ in: ['productTags', ['summer', 'winter']] }, statuses)).toBe(true);
    // One step only, and an element without such a field is still a value: eq null asks for none.
    expect(matches({ eq: ['brand', null] })).toBe(false);
    expect(matches({ eq: ['brand', null] }, bare)).toBe(true);
  });

  it('names a field without regard to case when no field has the exact name (brand/BrandName)', () => {
    expect(matches({ eq: ['brand/BrandName', 'Acme Sports'] })).toBe(true);
    expect(matches({ eq: ['ProductPriceList/ListPrice', 30] })).toBe(true);
    expect(matches({ eq: ['brand/BrandName', 'Other'] })).toBe(false);
  });

  it('reads a stored null as no value, as an absent field', () => {
    const nulled = {
      productGroupId: 'n',
      variantsGroupId: null,
      productType: [null, 'hats'],
    } as unknown as CatalogProduct;
    expect(matches({ eq: ['variantsGroupId', null] }, nulled)).toBe(true);
    expect(matches({ ne: ['variantsGroupId', null] }, nulled)).toBe(false);
    expect(matches({ ne: ['variantsGroupId', 'g'] }, nulled)).toBe(true);
    expect(matches({ eq: ['productType', 'hats'] }, nulled)).toBe(true);
  });

  it('prefers the field of the exact name to one differing only in case', () => {
    const both: CatalogProduct = { productGroupId: 'both', Color: 'blue', color: 'red' };
    expect(matches({ eq: ['Color', 'blue'] }, both)).toBe(true);
    expect(matches({ eq: ['Color', 'red'] }, both)).toBe(false);
    expect(matches({ eq: ['color', 'red'] }, both)).toBe(true);
  });

  it('does not reach the prototype through a path', () => {
    expect(matches({ ne: ['constructor', null] }, bare)).toBe(false);
    expect(matches({ eq: ['brand/constructor/name', 'Object'] })).toBe(false);
  });
});

describe('filter: in, contains, startsWith, and, or, not', () => {
  it('in matches when any value at the path is listed', () => {
    expect(matches({ in: ['productType', ['bags', 'sale']] })).toBe(true);
    expect(matches({ in: ['productType', ['bags']] })).toBe(false);
    expect(matches({ in: ['shellLifeDays', [5, 10]] })).toBe(true);
    expect(matches({ in: ['productType', []] })).toBe(false);
  });

  it('contains and startsWith ignore case', () => {
    expect(matches({ contains: ['brand/brandName', 'SPORT'] })).toBe(true);
    expect(matches({ startsWith: ['brand/brandName', 'acme'] })).toBe(true);
    expect(matches({ startsWith: ['brand/brandName', 'sports'] })).toBe(false);
    expect(matches({ contains: ['shellLifeDays', '1'] })).toBe(false);
  });

  it('combines with and, or, not', () => {
    const t = { eq: ['productGroupId', 'shoe'] };
    const f = { eq: ['productGroupId', 'other'] };
    expect(matches({ and: [t, t] })).toBe(true);
    expect(matches({ and: [t, f] })).toBe(false);
    expect(matches({ or: [f, t] })).toBe(true);
    expect(matches({ or: [f] })).toBe(false);
    expect(matches({ not: [f] })).toBe(true);
    expect(matches({ not: [{ not: [t] }] })).toBe(true);
  });

  it('accepts the filter as JSON text', () => {
    expect(parseFilter('{"eq":["variants/color","blue"]}')(shoe)).toBe(true);
  });
});

describe('filter: errors name the problem', () => {
  const rejects = (filter: unknown, message: RegExp) => {
    let caught: unknown;
    try {
      parseFilter(filter);
    } catch (e) {
      caught = e;
    }
    expect(caught, JSON.stringify(filter)).toMatchObject({
      kind: 'invalid', // answered as a 400 (src/pipeline/answers.ts)
      message: expect.stringMatching(message),
    });
  };

  it('malformed JSON and shapes that are no filter', () => {
    rejects('{"eq":', /filter is not valid JSON/);
    rejects('[1]', /filter must be an object/);
    rejects({}, /exactly one operator, found 0/);
    rejects({ eq: ['a', 1], ne: ['a', 2] }, /exactly one operator, found 2: eq, ne/);
    rejects({ eq: 'a' }, /filter\.eq takes an array of operands/);
  });

  it('unknown operators, wherever they are nested', () => {
    rejects({ like: ['a', 'b'] }, /unknown operator "like"/);
    rejects(
      { or: [{ eq: ['a', 1] }, { not: [{ between: [] }] }] },
      /filter\.or\[1\]\.not\[0\]: unknown operator "between"/,
    );
  });

  it('wrong operand counts', () => {
    rejects({ eq: ['a'] }, /filter\.eq takes 2 operands \(a field path and a value\), got 1/);
    rejects({ in: ['a', [1], 2] }, /filter\.in takes 2 operands.*got 3/);
    rejects({ not: [{ eq: ['a', 1] }, { eq: ['a', 1] }] }, /filter\.not takes 1 operand.*got 2/);
    rejects({ and: [] }, /filter\.and takes one or more filters, got 0/);
  });

  it('every operand message says what was given, as schema messages do (docs/behaviour.md, "Errors")', () => {
    const cases: [unknown, string][] = [
      [{ contains: ['productName', 5] }, 'filter.contains: the second operand must be a string (got 5)'],
      [{ startsWith: ['a', null] }, 'filter.startsWith: the second operand must be a string (got null)'],
      [
        { eq: ['a', { x: 1 }] },
        'filter.eq: the second operand must be a string, number, boolean or null (no value) (got an object)',
      ],
      [{ gt: ['a', null] }, 'filter.gt: the second operand must be a string, number or boolean (got null)'],
      [
        { lt: ['a', [1]] },
        'filter.lt: the second operand must be a string, number or boolean (got an array)',
      ],
      [
        { in: ['a', 'b'] },
        'filter.in: the second operand must be an array of strings, numbers or booleans (got "b")',
      ],
      [
        { in: ['a', ['x', 'y', { x: 1 }]] },
        'filter.in: value 3 of the list must be a string, number or boolean (got an object)',
      ],
      [
        { in: ['a', [null]] },
        'filter.in: value 1 of the list must be a string, number or boolean (got null)',
      ],
      [
        { eq: [5, 5] },
        'filter.eq: the first operand must be a field path such as "productPriceList/listPrice" (got 5)',
      ],
      [
        { eq: ['a//b', 5] },
        'filter.eq: the first operand must be a field path such as "productPriceList/listPrice" (got "a//b")',
      ],
      [
        { contains: [`${'x'.repeat(98)}//`, 'x'] },
        `filter.contains: the first operand must be a field path such as "productPriceList/listPrice" (got "${'x'.repeat(80)}…", 100 characters)`,
      ],
      [{ eq: 'a' }, 'filter.eq takes an array of operands, e.g. {"eq":["productType","shoes"]} (got "a")'],
      [
        { not: [5] },
        'filter.not[0] must be an object {"<op>": [operands]}, e.g. {"gt":["productPriceList/listPrice",100]} (got 5)',
      ],
      [
        '{"gt":["a",1e400]}',
        'filter.gt: the second operand must be a finite number (got a number too large to be finite)',
      ],
    ];
    for (const [filter, message] of cases) {
      expect(() => parseFilter(filter), JSON.stringify(filter)).toThrow(
        expect.objectContaining({ kind: 'invalid', message }),
      );
    }
  });

  it('a number too large to be finite, which JSON.parse reads as Infinity', () => {
    rejects('{"gt":["a",1e400]}', /^filter\.gt: the second operand must be a finite number/);
    rejects(
      '{"not":[{"eq":["a",-1e400]}]}',
      /^filter\.not\[0\]\.eq: the second operand must be a finite number/,
    );
    rejects('{"in":["a",[1,1e400]]}', /^filter\.in: value 2 of the list must be a finite number/);
  });

  it('nesting deeper than 32 levels', () => {
    let deep: unknown = { eq: ['a', 1] };
    for (let i = 0; i < 40; i++) deep = { not: [deep] };
    rejects(deep, /deeper than 32/);
  });

  it('takes a chain of 32 operators, whatever the innermost one, and refuses 33 (docs/behaviour.md, "Parameters")', () => {
    const chain = (operators: number, innermost: unknown) => {
      let node = innermost;
      for (let i = 1; i < operators; i++) node = { not: [node] };
      return node;
    };
    for (const innermost of [{ eq: ['productGroupId', 'x'] }, { in: ['productGroupId', ['x']] }]) {
      for (const form of [(f: unknown) => f, (f: unknown) => JSON.stringify(f)]) {
        // 32 operators: 31 nots (an odd count) around a test that fails on shoe.
        expect(parseFilter(form(chain(32, innermost)))(shoe)).toBe(true);
        rejects(form(chain(33, innermost)), /^filter nests deeper than 32 operators; the limit is 32$/);
      }
    }
    expect(() => parseFilterWithKey(chain(33, { eq: ['a', 1] }), 'additionalRawFilter')).toThrow(
      /^additionalRawFilter nests deeper than 32 operators/,
    );
  });

  it('takes 256 operators and an in list of 1000 values, and names the parameter past either', () => {
    const or = (operators: number) => ({
      or: Array.from({ length: operators - 1 }, (_, i) => ({ eq: ['productGroupId', `p${i}`] })),
    });
    expect(parseFilter(or(256))(shoe)).toBe(false);
    rejects(or(257), /^filter has more than 256 operators; the limit is 256$/);
    expect(() => parseFilterWithKey(or(257), 'additionalRawFilter')).toThrow(
      /^additionalRawFilter has more than 256 operators/,
    );
    const values = (n: number) => Array.from({ length: n }, (_, i) => (i === n - 1 ? 'shoe' : `p${i}`));
    expect(parseFilter({ in: ['productGroupId', values(1000)] })(shoe)).toBe(true);
    rejects({ in: ['productGroupId', values(1001)] }, /filter\.in: 1001 values; the limit is 1000/);
  });
});

describe('filter: tenantId, read from the scope', () => {
  const acme = { tenantId: 'acme' };
  const beta = { tenantId: 'beta' };

  it("reads the scope's tenant for every product, bare or not, and never the record", () => {
    const onRecord = { ...shoe, tenantId: 'beta' } as CatalogProduct;
    for (const product of [shoe, bare, onRecord]) {
      expect(parseFilter({ eq: ['tenantId', 'acme'] }, acme)(product)).toBe(true);
      expect(parseFilter({ eq: ['tenantId', 'acme'] }, beta)(product)).toBe(false);
      expect(parseFilter({ in: ['tenantid', ['x', 'beta']] }, beta)(product)).toBe(true);
    }
    // A longer path is a field of the record, which has none.
    expect(parseFilter({ eq: ['tenantId/x', 'acme'] }, acme)(shoe)).toBe(false);
  });

  it("keys a filter that reads it by the tenant, and leaves other filters' keys shared by every tenant", () => {
    const tenant = { and: [{ eq: ['tenantId', 'acme'] }, { gt: ['shellLifeDays', 1] }] };
    expect(parseFilterWithKey(tenant, 'filter', acme).key).not.toBe(
      parseFilterWithKey(tenant, 'filter', beta).key,
    );
    const plain = { gt: ['shellLifeDays', 1] };
    expect(parseFilterWithKey(plain, 'filter', acme).key).toBe(parseFilterWithKey(plain, 'filter', beta).key);
    expect(parseFilterWithKey(plain, 'filter', acme).key).toBe(JSON.stringify(plain));
  });
});
