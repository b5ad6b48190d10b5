// The reads the published client calls beyond the specification, and its extra filter parameters, over HTTP.
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, client, makeApp } from '../helpers.js';

const variant = (productId: string, ean: string) => ({ productId, europeanArticleNumber: [ean] });
const seed = {
  products: [
    {
      productGroupId: 'boot',
      productType: ['shoes'],
      shellLifeDays: 30,
      productName: [{ isoLanguageId: 'sv-SE', productName: 'Känga' }],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      variants: [variant('boot-42', '4006381333931')],
      productFeature: [{ productId: 'boot-42', productFeatureType: 'color', productFeatureValue: 'brown' }],
      productPriceList: [{ productId: 'boot-42', spaceId: 's1', listPrice: 90, isoCurrencyCode: 'EUR' }],
      relatedProductGroups: [
        { relatedProductGroupId: 'belt', productRelationshipType: 'Recommended' as const },
      ],
    },
    {
      productGroupId: 'belt',
      productType: ['belts'],
      shellLifeDays: 10,
      productName: [{ isoLanguageId: 'en-GB', productName: 'Leather belt' }],
      brand: [{ isoLanguageId: 'en-GB', brandName: 'Acme' }],
      variants: [variant('belt-1', '0012345000010')],
    },
    {
      productGroupId: 'clog',
      productType: ['shoes'],
      shellLifeDays: 20,
      productName: [{ isoLanguageId: 'en-GB', productName: 'Leather clog' }],
      productPriceList: [{ productId: 'clog-1', spaceId: 's1', listPrice: 40, isoCurrencyCode: 'EUR' }],
    },
  ],
  productTypes: [{ productTypeId: 'leather-goods' }],
};
// SGTIN-96 (filter 1, company prefix 4006381) of GTIN 04006381333931, and the pure-identity URI of belt-1's EAN.
const BOOT_EPC = '3034F487B4209C4000000005';
const BELT_EPC = 'urn:epc:id:sgtin:0012345.000001.77';

type Api = ReturnType<typeof client>;
let api: Api;
beforeAll(async () => {
  api = client(await makeApp({ seed }));
});
const ids = (list: { productGroupId: string }[]) => list.map((p) => p.productGroupId);
const q = (value: object) => encodeURIComponent(JSON.stringify(value));

describe('additionalRawFilter and the search filter', () => {
  it('GET /products ANDs additionalRawFilter with filter', async () => {
    const shoes = q({ eq: ['productType', 'shoes'] });
    const short = q({ lt: ['shellLifeDays', 25] });
    const both = await api.get(`${BASE}/products?filter=${shoes}&additionalRawFilter=${short}`);
    expect(ids(both.body.data.list)).toEqual(['clog']);
    const alone = await api.get(`${BASE}/products?additionalRawFilter=${short}`);
    expect(ids(alone.body.data.list)).toEqual(['belt', 'clog']);
  });

  it('POST /products takes additionalRawFilter as a string or an object', async () => {
    const res = await api.post(`${BASE}/products`, {
      filter: JSON.stringify({ eq: ['productType', 'shoes'] }),
      additionalRawFilter: { gt: ['shellLifeDays', 25] },
    });
    expect(ids(res.body.data.list)).toEqual(['boot']);
  });

  it('an empty filter or additionalRawFilter is no filter, as an empty select or sort is', async () => {
    const all = ['belt', 'boot', 'clog'];
    const get = await api.get(`${BASE}/products?filter=&additionalRawFilter=%20`);
    expect(get.status).toBe(200);
    expect(ids(get.body.data.list)).toEqual(all);
    const post = await api.post(`${BASE}/products`, { filter: '', additionalRawFilter: '' });
    expect(ids(post.body.data.list)).toEqual(all);
    const one = await api.get(`${BASE}/products/boot?filter=`);
    expect(one.body.data.productGroupId).toBe('boot');
    const barcode = await api.get(`${BASE}/products-barcode/0012345000010?filter=`);
    expect(barcode.body.data.productDetails.productGroupId).toBe('belt');
    const search = await api.get(`${BASE}/search?term=leather&filter=`);
    expect(ids(search.body.data.products)).toEqual(['belt', 'clog']);
  });

  it("the client's filterable keys filter as /products-filters lists them", async () => {
    const acme = await api.get(`${BASE}/products?filter=${q({ eq: ['brand/BrandName', 'Acme'] })}`);
    expect(ids(acme.body.data.list)).toEqual(['belt', 'boot']);
    const named = await api.get(`${BASE}/products?filter=${q({ eq: ['productName', 'Känga'] })}`);
    expect(ids(named.body.data.list)).toEqual(['boot']);
  });

  it('/products-filters takes one type or key holding a comma, as the client sends it alone', async () => {
    const product = {
      productGroupId: 'cap',
      productType: ['Hats, Caps'],
      productFeature: [{ productId: 'cap-1', productFeatureType: 'Size, EU', productFeatureValue: '58' }],
    };
    const app = client(
      await makeApp({ seed: { products: [product], productTypes: [{ productTypeId: 'Hats, Caps' }] } }),
    );
    const res = await app.get(
      `${BASE}/products-filters?productTypes=${encodeURIComponent('Hats, Caps')}&filterKeys=${encodeURIComponent('Size, EU')}`,
    );
    expect(res.body.data).toEqual({ 'Size, EU': { default: ['58'] } });
  });

  it('a bad additionalRawFilter is a 400 that names it', async () => {
    const res = await api.get(`${BASE}/products?additionalRawFilter=${q({ eq: ['shellLifeDays'] })}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^query\.additionalRawFilter\.eq takes 2 operands/);
  });

  it('GET /search refuses more than 32 words, naming its parameter term', async () => {
    const words = Array.from({ length: 33 }, () => 'leather').join('%20');
    const res = await api.get(`${BASE}/search?term=${words}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('term has 33 words; the limit is 32');
  });

  it('GET /search applies filter to the products, not the product types', async () => {
    const res = await api.get(`${BASE}/search?term=leather&filter=${q({ eq: ['productType', 'belts'] })}`);
    expect(ids(res.body.data.products)).toEqual(['belt']);
    expect(res.body.data.productTypes).toEqual([{ productTypeId: 'leather-goods' }]);
  });
});

describe('the five reads beyond the specification', () => {
  it('GET /products-filters answers values per key over the types asked', async () => {
    const res = await api.get(
      `${BASE}/products-filters?productTypes=shoes;belts&filterKeys=color;productPriceList/listPrice;brand/BrandName`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      color: { default: ['brown'] },
      'productPriceList/listPrice': { s1: { min: 40, max: 90, isoCurrencyCode: 'EUR' } },
      'brand/BrandName': { default: ['Acme'] },
    });
  });

  it('GET /product-sort-options answers the catalog languages, or the one asked; each value sorts GET /products', async () => {
    const all = await api.get(`${BASE}/product-sort-options`);
    expect(Object.keys(all.body.data.sortOptionsEnum)).toEqual(['en-GB', 'sv-SE']);
    const one = await api.get(`${BASE}/product-sort-options?isoLanguageId=it-IT`);
    const values: string[] = one.body.data.sortOptionsEnum['it-IT'];
    expect(values).toContain('shellLifeDays desc');
    expect(values).toContain('productPriceList/listPrice asc');
    // Other fields only when some product has them: none of this catalog has isDeleted or sortName;
    // the client's own keys are always there (plannedAbandonmentDate, which none has either).
    expect(values.filter((v) => /^(isDeleted|sortName|variantsByGroupId) /.test(v))).toEqual([]);
    expect(values).toContain('plannedAbandonmentDate desc');
    expect(one.body.data.sortOptions['it-IT']).toHaveLength(values.length);
    for (const sort of values) {
      expect((await api.get(`${BASE}/products?sort=${encodeURIComponent(sort)}`)).status).toBe(200);
    }
  });

  it('GET /product-recommendations-by-productId answers the three lists the inclusion asks for', async () => {
    const all = await api.get(
      `${BASE}/product-recommendations-by-productId/boot?source=streamoid&recommendationInclusion=all&storeId=s1`,
    );
    expect(all.status).toBe(200);
    expect({
      default: ids(all.body.data.default),
      similarItems: ids(all.body.data.similarItems),
      completeTheLook: ids(all.body.data.completeTheLook),
    }).toEqual({ default: ['belt'], similarItems: ['clog'], completeTheLook: ['belt'] });
    const plain = await api.get(`${BASE}/product-recommendations-by-productId/boot`);
    expect(plain.body.data).toMatchObject({ similarItems: [], completeTheLook: [] });
    expect(ids(plain.body.data.default)).toEqual(['belt']);
  });

  it('GET /product-recommendations-by-productId: limit defaults to 10 per list', async () => {
    // A subject and 12 others of its type: without limit a list holds 10, with limit=3 it holds 3.
    const shoe = (n: number) => ({
      productGroupId: `shoe-${String(n).padStart(2, '0')}`,
      productType: ['shoes'],
    });
    const many = client(
      await makeApp({ seed: { products: Array.from({ length: 13 }, (_, n) => shoe(n)), productTypes: [] } }),
    );
    const path = `${BASE}/product-recommendations-by-productId/shoe-00?recommendationInclusion=similarItems`;
    const unbounded = await many.get(path);
    expect(unbounded.status).toBe(200);
    expect(unbounded.body.data.similarItems).toHaveLength(10);
    expect(ids(unbounded.body.data.similarItems)).not.toContain('shoe-00');
    expect((await many.get(`${path}&limit=3`)).body.data.similarItems).toHaveLength(3);
  });

  it('GET /product-recommendations-by-productId: 404 for an unknown product, 400 for an unknown inclusion', async () => {
    expect((await api.get(`${BASE}/product-recommendations-by-productId/nope`)).status).toBe(404);
    const bad = await api.get(
      `${BASE}/product-recommendations-by-productId/boot?recommendationInclusion=most`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('recommendationInclusion');
  });

  it('GET /product-ean-by-epc answers the EAN of an SGTIN-96 or a URI whose GTIN a variant carries', async () => {
    const boot = await api.get(`${BASE}/product-ean-by-epc/${BOOT_EPC}`);
    expect(boot.status).toBe(200);
    expect(boot.body).toEqual({ data: '4006381333931' });
    // belt-1 stores its EAN with a leading zero: leading zeros are not significant.
    const belt = await api.get(`${BASE}/product-ean-by-epc/${BELT_EPC}`);
    expect(belt.body).toEqual({ data: '0012345000010' });
  });

  it('GET /product-ean-by-epc: 404 for a GTIN no variant carries, 400 for a code that is no SGTIN', async () => {
    const unknown = await api.get(`${BASE}/product-ean-by-epc/urn:epc:id:sgtin:0614141.812345.6789`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('80614141123458');
    const sscc = await api.get(`${BASE}/product-ean-by-epc/3178E61C883950F59A000000`);
    expect(sscc.status).toBe(400);
    expect(sscc.body.message).toContain('SGTIN');
  });

  it('GET /products-by-epc answers as the barcode lookup, with select and filter', async () => {
    const res = await api.get(`${BASE}/products-by-epc/${BOOT_EPC}?select=shellLifeDays`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      productId: 'boot-42',
      productDetails: { productGroupId: 'boot', shellLifeDays: 30 },
    });
    const filtered = await api.get(
      `${BASE}/products-by-epc/${BOOT_EPC}?filter=${q({ eq: ['shellLifeDays', 1] })}`,
    );
    expect(filtered.status).toBe(404);
    expect((await api.get(`${BASE}/products-by-epc/not-an-epc`)).status).toBe(400);
  });
});
