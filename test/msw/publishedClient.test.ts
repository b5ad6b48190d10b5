// The published JavaScript client (npm @ombori/grid-products), unmodified and with its production
// base URL, against the mock's msw handlers under setupServer: no port, no server.
import { GridProductServiceAdmin, GridProductServiceClient, RequestTypeEnum } from '@ombori/grid-products';
import type { DataResidencyEnum } from '@ombori/grid-signals/dist/types.js';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogProduct } from '../../src/domain/types.js';
import { catalogHandlers, resetCatalog } from '../../src/msw/index.js';
import { generateDataset } from '../../src/seed/index.js';

const TENANT = 'acme';
const ENVIRONMENT = 'dev';
const residency = (r: string) => r as DataResidencyEnum;
const clientOf = (region = 'EU') =>
  new GridProductServiceClient({
    tenantId: TENANT,
    environment: ENVIRONMENT,
    dataResidency: residency(region),
  });
const adminOf = (region = 'EU', accessToken = 'dev') =>
  new GridProductServiceAdmin({
    tenantId: TENANT,
    environment: ENVIRONMENT,
    dataResidency: residency(region),
    accessToken,
  });

// What the demo seed holds, read from the seed itself.
const seed = generateDataset('demo');
const subject = seed.products.find((p) => p.variants?.[0]?.europeanArticleNumber?.[0]) as CatalogProduct;
const ean = subject.variants?.[0]?.europeanArticleNumber?.[0] as string;
/** The client's record types differ from openapi.yaml's in optional fields; the mock checks what is sent. */
type Pushed = Parameters<GridProductServiceAdmin['pushProducts']>[0];
type Updated = Parameters<GridProductServiceAdmin['updateProductFields']>[0];
const asPushed = (products: CatalogProduct[]) => products as unknown as Pushed;

const newProduct = (id: string): CatalogProduct => ({
  ...subject,
  productGroupId: id,
  productName: [{ isoLanguageId: 'en-US', productName: `Mocked ${id}` }],
  variants: (subject.variants ?? []).map((v, i) => ({
    ...v,
    productId: `${id}-v${i}`,
    europeanArticleNumber: [],
  })),
  spaceIds: undefined,
});

const server = setupServer(...catalogHandlers({ publicReads: true }));
// Anything the handlers do not answer fails the test: no request may leave the process.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetCatalog());
afterAll(() => server.close());

describe('the published client through catalogHandlers, its base URL untouched', () => {
  it('reads with the client-side class, which sends no token (publicReads)', async () => {
    const client = clientOf();
    const product = await client.getProductById(subject.productGroupId, { select: 'productName' });
    expect(product).toEqual({ productGroupId: subject.productGroupId, productName: subject.productName });
    const found = await client.getProductByBarcode(ean, {});
    expect(found.productDetails.productGroupId).toBe(subject.productGroupId);
    for (const requestType of [RequestTypeEnum.GET, RequestTypeEnum.POST]) {
      const page = await client.getProductList({ limit: 3, sort: 'productGroupId asc' }, requestType);
      expect(page.list.map((p) => p.productGroupId)).toEqual(
        seed.products
          .map((p) => p.productGroupId)
          .sort()
          .slice(0, 3),
      );
    }
    await expect(client.getProductById('no-such-product', {})).rejects.toThrow(
      'Product "no-such-product" not found',
    );
  });

  it('tells the client-side class without publicReads the option that serves it, not a command-line flag', async () => {
    server.use(...catalogHandlers({ baseUrl: 'http://closed.test' }));
    try {
      const res = await fetch('http://closed.test/api/tenants/acme/dev/products', {
        headers: { 'x-api-key': '' },
      });
      expect(res.status).toBe(401);
      const { message } = (await res.json()) as { message: string };
      expect(message).toContain('give catalogHandlers({ publicReads: true }) to serve its reads');
      expect(message).not.toContain('--public-reads');
    } finally {
      server.resetHandlers();
    }
  });

  it('refuses a write without a token, as the client-side class would send it: public reads open reads only', async () => {
    // The client-side class has no write method; this is its header on a write.
    const push = await fetch(
      `https://product-eu.omborigrid.com/api/tenants/${TENANT}/${ENVIRONMENT}/products/push`,
      {
        method: 'POST',
        headers: { 'x-api-key': '', 'content-type': 'application/json' },
        body: JSON.stringify({ data: [newProduct('no-token')] }),
      },
    );
    expect(push.status).toBe(401);
    expect(((await push.json()) as { message: string }).message).toMatch(/token|key/i);
    await expect(clientOf().getProductById('no-token', {})).rejects.toThrow('not found');
  });

  it('writes with the admin class and reads the writes back with both, in the region of the host', async () => {
    const admin = adminOf();
    await admin.pushProducts(asPushed([newProduct('msw-1'), newProduct('msw-2')]));
    await admin.updateProductFields([
      { productGroupId: 'msw-1', productName: [{ isoLanguageId: 'en-US', productName: 'Renamed' }] },
    ] as unknown as Updated);
    const client = clientOf();
    expect((await client.getProductById('msw-1', { select: 'productName' })).productName).toEqual([
      { isoLanguageId: 'en-US', productName: 'Renamed' },
    ]);
    await admin.removeProducts(['msw-2']);
    await expect(client.getProductById('msw-2', {})).rejects.toThrow('not found');
    // product-us.omborigrid.com is another region: another scope, which still has only the seed.
    await expect(clientOf('US').getProductById('msw-1', {})).rejects.toThrow('not found');
    await expect(adminOf('US').getProductById(subject.productGroupId, {})).resolves.toMatchObject({
      productGroupId: subject.productGroupId,
    });
  });

  it('resetCatalog brings every scope back to the seed', async () => {
    await adminOf().pushProducts(asPushed([newProduct('msw-reset')]));
    expect((await clientOf().getProductById('msw-reset', {})).productGroupId).toBe('msw-reset');
    await resetCatalog();
    await expect(clientOf().getProductById('msw-reset', {})).rejects.toThrow('not found');
  });
});
