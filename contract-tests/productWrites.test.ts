import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Reply } from '../src/contract/suite/api.js';
import { contractKit } from '../src/contract/suite/kit.js';
import { feature, label, name, price, quantity, status, testBarcode } from '../src/contract/suite/records.js';

const { api, ids, settled, writing } = await contractKit('writes');

type Product = Record<string, unknown> & { productGroupId: string };

/** A push that succeeded: the spec shows no answer to a push (docs/behaviour.md, "POST /products-push (merge push)"), so any 2xx. */
const push = async (path: '/products-push' | '/products/push', data: Product[]) =>
  (await api.post(path, { data })).expectSuccess();

/**
 * The stored product once `check` passes on it (reads after writes may lag). `check` asserts with the
 * read's reply, made after `write`: a failure shows the read whose answer was wrong, names the write
 * that set it up, and names what differs by its path in the read's answer (`$.data.shellLifeDays`).
 */
const stored = (productGroupId: string, write?: Reply, check: (p: Product, read: Reply) => void = () => {}) =>
  settled(async () => {
    const read = await api.get(`/products/${productGroupId}`);
    const reply = write ? read.after(write) : read;
    reply.expectStatus(200);
    check(reply.data as Product, reply);
    return reply.data as Product;
  });

writing('POST /products-push (merge push)', () => {
  it('creates a product from a record with only productGroupId and the fields sent', async () => {
    const id = ids.product('create');
    const record = {
      productGroupId: id,
      productName: [name('Trail shoe')],
      productType: ['shoes'],
      shellLifeDays: 30,
    };
    // what a push answers is the mock's choice, checked by the [mock choice] test below
    const reply = await push('/products-push', [record]);
    await stored(id, reply, (got, read) => read.expect(got, '$.data').toMatchObject(record));
  });

  it('[mock choice] answers status 201 for a created product and 200 for an updated one', async () => {
    const id = ids.product('statuses');
    const first = await push('/products-push', [{ productGroupId: id }]);
    first.expect(first.data).toEqual([{ productGroupId: id, status: 201 }]);
    await stored(id);
    const second = await push('/products-push', [{ productGroupId: id, shellLifeDays: 2 }]);
    second.expect(second.data).toEqual([{ productGroupId: id, status: 200 }]);
  });

  const replaceFields: Record<string, [unknown[], unknown[]]> = {
    productName: [[name('A'), { isoLanguageId: 'sv-SE', productName: 'A' }], [name('B')]],
    productShortDescription: [
      [
        { isoLanguageId: 'en-GB', productShortDescription: 'a1' },
        { isoLanguageId: 'sv-SE', productShortDescription: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', productShortDescription: 'b' }],
    ],
    productInternalName: [
      [
        { isoLanguageId: 'en-GB', productInternalName: 'a1' },
        { isoLanguageId: 'sv-SE', productInternalName: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', productInternalName: 'b' }],
    ],
    storageInstructions: [
      [
        { isoLanguageId: 'en-GB', storageInstructions: 'a1' },
        { isoLanguageId: 'sv-SE', storageInstructions: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', storageInstructions: 'b' }],
    ],
    consumerStorageInstruction: [
      [
        { isoLanguageId: 'en-GB', consumerStorageInstruction: 'a1' },
        { isoLanguageId: 'sv-SE', consumerStorageInstruction: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', consumerStorageInstruction: 'b' }],
    ],
    productShippingInstruction: [
      [
        { isoLanguageId: 'en-GB', productShippingInstruction: 'a1' },
        { isoLanguageId: 'sv-SE', productShippingInstruction: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', productShippingInstruction: 'b' }],
    ],
    productType: [['shoes', 'boots'], ['bags']],
    productLabel: [[label('s1', 'New'), label('s2', 'Sale')], [label('s1', 'Online Exclusive')]],
    productTags: [
      [
        { isoLanguageId: 'en-GB', productTags: ['a', 'b'] },
        { isoLanguageId: 'sv-SE', productTags: ['c'] },
      ],
      [{ isoLanguageId: 'en-GB', productTags: ['d'] }],
    ],
    brand: [
      [
        { isoLanguageId: 'en-GB', brandName: 'A' },
        { isoLanguageId: 'sv-SE', brandName: 'A' },
      ],
      [{ isoLanguageId: 'en-GB', brandName: 'B' }],
    ],
    productVendor: [
      [
        { vendorId: 'v1', productVendor: 'A' },
        { vendorId: 'v2', productVendor: 'B' },
      ],
      [{ vendorId: 'v1', productVendor: 'C' }],
    ],
    productDescription: [
      [
        { isoLanguageId: 'en-GB', productDescription: 'a1' },
        { isoLanguageId: 'sv-SE', productDescription: 'a2' },
      ],
      [{ isoLanguageId: 'en-GB', productDescription: 'b' }],
    ],
  };

  it.each(Object.entries(replaceFields))(
    'replaces %s whole with the sent array and leaves fields not sent untouched',
    async (field, [before, after]) => {
      const id = ids.product(`replace-${field}`);
      await push('/products-push', [{ productGroupId: id, [field]: before, shellLifeDays: 7 }]);
      await stored(id);
      const reply = await push('/products-push', [{ productGroupId: id, [field]: after }]);
      await stored(id, reply, (got, read) => {
        read.expect(got[field], `$.data.${field}`).toEqual(after);
        read.expect(got.shellLifeDays, '$.data.shellLifeDays').toBe(7);
      });
    },
  );

  it('clears a replace field sent as []', async () => {
    const id = ids.product('replace-empty');
    await push('/products-push', [{ productGroupId: id, productName: [name('A')], productType: ['shoes'] }]);
    await stored(id);
    const reply = await push('/products-push', [{ productGroupId: id, productName: [] }]);
    await stored(id, reply, (got, read) => {
      read.expect(got.productName, '$.data.productName').toEqual([]);
      read.expect(got.productType, '$.data.productType').toEqual(['shoes']);
    });
  });

  // Per merge field: what is stored, what is sent, and what a merge by the field's key keeps.
  const v = (n: number) => `v${n}`;
  const mergeFields: Record<string, { before: object[]; sent: object[]; after: object[] }> = {
    'variants by (productId, productGroupId)': {
      before: [
        { productId: v(1), color: 'red' },
        { productId: v(2), color: 'blue' },
      ],
      sent: [{ productId: v(1), color: 'green' }],
      after: [
        { productId: v(2), color: 'blue' },
        { productId: v(1), color: 'green' },
      ],
    },
    'productFeature by productId': {
      before: [feature(v(1), 'color', 'red'), feature(v(2), 'color', 'blue')],
      sent: [feature(v(1), 'color', 'green')],
      after: [feature(v(2), 'color', 'blue'), feature(v(1), 'color', 'green')],
    },
    'productPriceList by (productId, spaceId)': {
      before: [price(v(1), 's1', 10), price(v(1), 's2', 20), price(v(2), 's1', 30)],
      sent: [price(v(1), 's1', 11)],
      after: [price(v(1), 's2', 20), price(v(2), 's1', 30), price(v(1), 's1', 11)],
    },
    'productStatus by spaceId': {
      before: [status('s1', 'Active'), status('s2', 'Active')],
      sent: [status('s1', 'Discontinued')],
      after: [status('s2', 'Active'), status('s1', 'Discontinued')],
    },
    'catalogPageLocationProduct by (productId, productGroupId)': {
      before: [
        {
          productId: v(1),
          catalogType: 'image/png',
          catalogPageLocationProduct: 'https://example.com/1.png',
        },
        {
          productId: v(2),
          catalogType: 'image/png',
          catalogPageLocationProduct: 'https://example.com/2.png',
        },
      ],
      sent: [
        {
          productId: v(1),
          catalogType: 'image/png',
          catalogPageLocationProduct: 'https://example.com/1b.png',
        },
      ],
      after: [
        {
          productId: v(2),
          catalogType: 'image/png',
          catalogPageLocationProduct: 'https://example.com/2.png',
        },
        {
          productId: v(1),
          catalogType: 'image/png',
          catalogPageLocationProduct: 'https://example.com/1b.png',
        },
      ],
    },
    'customProperties by (key, spaceId)': {
      before: [
        { key: 'care', value: 'wash', spaceId: 's1' },
        { key: 'care', value: 'dry', spaceId: 's2' },
        { key: 'fit', value: 'slim', spaceId: 's1' },
      ],
      sent: [{ key: 'care', value: 'hand wash', spaceId: 's1' }],
      after: [
        { key: 'care', value: 'dry', spaceId: 's2' },
        { key: 'fit', value: 'slim', spaceId: 's1' },
        { key: 'care', value: 'hand wash', spaceId: 's1' },
      ],
    },
    'productItemQuantity by (productId, spaceId)': {
      before: [quantity(v(1), 's1', 5), quantity(v(1), 's2', 6), quantity(v(2), 's1', 7)],
      sent: [quantity(v(1), 's1', 0)],
      after: [quantity(v(1), 's2', 6), quantity(v(2), 's1', 7), quantity(v(1), 's1', 0)],
    },
  };

  it.each(Object.entries(mergeFields))(
    'merges %s: the sent element replaces the one with its key, the others stay',
    async (title, c) => {
      const field = title.split(' ')[0]!;
      const id = ids.product(`merge-${field}`);
      // Variants and images are keyed by (productId, productGroupId): both are sent. What a key part
      // left out stands for is the mock's choice (docs/behaviour.md, "POST /products-push (merge push)").
      const keyed = (elements: object[]) =>
        field === 'variants' || field === 'catalogPageLocationProduct'
          ? elements.map((e) => ({ productGroupId: id, ...e }))
          : elements;
      await push('/products-push', [{ productGroupId: id, [field]: keyed(c.before) }]);
      await stored(id);
      const reply = await push('/products-push', [{ productGroupId: id, [field]: keyed(c.sent) }]);
      const expected = keyed(c.after);
      await stored(id, reply, (got, read) => {
        read
          .expect(got[field], `$.data.${field}`)
          .toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))));
        read.expect(got[field], `$.data.${field}`).toHaveLength(expected.length);
      });
    },
  );

  it('[mock choice] merge order: kept elements keep their order, sent ones follow; a key sent twice keeps both', async () => {
    const id = ids.product('merge-order');
    await push('/products-push', [
      {
        productGroupId: id,
        productPriceList: [price('v1', 's1', 1), price('v2', 's1', 2), price('v3', 's1', 3)],
      },
    ]);
    await stored(id);
    const sent = [price('v2', 's1', 20, 'EUR'), price('v2', 's1', 22, 'USD')];
    const reply = await push('/products-push', [{ productGroupId: id, productPriceList: sent }]);
    await stored(id, reply, (got, read) =>
      read
        .expect(got.productPriceList, '$.data.productPriceList')
        .toEqual([price('v1', 's1', 1), price('v3', 's1', 3), ...sent]),
    );
  });

  it('computes spaceIds from productPriceList, productStatus and productItemQuantity', async () => {
    const id = ids.product('spaceids');
    const reply = await push('/products-push', [
      {
        productGroupId: id,
        productPriceList: [price('v1', 'sp-price', 1)],
        productStatus: [status('sp-status')],
        productItemQuantity: [quantity('v1', 'sp-qty', 1)],
      },
    ]);
    await stored(id, reply, (got, read) => {
      read
        .expect(got.spaceIds, '$.data.spaceIds')
        .toEqual(expect.arrayContaining(['sp-price', 'sp-status', 'sp-qty']));
      read.expect(got.spaceIds, '$.data.spaceIds').toHaveLength(3);
    });
    const more = await push('/products-push', [
      { productGroupId: id, productPriceList: [price('v2', 'sp-more', 2)] },
    ]);
    await stored(id, more, (got, read) =>
      read
        .expect(got.spaceIds, '$.data.spaceIds')
        .toEqual(expect.arrayContaining(['sp-price', 'sp-status', 'sp-qty', 'sp-more'])),
    );
  });

  it('[mock choice] stores undocumented top-level fields and replaces scalars as sent', async () => {
    const id = ids.product('extra-fields');
    await push('/products-push', [
      { productGroupId: id, introductionDate: '2020-01-01', madeUpField: { a: 1 } },
    ]);
    await stored(id);
    const reply = await push('/products-push', [{ productGroupId: id, introductionDate: '2021-02-02' }]);
    await stored(id, reply, (got, read) =>
      read.expect(got, '$.data').toMatchObject({ introductionDate: '2021-02-02', madeUpField: { a: 1 } }),
    );
  });

  it('[mock choice] applies the same productGroupId twice in one batch in order', async () => {
    const id = ids.product('twice');
    const reply = await push('/products-push', [
      { productGroupId: id, productPriceList: [price('v1', 's1', 1)], shellLifeDays: 1 },
      { productGroupId: id, productPriceList: [price('v2', 's1', 2)], shellLifeDays: 2 },
    ]);
    reply.expect(reply.data).toEqual([
      { productGroupId: id, status: 201 },
      { productGroupId: id, status: 200 },
    ]);
    await stored(id, reply, (got, read) =>
      read
        .expect(got, '$.data')
        .toMatchObject({ shellLifeDays: 2, productPriceList: [price('v1', 's1', 1), price('v2', 's1', 2)] }),
    );
  });

  it('[mock choice] takes a batch of no records, answering none: the specification sets a maximum, not a minimum', async () => {
    for (const [method, path] of [
      ['post', '/products-push'],
      ['post', '/products/push'],
      ['patch', '/products'],
      ['patch', '/variants'],
      ['delete', '/products'],
      ['post', '/product-types'],
      ['delete', '/product-types'],
    ] as const) {
      const reply = await api[method](path, { data: [] });
      reply.expectSuccess();
      reply.expect(reply.data, `$.data (${method.toUpperCase()} ${path})`).toEqual([]);
    }
  });

  it('takes 100 records in one batch', async () => {
    const data = Array.from({ length: 100 }, (_, i) => ({ productGroupId: ids.product(`batch-${i}`) }));
    await push('/products-push', data);
    await stored(data[0]!.productGroupId);
    await stored(data[99]!.productGroupId);
  });
});

// The spec does not say how POST /products/push differs from POST /products-push; the published
// documentation does (docs/behaviour.md, "POST /products/push (overwrite push)").
writing('POST /products/push (overwrite push)', () => {
  it('[published] replaces the stored record whole', async () => {
    const id = ids.product('overwrite');
    await push('/products-push', [
      {
        productGroupId: id,
        productName: [name('Old')],
        productPriceList: [price('v1', 's1', 1)],
        shellLifeDays: 3,
      },
    ]);
    await stored(id);
    const reply = await push('/products/push', [{ productGroupId: id, productType: ['bags'] }]);
    await stored(id, reply, (got, read) => {
      read.expect(got.productType, '$.data.productType').toEqual(['bags']);
      read.expect(got.shellLifeDays, '$.data.shellLifeDays').toBeUndefined();
      // whole replacement: fields not sent are gone, whether absent or empty
      read.expect(got.productName ?? [], '$.data.productName').toEqual([]);
      read.expect(got.productPriceList ?? [], '$.data.productPriceList').toEqual([]);
    });
  });

  it('[mock choice] stores spaceIds as sent, and answers 201 created / 200 replaced', async () => {
    const id = ids.product('overwrite-spaceids');
    const first = await push('/products/push', [
      { productGroupId: id, spaceIds: ['s-kept'], productPriceList: [price('v1', 's-other', 1)] },
    ]);
    first.expect(first.data).toEqual([{ productGroupId: id, status: 201 }]);
    await stored(id, first, (got, read) => read.expect(got.spaceIds, '$.data.spaceIds').toEqual(['s-kept']));
    const second = await push('/products/push', [{ productGroupId: id }]);
    second.expect(second.data).toEqual([{ productGroupId: id, status: 200 }]);
  });
});

writing('PATCH /products (shallow update)', () => {
  it('replaces the fields sent, arrays whole, and leaves the others unchanged', async () => {
    const id = ids.product('patch');
    await push('/products-push', [
      {
        productGroupId: id,
        productName: [name('Kept')],
        productPriceList: [price('v1', 's1', 1), price('v2', 's1', 2)],
        shellLifeDays: 3,
      },
    ]);
    await stored(id);
    const reply = await api.patch('/products', {
      data: [{ productGroupId: id, productPriceList: [price('v3', 's1', 3)], shellLifeDays: 4 }],
    });
    reply.expectSuccess();
    await stored(id, reply, (got, read) =>
      read.expect(got, '$.data').toMatchObject({
        shellLifeDays: 4,
        productPriceList: [price('v3', 's1', 3)],
        productName: [name('Kept')],
      }),
    );
  });

  it('[mock choice] answers 200 per updated product, 404 per unknown one, and creates nothing', async () => {
    const id = ids.product('patch-status');
    const unknown = ids.product('patch-unknown');
    await push('/products-push', [{ productGroupId: id }]);
    await stored(id);
    const reply = await api.patch('/products', {
      data: [
        { productGroupId: id, shellLifeDays: 1 },
        { productGroupId: unknown, shellLifeDays: 1 },
      ],
    });
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual([
        { productGroupId: id, status: 200 },
        { productGroupId: unknown, status: 404 },
      ]);
    (await api.get(`/products/${unknown}`)).expectError(404);
  });

  it('[mock choice] leaves spaceIds unchanged', async () => {
    const id = ids.product('patch-spaceids');
    await push('/products-push', [{ productGroupId: id, productPriceList: [price('v1', 's1', 1)] }]);
    await stored(id);
    const reply = await api.patch('/products', {
      data: [{ productGroupId: id, productPriceList: [price('v1', 's2', 1)] }],
    });
    await stored(id, reply, (got, read) =>
      read
        .expect(got, '$.data')
        .toMatchObject({ productPriceList: [price('v1', 's2', 1)], spaceIds: ['s1'] }),
    );
  });
});

writing('DELETE /products', () => {
  // what a delete answers, and the status of a read of a deleted product, are the mock's choices,
  // checked by the [mock choice] tests
  it('[mock choice] deletes more than 100 ids in one request: the specification limits pushes and updates, not deletes', async () => {
    const id = ids.product('delete-many');
    await push('/products-push', [{ productGroupId: id }]);
    await stored(id);
    const data = [id, ...Array.from({ length: 150 }, (_, i) => ids.unknown(`delete-many-${i}`))];
    (await api.delete('/products', { data })).expectSuccess();
    await settled(async () => (await api.get(`/products/${id}`)).expectRefused());
  });

  it('deletes the products named, and they are gone', async () => {
    const id = ids.product('delete');
    const unknown = ids.unknown('delete');
    await push('/products-push', [{ productGroupId: id }]);
    await stored(id);
    (await api.delete('/products', { data: [id, unknown] })).expectSuccess();
    await settled(async () => (await api.get(`/products/${id}`)).expectRefused());
  });

  it('a deleted product is gone from lists and their counts, search, barcode lookups and recommendations', async () => {
    const [kept, gone] = [ids.product('deleted-kept'), ids.product('deleted-gone')];
    const word = `d${randomBytes(5).toString('hex')}`;
    const barcode = testBarcode();
    const scope = `filter=${encodeURIComponent(JSON.stringify({ startsWith: ['productGroupId', `${ids.prefix}deleted-`] }))}`;
    await push('/products-push', [
      {
        productGroupId: kept,
        productName: [name(`Kept ${word}`)],
        relatedProductGroups: [{ relatedProductGroupId: gone, productRelationshipType: 'Recommended' }],
      },
      {
        productGroupId: gone,
        productName: [name(`Gone ${word}`)],
        variants: [{ productId: `${gone}-v1`, europeanArticleNumber: [barcode] }],
      },
    ]);
    await settled(async () => {
      const both = await api.get(`/products?${scope}&facets=productGroupId`);
      both.expect(both.data.count, '$.data.count').toBe(2);
    });
    const deleted = await api.delete('/products', { data: [gone] });
    deleted.expectSuccess();
    await settled(async () => {
      const listed = (await api.get(`/products?${scope}&facets=productGroupId`)).after(deleted);
      listed
        .expect(
          (listed.data.list as Product[]).map((p) => p.productGroupId),
          '$.data.list (ids)',
        )
        .toEqual([kept]);
      listed.expect(listed.data.count, '$.data.count').toBe(1);
      listed
        .expect(listed.data.facets.productGroupId, '$.data.facets.productGroupId')
        .toEqual([{ value: kept, count: 1 }]);
      const searched = (await api.get(`/products?search=${word}`)).after(deleted);
      searched
        .expect(
          (searched.data.list as Product[]).map((p) => p.productGroupId),
          '$.data.list (ids)',
        )
        .toEqual([kept]);
      const found = (await api.get(`/search?term=${word}`)).after(deleted);
      found
        .expect(
          (found.data.products as Product[]).map((p) => p.productGroupId),
          '$.data.products (ids)',
        )
        .toEqual([kept]);
      (await api.get(`/products-barcode/${barcode}`)).after(deleted).expectRefused();
      (await api.get(`/variants/${gone}-v1`)).after(deleted).expectRefused();
      const related = (await api.get(`/product-recommendations/${kept}`)).after(deleted);
      related.expect(related.data, '$.data').toEqual([]);
    });
  });

  it('[mock choice] answers 200 per deleted product and 404 per unknown one', async () => {
    const id = ids.product('delete-status');
    const unknown = ids.unknown('delete-status');
    await push('/products-push', [{ productGroupId: id }]);
    await stored(id);
    const reply = await api.delete('/products', { data: [id, unknown] });
    reply.expect(reply.data).toEqual([
      { productGroupId: id, status: 200 },
      { productGroupId: unknown, status: 404 },
    ]);
  });
});

writing('DELETE /spaces/{spaceId}/products (detach)', () => {
  // the spec names detach, but not its path (docs/behaviour.md, "DELETE /products and detach"): DELETE /spaces/{spaceId}/products is
  // the published documentation's
  it('[published] removes the space and its prices, statuses and quantities, answering 202 per product', async () => {
    const id = ids.product('detach');
    await push('/products-push', [
      {
        productGroupId: id,
        productPriceList: [price('v1', 'gone', 1), price('v1', 'kept', 2)],
        productStatus: [status('gone'), status('kept')],
        productItemQuantity: [quantity('v1', 'gone', 1), quantity('v1', 'kept', 2)],
      },
    ]);
    await stored(id);
    const reply = await api.delete('/spaces/gone/products', { data: [id] });
    reply
      .expectStatus(200)
      .expect(reply.data)
      .toEqual([{ productGroupId: id, status: 202 }]);
    await stored(id, reply, (got, read) =>
      read.expect(got, '$.data').toMatchObject({
        spaceIds: ['kept'],
        productPriceList: [price('v1', 'kept', 2)],
        productStatus: [status('kept')],
        productItemQuantity: [quantity('v1', 'kept', 2)],
      }),
    );
  });

  it('[mock choice] also removes productLabel and customProperties of that space, and answers 404 for an unknown product', async () => {
    const id = ids.product('detach-more');
    const unknown = ids.unknown('detach');
    await push('/products-push', [
      {
        productGroupId: id,
        productStatus: [status('gone')],
        productLabel: [label('gone', 'Sale'), label('kept', 'New')],
        customProperties: [
          { key: 'k', value: 1, spaceId: 'gone' },
          { key: 'k', value: 2 },
        ],
      },
    ]);
    await stored(id);
    const reply = await api.delete('/spaces/gone/products', { data: [id, unknown] });
    reply.expect(reply.data).toEqual([
      { productGroupId: id, status: 202 },
      { productGroupId: unknown, status: 404 },
    ]);
    await stored(id, reply, (got, read) =>
      read.expect(got, '$.data').toMatchObject({
        spaceIds: [],
        productLabel: [label('kept', 'New')],
        customProperties: [{ key: 'k', value: 2 }],
      }),
    );
  });
});
