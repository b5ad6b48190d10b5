import { describe, expect, it } from 'vitest';
import { nullFieldHint } from '../../src/openapi/nullHint.js';
import { appPerFile } from '../helpers.js';

// null for a field that is not a list is a 400 on every write (docs/behaviour.md, "Errors"); its
// message names the field and the write that removes it, and doing what it says removes it.
const { c, fresh } = appPerFile();

const boot = {
  productGroupId: 'p1',
  introductionDate: '2024-01-02',
  shellLifeDays: 30,
  productName: [{ isoLanguageId: 'en-GB', productName: 'Boot' }],
  variants: [
    { productId: 'v1', color: 'red', size: '42' },
    { productId: 'v2', color: 'blue', size: '43' },
  ],
  productPriceList: [{ productId: 'v1', spaceId: 's1', listPrice: 10, suggestedRetailPrice: 12 }],
};

async function stored(base: string) {
  const put = await c.post(`${base}/products/push`, { data: [boot] });
  expect(put.status).toBe(200);
  return async () => (await c.get(`${base}/products/p1`)).body.data as Record<string, unknown>;
}

describe('null for a field that is not a list', () => {
  it('PATCH /products: a 400 naming the field and POST /products/push, which does remove it', async () => {
    const base = fresh();
    const read = await stored(base);
    const res = await c.patch(`${base}/products`, {
      data: [{ productGroupId: 'p1', introductionDate: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].introductionDate must be a string (got null); null does not remove a field: to remove introductionDate, send the whole record without it to POST /products/push, which replaces the stored record',
    );
    expect((await read()).introductionDate).toBe('2024-01-02');
    const without: Partial<typeof boot> = { ...boot };
    delete without.introductionDate;
    expect((await c.post(`${base}/products/push`, { data: [without] })).status).toBe(200);
    const after = await read();
    expect(after).not.toHaveProperty('introductionDate');
    expect(after.shellLifeDays).toBe(30);
  });

  it('POST /products-push: the same 400, for each field sent as null', async () => {
    const base = fresh();
    const read = await stored(base);
    const res = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', shellLifeDays: null, isDeleted: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: 'body.data[0].shellLifeDays',
        message:
          'must be a whole number (got null); null does not remove a field: to remove shellLifeDays, send the whole record without it to POST /products/push, which replaces the stored record',
      },
      {
        path: 'body.data[0].isDeleted',
        message:
          'must be true or false (got null); null does not remove a field: to remove isDeleted, send the whole record without it to POST /products/push, which replaces the stored record',
      },
    ]);
    expect((await read()).shellLifeDays).toBe(30);
  });

  it('POST /products/push: a 400 that says to leave the field out', async () => {
    const res = await c.post(`${fresh()}/products/push`, {
      data: [{ productGroupId: 'p1', variantsGroupId: null }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].variantsGroupId must be a string (got null); to remove variantsGroupId, leave it out: this push replaces the stored record whole',
    );
  });

  it('an element field: leave it out of the element, which does remove it on a merge push', async () => {
    const base = fresh();
    const read = await stored(base);
    const price = { productId: 'v1', spaceId: 's1', listPrice: 10 };
    const res = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', productPriceList: [{ ...price, suggestedRetailPrice: null }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].productPriceList[0].suggestedRetailPrice must be a number (got null); to remove suggestedRetailPrice, leave it out of the element: an element sent replaces the stored one whole',
    );
    expect(
      (await c.post(`${base}/products-push`, { data: [{ productGroupId: 'p1', productPriceList: [price] }] }))
        .status,
    ).toBe(200);
    expect((await read()).productPriceList).toEqual([price]);
  });

  it('a field that takes a string or a list (a barcode) gets the hint too', async () => {
    const base = fresh();
    await stored(base);
    const res = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', variants: [{ productId: 'v1', europeanArticleNumber: null }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].variants[0].europeanArticleNumber must be a string or an array (got null); to remove europeanArticleNumber, leave it out of the element: an element sent replaces the stored one whole',
    );
  });

  it('PATCH /variants: a 400 naming the merge push of the whole variant, which does remove it', async () => {
    const base = fresh();
    const read = await stored(base);
    const res = await c.patch(`${base}/variants`, { data: [{ productId: 'v1', color: null }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].color must be a string (got null); null does not remove a field: to remove color, send the whole variant without it in variants of a POST /products-push for its product, which replaces the stored variant with that productId',
    );
    const push = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 'p1', variants: [{ productId: 'v1', size: '42' }] }],
    });
    expect(push.status).toBe(200);
    const variants = (await read()).variants as Record<string, unknown>[];
    expect(variants.find((v) => v.productId === 'v1')).not.toHaveProperty('color');
    expect(variants.find((v) => v.productId === 'v2')).toMatchObject({ color: 'blue' });
  });

  it('no advice to remove what names a record or element, or what its element requires', async () => {
    const base = fresh();
    const cases: [string, object, string][] = [
      [
        'patch',
        { data: [{ productGroupId: null }] },
        'body.data[0].productGroupId must be a string (got null)',
      ],
      ['variants', { data: [{ productId: null }] }, 'body.data[0].productId must be a string (got null)'],
      [
        'push',
        {
          data: [
            { productGroupId: 'p1', productPriceList: [{ productId: 'v1', spaceId: 's1', listPrice: null }] },
          ],
        },
        'body.data[0].productPriceList[0].listPrice must be a number (got null)',
      ],
      [
        'push',
        { data: [{ productGroupId: 'p1', variants: [{ productId: 'v1', productGroupId: null }] }] },
        'body.data[0].variants[0].productGroupId must be a string (got null)',
      ],
    ];
    for (const [write, body, message] of cases) {
      const res =
        write === 'patch'
          ? await c.patch(`${base}/products`, body)
          : write === 'variants'
            ? await c.patch(`${base}/variants`, body)
            : await c.post(`${base}/products-push`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('POST /product-types: a document replaces the stored one whole, so leaving the field out removes it', async () => {
    const base = fresh();
    const type = {
      productTypeId: 't1',
      isRoot: true,
      title: [{ isoLanguageId: 'en-GB', label: 'Shoes', path: 'a/b' }],
    };
    expect((await c.post(`${base}/product-types`, { data: [type] })).status).toBe(200);
    const read = async () => (await c.get(`${base}/product-types/t1`)).body.data as Record<string, unknown>;
    const res = await c.post(`${base}/product-types`, {
      data: [{ ...type, isRoot: null, title: [{ isoLanguageId: 'en-GB', label: 'Shoes', path: null }] }],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: 'body.data[0].isRoot',
        message:
          'must be true or false (got null); to remove isRoot, leave it out: this write replaces the stored product type whole',
      },
      {
        path: 'body.data[0].title[0].path',
        message:
          'must be a string (got null); to remove path, leave it out of the element: an element sent replaces the stored one whole',
      },
    ]);
    expect(await read()).toEqual(type);
    const after = { productTypeId: 't1', title: [{ isoLanguageId: 'en-GB', label: 'Shoes' }] };
    expect((await c.post(`${base}/product-types`, { data: [after] })).status).toBe(200);
    expect(await read()).toEqual(after);
  });

  it('the element hint holds at any depth: an element inside an element sent is sent whole too', () => {
    const hint = 'to remove note, leave it out of the element: an element sent replaces the stored one whole';
    for (const write of ['updateProducts', 'pushProducts', 'overwriteProducts', 'updateVariants']) {
      expect(nullFieldHint(write, '/data/0/variants/1/productName/0/note'), write).toBe(hint);
      expect(nullFieldHint(write, '/data/3/a/0/b/2/c/1/note'), write).toBe(hint);
    }
    // A merge key's part names the element at any depth too.
    expect(nullFieldHint('pushProducts', '/data/0/x/0/productPriceList/0/spaceId')).toBeUndefined();
    // Not an element's field: an object's field below an item is no element.
    expect(nullFieldHint('pushProducts', '/data/0/extra/note')).toBeUndefined();
  });

  it('a read is told only the type: it removes nothing', async () => {
    const res = await c.post(`${fresh()}/products`, { search: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('body.search must be a string (got null)');
  });
});
