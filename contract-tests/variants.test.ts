import { expect, it } from 'vitest';
import type { Reply } from '../src/contract/suite/api.js';
import { contractKit } from '../src/contract/suite/kit.js';
import { name, price, quantity, testBarcode } from '../src/contract/suite/records.js';

/** One run's barcode: restricted circulation, never a real product's (records.ts). */
const gtin = testBarcode();

const { api, ids, settled, writing } = await contractKit('variants');

type Variant = { productId: string } & Record<string, unknown>;

/** A product with two variants, each priced, stocked and pictured in its own spaces. */
async function pushProduct(tag: string) {
  const id = ids.product(tag);
  const [v1, v2] = [`${id}-v1`, `${id}-v2`];
  const image = (productId: string) => ({
    productId,
    productGroupId: id,
    catalogType: 'image/png',
    catalogPageLocationProduct: `https://example.com/${productId}.png`,
  });
  const product = {
    productGroupId: id,
    productName: [name('Runner')],
    productDescription: [{ isoLanguageId: 'en-GB', productDescription: 'Light' }],
    variants: [
      { productId: v1, productGroupId: id, color: 'red', globalTradeItemNumber: [gtin] },
      { productId: v2, productGroupId: id, color: 'black' },
    ],
    productPriceList: [price(v1, 's1', 10), price(v1, 's3', 12), price(v2, 's2', 20)],
    productItemQuantity: [quantity(v1, 's1', 5), quantity(v2, 's2', 6)],
    catalogPageLocationProduct: [image(v1), image(v2)],
  };
  (await api.post('/products-push', { data: [product] })).expectSuccess();
  await settled(async () => (await api.get(`/variants/${v1}`)).expectStatus(200));
  return { id, v1, v2, product, image };
}

/**
 * The product holding the variant once `check` passes on it (reads after writes may lag). `check`
 * asserts with the read's reply, made after `write`: a failure shows the read whose answer was wrong
 * and names the write that set it up.
 */
const storedVariant = (
  productGroupId: string,
  productId: string,
  write: Reply,
  check: (p: Record<string, unknown>, v: Variant, read: Reply) => void,
) =>
  settled(async () => {
    const reply = (await api.get(`/products/${productGroupId}`)).after(write);
    reply.expectStatus(200);
    check(
      reply.data,
      (reply.data.variants as Variant[]).find((v) => v.productId === productId)!,
      reply,
    );
  });

// The spec shows no field of VariantInfo; the published documentation does (docs/behaviour.md,
// "Variants").
writing('GET /variants/{productId}', () => {
  it('[published] answers the variant with its product data narrowed to it', async () => {
    const { id, v1, product, image } = await pushProduct('lookup');
    const reply = await api.get(`/variants/${v1}`);
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toMatchObject({
        productId: v1,
        productGroupId: id,
        color: 'red',
        globalTradeItemNumber: [gtin],
        productName: product.productName,
        productDescription: product.productDescription,
        productPriceList: [price(v1, 's1', 10), price(v1, 's3', 12)],
        productItemQuantity: [quantity(v1, 's1', 5)],
        catalogPageLocationProduct: [image(v1)],
      });
    reply.expect(reply.data.spaceIds).toEqual(expect.arrayContaining(['s1', 's2', 's3']));
    reply.expect(reply.data.spaceIds).toHaveLength(3);
  });
});

// The spec leaves open whether data and upsertSpaceIds travel in the URL or the body; these send
// them in the body, as the mock takes them (docs/behaviour.md, "Variants").
writing('[mock choice] PATCH /variants, data in the body', () => {
  it('updates the fields sent, upserts prices and quantities by (productId, spaceId), and leaves the rest', async () => {
    const { id, v1, v2 } = await pushProduct('update');
    const item = {
      productId: v1,
      color: 'blue',
      productPriceList: [price(v1, 's1', 99)],
      productItemQuantity: [quantity(v1, 's1', 0)],
    };
    const reply = await api.patch('/variants', { data: [item] });
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual([{ productId: v1, productGroupId: id, status: expect.any(Number) }]);
    await storedVariant(id, v1, reply, (product, variant, read) => {
      read.expect(variant).toMatchObject({ color: 'blue', globalTradeItemNumber: [gtin] });
      read
        .expect((product.variants as Variant[]).find((v) => v.productId === v2))
        .toMatchObject({ color: 'black' });
      read
        .expect(product.productPriceList)
        .toEqual(expect.arrayContaining([price(v1, 's1', 99), price(v1, 's3', 12), price(v2, 's2', 20)]));
      read.expect(product.productPriceList).toHaveLength(3);
      read
        .expect(product.productItemQuantity)
        .toEqual(expect.arrayContaining([quantity(v1, 's1', 0), quantity(v2, 's2', 6)]));
      read.expect(product.productItemQuantity).toHaveLength(2);
    });
  });

  it('with upsertSpaceIds adds the spaces of the sent prices to the product’s spaceIds', async () => {
    const { id, v1 } = await pushProduct('upsert-spaces');
    const reply = await api.patch('/variants', {
      data: [{ productId: v1, productPriceList: [price(v1, 's9', 1)] }],
      upsertSpaceIds: true,
    });
    reply.expectStatus(200);
    await storedVariant(id, v1, reply, (product, _variant, read) =>
      read.expect(product.spaceIds).toEqual(expect.arrayContaining(['s1', 's2', 's3', 's9'])),
    );
  });

  it('[mock choice] takes upsertSpaceIds from the query too, and without it leaves spaceIds alone', async () => {
    const { id, v1 } = await pushProduct('query-spaces');
    const without = await api.patch('/variants', {
      data: [{ productId: v1, productPriceList: [price(v1, 's7', 1)] }],
    });
    await storedVariant(id, v1, without, (product, _variant, read) => {
      read.expect(product.productPriceList).toEqual(expect.arrayContaining([price(v1, 's7', 1)]));
      read.expect(product.spaceIds).not.toContain('s7');
    });
    const withQuery = await api.patch('/variants?upsertSpaceIds=true', {
      data: [{ productId: v1, productPriceList: [price(v1, 's8', 1)] }],
    });
    await storedVariant(id, v1, withQuery, (product, _variant, read) =>
      read.expect(product.spaceIds).toContain('s8'),
    );
  });

  it('[mock choice] answers 200 per updated variant and 404 per variant no product holds', async () => {
    const { id, v1 } = await pushProduct('statuses');
    const unknown = ids.unknown('variant');
    const reply = await api.patch('/variants', {
      data: [
        { productId: v1, size: 'L' },
        { productId: unknown, size: 'L' },
      ],
    });
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual([
        { productId: v1, productGroupId: id, status: 200 },
        { productId: unknown, status: 404 },
      ]);
  });
});
