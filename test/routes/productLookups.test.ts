import { beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { BASE, client, makeApp } from '../helpers.js';
import { catalog, ids, product, productTypes } from './readsFixtures.js';

/**
 * Variants group g1: p1 (variantsGroupId), p3 (variantsByGroupId, the spec's name) and g1-b, which
 * shares variant p1-v2 with p1. Barcode 555 is on g1-b (as 0555) and on p4; p1 alone has 0001234567890.
 */
const grouped: CatalogProduct[] = [
  { ...(catalog[0] as CatalogProduct), variantsGroupId: 'g1' },
  { ...(catalog[1] as CatalogProduct), variantsGroupId: 'g2' },
  { ...(catalog[2] as CatalogProduct), variantsByGroupId: 'g1' },
  { ...(catalog[3] as CatalogProduct), variants: [{ productId: 'p4-v1', europeanArticleNumber: ['555'] }] },
  {
    ...(catalog[4] as CatalogProduct),
    relatedProductGroups: [
      { relatedProductGroupId: 'p3', productRelationshipType: 'Recommended' },
      { relatedProductGroupId: 'gone', productRelationshipType: 'Recommended' },
      { relatedProductGroupId: 'p1', productRelationshipType: 'Recommended' },
      { relatedProductGroupId: 'p3', productRelationshipType: 'Recommended' },
    ],
  },
  {
    productGroupId: 'g1-b',
    variantsGroupId: 'g1',
    variants: [{ productId: 'p1-v2' }, { productId: 'g1-b-v1', universalProductCode: ['0555'] }],
  },
];

let c: ReturnType<typeof client>;
beforeAll(async () => {
  c = client(await makeApp({ seed: { products: grouped, productTypes } }));
});
const enc = (f: object) => encodeURIComponent(JSON.stringify(f));
const variantIds = (p: CatalogProduct) => (p.variants ?? []).map((v) => v.productId);

describe('GET /products/{productGroupId}', () => {
  it('answers the stored product, and 404 naming an unknown id', async () => {
    expect((await c.get(`${BASE}/products/p2`)).body).toEqual({ data: grouped[1] });
    const res = await c.get(`${BASE}/products/nope`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('"nope"');
  });

  it('names an unknown id as schema problems show a value: a long one cut short, not whole', async () => {
    const res = await c.get(`${BASE}/products/${'x'.repeat(3000)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`Product "${'x'.repeat(80)}…", 3000 characters not found`);
    const quoted = await c.get(`${BASE}/products/${encodeURIComponent('a"b')}`);
    expect(quoted.body.message).toBe('Product "a\\"b" not found');
  });

  it('selects fields and always keeps productGroupId', async () => {
    const res = await c.get(`${BASE}/products/p2?select=shellLifeDays,brand`);
    expect(res.body.data).toEqual({ productGroupId: 'p2', shellLifeDays: 5, brand: grouped[1]?.brand });
    expect((await c.get(`${BASE}/products/p2?select=productType`)).body.data).toEqual({
      productGroupId: 'p2',
      productType: ['shoes'],
    });
  });

  it('answers 404 for a product that fails the filter, 400 for a bad filter', async () => {
    expect((await c.get(`${BASE}/products/p2?filter=${enc({ eq: ['shellLifeDays', 5] })}`)).status).toBe(200);
    const miss = await c.get(`${BASE}/products/p2?filter=${enc({ gt: ['shellLifeDays', 5] })}`);
    expect(miss.status).toBe(404);
    expect(miss.body.message).toContain('filter');
    const bad = await c.get(`${BASE}/products/p2?filter=${enc({ gt: ['shellLifeDays'] })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(
      /query\.filter\.gt takes 2 operands \(a field path and a value\), got 1, e\.g\. /,
    );
  });

  it('answers 400 for a bad filter whatever the id, as the barcode lookup does; a select path names no field', async () => {
    for (const path of ['/products/p2', '/products/unknown', '/products-barcode/999']) {
      const filter = await c.get(`${BASE}${path}?filter=${enc({ gt: ['shellLifeDays'] })}`);
      expect(filter.status, path).toBe(400);
      expect(filter.body.message, path).toMatch(
        /query\.filter\.gt takes 2 operands \(a field path and a value\), got 1, e\.g\. /,
      );
    }
    // A path in select names no field (docs/behaviour.md, "Select"): the answer lacks it.
    const select = await c.get(`${BASE}/products/p2?select=brand/brandName`);
    expect(select.status).toBe(200);
    expect(select.body.data).toEqual({ productGroupId: 'p2' });
    const journal = await c.raw.get('/__admin/requests?limit=1');
    expect(journal.body.data[0].notes).toEqual([
      expect.stringMatching(/^select name "brand\/brandName" is a path/),
    ]);
    expect((await c.get(`${BASE}/products/unknown?select=brand/brandName`)).status).toBe(404);
  });

  it('appends the variants of the other products of its variants group, once each, by productGroupId', async () => {
    const res = await c.get(`${BASE}/products/p1?includeProductsByVariantsByGroupId=true`);
    // p1's own, then g1-b's new one (p1-v2 already there), then p3's (variantsByGroupId counts too).
    expect(variantIds(res.body.data)).toEqual(['p1-v1', 'p1-v2', 'g1-b-v1', 'p3-v1']);
    expect(res.body.data.shellLifeDays).toBe(10);
    // From p3: its own, then g1-b's (p1-v2, g1-b-v1) since "g1-b" < "p1", then p1's remaining p1-v1.
    const fromP3 = await c.get(`${BASE}/products/p3?includeProductsByVariantsByGroupId=true`);
    expect(variantIds(fromP3.body.data)).toEqual(['p3-v1', 'p1-v2', 'g1-b-v1', 'p1-v1']);
  });

  it('leaves the variants alone without the flag, with false, and for a product alone in its group', async () => {
    expect(variantIds((await c.get(`${BASE}/products/p1`)).body.data)).toEqual(['p1-v1', 'p1-v2']);
    expect(
      variantIds((await c.get(`${BASE}/products/p1?includeProductsByVariantsByGroupId=false`)).body.data),
    ).toEqual(['p1-v1', 'p1-v2']);
    expect(
      variantIds((await c.get(`${BASE}/products/p2?includeProductsByVariantsByGroupId=true`)).body.data),
    ).toEqual(['p2-v1']);
    expect(
      variantIds((await c.get(`${BASE}/products/p4?includeProductsByVariantsByGroupId=true`)).body.data),
    ).toEqual(['p4-v1']);
  });

  it('groups no products by an empty variantsGroupId', async () => {
    const base = '/emptygroup/dev';
    const ungrouped = (id: string) => ({
      productGroupId: id,
      variantsGroupId: '',
      variants: [{ productId: `${id}-v` }],
    });
    expect((await c.post(`${base}/products-push`, { data: [ungrouped('e1'), ungrouped('e2')] })).status).toBe(
      200,
    );
    const res = await c.get(`${base}/products/e1?includeProductsByVariantsByGroupId=true`);
    expect(variantIds(res.body.data)).toEqual(['e1-v']);
  });
});

describe('GET /products-barcode/{barcode}', () => {
  it('finds the variant whatever the leading zeros, stored or asked', async () => {
    for (const code of ['0001234567890', '1234567890', '01234567890']) {
      const res = await c.get(`${BASE}/products-barcode/${code}`);
      expect(res.status, code).toBe(200);
      expect(res.body.data.productId, code).toBe('p1-v1');
      expect(res.body.data.productDetails, code).toEqual(grouped[0]);
    }
  });

  it('finds the variant of a code sent with the spaces or line end a scanner may add', async () => {
    for (const code of [' 1234567890', '1234567890%0A', '%090001234567890 ']) {
      const res = await c.get(`${BASE}/products-barcode/${code.replaceAll(' ', '%20')}`);
      expect(res.status, code).toBe(200);
      expect(res.body.data.productId, code).toBe('p1-v1');
    }
  });

  it('answers the lowest productGroupId when several match; the filter can skip one', async () => {
    // g1-b has 0555 as a UPC, p4 has 555 as an EAN; "g1-b" < "p4".
    const both = await c.get(`${BASE}/products-barcode/555`);
    expect(both.body.data).toMatchObject({
      productId: 'g1-b-v1',
      productDetails: { productGroupId: 'g1-b' },
    });
    const filtered = await c.get(
      `${BASE}/products-barcode/0555?filter=${enc({ eq: ['productType', 'accessories'] })}`,
    );
    expect(filtered.body.data).toMatchObject({
      productId: 'p4-v1',
      productDetails: { productGroupId: 'p4' },
    });
  });

  it('applies select and the variants group merge to productDetails', async () => {
    const res = await c.get(
      `${BASE}/products-barcode/1234567890?select=variants&includeProductsByVariantsByGroupId=true`,
    );
    expect(Object.keys(res.body.data.productDetails).sort()).toEqual(['productGroupId', 'variants']);
    expect(variantIds(res.body.data.productDetails)).toEqual(['p1-v1', 'p1-v2', 'g1-b-v1', 'p3-v1']);
  });

  it('answers 404 naming the barcode when no variant has it, or none passing the filter', async () => {
    const res = await c.get(`${BASE}/products-barcode/999`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('999');
    const filtered = await c.get(
      `${BASE}/products-barcode/1234567890?filter=${enc({ eq: ['shellLifeDays', 99] })}`,
    );
    expect(filtered.status).toBe(404);
  });
});

describe('barcodes sent as one string (the specification types them string)', () => {
  // EAN 7350048545357 (GTIN 07350048545357, EPC urn:epc:id:sgtin:7350048.054535.1), UPC 036000291452.
  const variant = {
    productId: 's1-v1',
    globalTradeItemNumber: '07350048545357',
    europeanArticleNumber: ['7350048545357'],
    universalProductCode: '036000291452',
  };
  let base: string;
  beforeAll(async () => {
    base = '/strings/dev';
    const push = await c.post(`${base}/products-push`, {
      data: [{ productGroupId: 's1', variants: [variant] }],
    });
    expect(push.status, JSON.stringify(push.body)).toBe(200);
  });

  it('are stored and answered as sent', async () => {
    const res = await c.get(`${base}/products/s1?select=variants`);
    expect(res.body.data.variants).toEqual([{ ...variant, productGroupId: 's1' }]);
    expect((await c.get(`${base}/variants/s1-v1`)).body.data).toMatchObject(variant);
  });

  it('are found whole by the barcode lookup and an EPC, and never by one character of them', async () => {
    for (const code of ['036000291452', '0036000291452', '7350048545357', '07350048545357']) {
      const res = await c.get(`${base}/products-barcode/${code}?select=productGroupId`);
      expect(res.status, code).toBe(200);
      expect(res.body.data, code).toEqual({ productDetails: { productGroupId: 's1' }, productId: 's1-v1' });
    }
    // A string read as a list of codes would make each of its digits a barcode.
    expect((await c.get(`${base}/products-barcode/3`)).status).toBe(404);
    expect((await c.get(`${base}/products-barcode/6`)).status).toBe(404);
    const epc = await c.get(`${base}/product-ean-by-epc/urn:epc:id:sgtin:7350048.054535.1`);
    expect(epc.body).toEqual({ data: '7350048545357' });
  });

  it('are searched and filtered as the text they are', async () => {
    const search = await c.get(
      `${base}/products?search=0360002&searchField=variants/universalProductCode&select=productGroupId`,
    );
    expect(search.body.data.list).toEqual([{ productGroupId: 's1' }]);
    const filtered = await c.get(
      `${base}/products?filter=${enc({ eq: ['variants/universalProductCode', '036000291452'] })}&select=productGroupId`,
    );
    expect(filtered.body.data.list).toEqual([{ productGroupId: 's1' }]);
  });

  it('a barcode that is neither a string nor a list of strings is a 400 that says what it takes', async () => {
    const res = await c.post(`${base}/products-push`, {
      data: [
        { productGroupId: 's2', variants: [{ productId: 's2-v1', globalTradeItemNumber: 7350048545357 }] },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'body.data[0].variants[0].globalTradeItemNumber must be a string or an array (got 7350048545357)',
    );
    expect((await c.get(`${base}/products/s2`)).status).toBe(404);
  });
});

describe('a blank barcode (an empty column of an import) is no code', () => {
  const base = '/blanks/dev';
  beforeAll(async () => {
    const push = await c.post(`${base}/products-push`, {
      data: [
        { productGroupId: 'b1', variants: [{ productId: 'b1-v1', europeanArticleNumber: [''] }] },
        { productGroupId: 'b2', variants: [{ productId: 'b2-v1', universalProductCode: '  ' }] },
        { productGroupId: 'b3', variants: [{ productId: 'b3-v1', globalTradeItemNumber: ['000'] }] },
      ],
    });
    expect(push.status, JSON.stringify(push.body)).toBe(200);
  });

  it('is found by no lookup: "0" and "000" find the code 000 alone, a blank finds nothing', async () => {
    for (const code of ['0', '000', '00000000000000']) {
      const res = await c.get(`${base}/products-barcode/${code}?select=productGroupId`);
      expect(res.body.data, code).toEqual({ productDetails: { productGroupId: 'b3' }, productId: 'b3-v1' });
    }
    const blank = await c.get(`${base}/products-barcode/%20`);
    expect(blank.status).toBe(404);
  });

  it('is not the GTIN of an EPC of zeros', async () => {
    const push = await c.post(`/blanks-epc/dev/products-push`, {
      data: [{ productGroupId: 'b1', variants: [{ productId: 'b1-v1', europeanArticleNumber: '' }] }],
    });
    expect(push.status).toBe(200);
    const res = await c.get(`/blanks-epc/dev/product-ean-by-epc/urn:epc:id:sgtin:0000000.000000.1`);
    expect(res.status).toBe(404);
  });
});

describe('GET /product-recommendations/{productGroupId}', () => {
  it('answers the related products that exist, in their order, each once', async () => {
    const res = await c.get(`${BASE}/product-recommendations/p5`);
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual(['p3', 'p1']);
    expect(res.body.data[0]).toEqual(grouped[2]);
  });

  it('answers [] for a product without related groups and 404 for an unknown product', async () => {
    expect((await c.get(`${BASE}/product-recommendations/p2`)).body).toEqual({ data: [] });
    const res = await c.get(`${BASE}/product-recommendations/nope`);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('"nope"');
  });
});

describe('GET /search', () => {
  it('answers products as the list search does and product types by id or title label', async () => {
    const res = await c.get(`${BASE}/search?term=red`);
    expect(res.status).toBe(200);
    expect(ids(res.body.data.products)).toEqual(['p1', 'p4', 'p3']);
    // "accessories" by its label "Red carpet extras"; no other type has "red".
    expect(res.body.data.productTypes.map((t: { productTypeId: string }) => t.productTypeId)).toEqual([
      'accessories',
    ]);
    const byId = await c.get(`${BASE}/search?term=SHOE`);
    expect(byId.body.data.productTypes.map((t: { productTypeId: string }) => t.productTypeId)).toEqual([
      'shoes',
    ]);
  });

  it('answers product types by id or label in any case, ordered by productTypeId whatever the seed order', async () => {
    const seeded = [
      { productTypeId: 'zz-stripes', title: [{ isoLanguageId: 'en-GB', label: 'Zebra' }] },
      { productTypeId: 'plain', title: [{ isoLanguageId: 'en-GB', label: 'Plain' }] },
      { productTypeId: 'Shirts', title: [{ isoLanguageId: 'sv-SE', label: 'Randiga STRIPES' }] },
      { productTypeId: 'a-stripe', title: [] },
    ];
    const app = client(await makeApp({ seed: { products: [], productTypes: seeded } }));
    const res = await app.get(`${BASE}/search?term=Stripe`);
    expect(res.status).toBe(200);
    // Code-unit order, as GET /product-types answers (docs/behaviour.md, "Product types"): 'Shirts' first.
    expect(res.body.data.productTypes.map((t: { productTypeId: string }) => t.productTypeId)).toEqual([
      'Shirts',
      'a-stripe',
      'zz-stripes',
    ]);
  });

  it('matches product types word by word, as products are: each word in the id or a title label, in any order', async () => {
    const typeIds = async (term: string) =>
      (await c.get(`${BASE}/search?term=${encodeURIComponent(term)}`)).body.data.productTypes.map(
        (t: { productTypeId: string }) => t.productTypeId,
      );
    // 'bags' is labelled "Bags and cases": the words, not the term as one text, must occur.
    expect(await typeIds('cases bags')).toEqual(['bags']);
    expect(await typeIds('bags  cases')).toEqual(['bags']);
    // A word may be in the id and another in a label ('shoes' is labelled "Footwear").
    expect(await typeIds('Footwear SHOES')).toEqual(['shoes']);
    // Every word must occur: 'boots' is in no type.
    expect(await typeIds('bags boots')).toEqual([]);
  });

  it('applies select to the products', async () => {
    const res = await c.get(`${BASE}/search?term=scarf&select=shellLifeDays`);
    expect(res.body.data.products).toEqual([{ productGroupId: 'p4', shellLifeDays: 5 }]);
  });

  it('rejects a missing term, naming it; a blank one searches for nothing', async () => {
    const missing = await c.get(`${BASE}/search`);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('term');
    // As an empty search of the list: the products by productGroupId, and every product type.
    const all = await c.get(`${BASE}/products?select=productGroupId`);
    const types = await c.get(`${BASE}/product-types`);
    for (const q of ['?term=', '?term=%20%20']) {
      const res = await c.get(`${BASE}/search${q}&select=productGroupId`);
      expect(res.status, q).toBe(200);
      expect(res.body.data.products, q).toEqual(all.body.data.list);
      expect(res.body.data.productTypes, q).toEqual(types.body.data);
    }
    expect(all.body.data.list.length).toBeGreaterThan(0);
  });

  it('answers at most 50 products', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      product({ id: `m${String(i).padStart(2, '0')}`, name: 'Mug', types: [] }),
    );
    const app = client(await makeApp({ seed: { products: many, productTypes: [] } }));
    const res = await app.get(`${BASE}/search?term=mug`);
    expect(res.body.data.products).toHaveLength(50);
    expect(res.body.data.products[49].productGroupId).toBe('m49');
  });
});
