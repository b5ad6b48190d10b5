// What the published JavaScript client (npm @ombori/grid-products) calls beyond the specification.
// Every test here is tagged [published]: the specification does not promise these operations and
// parameters; the client calls them, and the mock answers as openapi.yaml describes.
import { randomBytes } from 'node:crypto';
import epcTdsModule from 'epc-tds';
import { describe, expect, it } from 'vitest';
import type { Reply } from '../src/contract/suite/api.js';
import { contractKit } from '../src/contract/suite/kit.js';
import { filterParam, ids as idsOf, name, price, startsWith } from '../src/contract/suite/records.js';

const tds = epcTdsModule as unknown as typeof epcTdsModule.default;
const { api, ids, settled, writing, setup } = await contractKit('published');

type Listed = { productGroupId: string };
const listed = (reply: Reply): string[] => idsOf(reply.data.list as Listed[]);
/** Where listed() reads its ids: a difference in them is named so, not `$`. */
const IDS = '$.data.list (ids)';

/** An EAN-13 no deployment holds: 12 random digits and the GS1 check digit. */
function randomEan(): string {
  const body = Array.from(randomBytes(12), (b) => String(b % 10)).join('');
  const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}

describe('[published] reads on whatever the deployment holds', () => {
  it('[published] GET /product-sort-options answers, per language, sort values GET /products accepts and a label for each', async () => {
    const reply = await api.get('/product-sort-options?isoLanguageId=en-GB');
    reply.expectStatus(200);
    const values: string[] = reply.data.sortOptionsEnum['en-GB'];
    reply.expect(values).toEqual(expect.arrayContaining(['productGroupId asc', 'productGroupId desc']));
    reply.expect(reply.data.sortOptions['en-GB']).toHaveLength(values.length);
    for (const sort of values) {
      (await api.get(`/products?limit=1&sort=${encodeURIComponent(sort)}`)).expectStatus(200);
    }
  });

  // What the client needs of a refusal is that it is one: the exact 404 and 400, and their
  // messages, are the mock's choice (docs/behaviour.md, "What the published client calls beyond the
  // specification"), checked by the [mock choice] tests of errors.test.ts.
  it('[published] GET /product-recommendations-by-productId/{id} is refused for an unknown product', async () => {
    (await api.get(`/product-recommendations-by-productId/${ids.unknown('product')}`)).expectRefused();
  });

  it('[published] GET /product-ean-by-epc/{epc} is refused for a code that is not an SGTIN', async () => {
    (await api.get('/product-ean-by-epc/3178E61C883950F59A000000')).expectRefused();
    (await api.get('/products-by-epc/not-an-epc')).expectRefused();
  });

  it('[published] GET /products with a malformed additionalRawFilter is refused', async () => {
    (await api.get(`/products?additionalRawFilter=${encodeURIComponent('{"eq": [')}`)).expectRefused();
  });
});

writing('[published] reads of products this run wrote', () => {
  const word = `p${randomBytes(5).toString('hex')}`;
  const ean = randomEan();
  const [shoes, belts] = [`${ids.prefix}shoes`, `${ids.prefix}belts`];
  const [a, b, c] = ['a', 'b', 'c'].map((n) => ids.product(`pc-${n}`)) as [string, string, string];
  const brand = [{ isoLanguageId: 'en-GB', brandName: `Brand ${word}` }];
  const catalog = [
    {
      productGroupId: a,
      productName: [name(`Alpha ${word}`)],
      productType: [shoes],
      shellLifeDays: 30,
      brand,
      productPriceList: [price(`${a}-v1`, 's1', 100), price(`${a}-v1`, 's2', 90, 'SEK')],
      productFeature: [
        {
          productId: `${a}-v1`,
          productFeatureType: 'color',
          productFeatureValue: 'red',
          isoLanguageId: 'en-GB',
        },
      ],
      variants: [{ productId: `${a}-v1`, europeanArticleNumber: [ean] }],
      relatedProductGroups: [{ relatedProductGroupId: c, productRelationshipType: 'Recommended' }],
    },
    {
      productGroupId: b,
      productName: [name(`Bravo ${word}`)],
      productType: [shoes],
      shellLifeDays: 10,
      productPriceList: [price(`${b}-v1`, 's1', 40)],
      productFeature: [
        {
          productId: `${b}-v1`,
          productFeatureType: 'color',
          productFeatureValue: 'blue',
          isoLanguageId: 'en-GB',
        },
      ],
    },
    {
      productGroupId: c,
      productName: [name(`Charlie ${word}`)],
      productType: [belts],
      shellLifeDays: 20,
      brand,
      productPriceList: [price(`${c}-v1`, 's1', 5)],
    },
  ];
  const scope = startsWith(`${ids.prefix}pc-`);
  // The tag of a: SGTIN-96 and the pure-identity URI of GTIN 0 + ean (a 7-digit company prefix).
  const hex = new tds.Sgtin96().setFilter(1).setPartition(5).setGtin(`0${ean}`).setSerial(1).toHexString();
  const uri = `urn:epc:id:sgtin:${ean.slice(0, 7)}.0${ean.slice(7, 12)}.1`;

  setup(async () => {
    (await api.post('/products-push', { data: catalog })).expectStatus(200);
    // settled once the list shows the catalog: a wrong `count` (productReads.test.ts checks it) must
    // not skip every test here
    await settled(async () => {
      const reply = await api.get(`/products?limit=100&select=productGroupId&${filterParam(scope)}`);
      reply.expect(listed(reply), IDS).toEqual(expect.arrayContaining(idsOf(catalog)));
    });
  });

  it('[published] GET /products?additionalRawFilter= is ANDed with filter', async () => {
    const extra = encodeURIComponent(JSON.stringify({ lt: ['shellLifeDays', 25] }));
    const reply = await api.get(
      `/products?${filterParam(scope)}&additionalRawFilter=${extra}&sort=productGroupId`,
    );
    reply.expectStatus(200).expect(listed(reply), IDS).toEqual([b, c]);
  });

  it('[published] POST /products takes additionalRawFilter as GET does', async () => {
    const reply = await api.post('/products', {
      filter: JSON.stringify(scope),
      additionalRawFilter: JSON.stringify({ in: ['productType', [shoes]] }),
      sort: 'productGroupId desc',
    });
    reply.expectStatus(200).expect(listed(reply), IDS).toEqual([b, a]);
  });

  it('[published] GET /search?filter= narrows the products of the search', async () => {
    const filter = encodeURIComponent(JSON.stringify({ eq: ['productType', belts] }));
    const reply = await api.get(`/search?term=${word}&filter=${filter}`);
    reply.expectStatus(200).expect(idsOf(reply.data.products), '$.data.products (ids)').toEqual([c]);
  });

  it('[published] GET /products-filters answers feature values, price ranges per space and field values', async () => {
    const keys = ['color', 'productPriceList/listPrice', 'shellLifeDays'].join(';');
    const reply = await api.get(
      `/products-filters?productTypes=${encodeURIComponent(shoes)}&filterKeys=${encodeURIComponent(keys)}`,
    );
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual({
        color: { 'en-GB': ['blue', 'red'] },
        'productPriceList/listPrice': {
          s1: { min: 40, max: 100, isoCurrencyCode: 'EUR' },
          s2: { min: 90, max: 90, isoCurrencyCode: 'SEK' },
        },
        shellLifeDays: { default: ['10', '30'] },
      });
  });

  it('[published] GET /product-recommendations-by-productId/{id} answers default, similarItems and completeTheLook', async () => {
    const reply = await api.get(
      `/product-recommendations-by-productId/${a}?source=default&recommendationInclusion=all&limit=5`,
    );
    reply.expectStatus(200);
    reply.expect(idsOf(reply.data.default), '$.data.default (ids)').toEqual([c]);
    reply.expect(idsOf(reply.data.similarItems), '$.data.similarItems (ids)').toEqual([b]);
    reply.expect(idsOf(reply.data.completeTheLook), '$.data.completeTheLook (ids)').toEqual([c]);
    const one = await api.get(
      `/product-recommendations-by-productId/${a}?recommendationInclusion=similarItems`,
    );
    one.expect(one.data).toMatchObject({ default: [], completeTheLook: [] });
  });

  it('[published] GET /product-ean-by-epc/{epc} answers the EAN of an SGTIN-96 or pure-identity URI', async () => {
    const byHex = await api.get(`/product-ean-by-epc/${hex}`);
    byHex.expectStatus(200).expect(byHex.data).toBe(ean);
    const byUri = await api.get(`/product-ean-by-epc/${uri}`);
    byUri.expectStatus(200).expect(byUri.data).toBe(ean);
  });

  it('[published] GET /products-by-epc/{code} answers the product and variant, as the barcode lookup', async () => {
    const reply = await api.get(`/products-by-epc/${hex}?select=shellLifeDays`);
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual({ productId: `${a}-v1`, productDetails: { productGroupId: a, shellLifeDays: 30 } });
  });
});
