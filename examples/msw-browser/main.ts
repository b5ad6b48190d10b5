// A page that lists products with the published client, unmodified: its requests go to the
// production host, and the mock answers them from a service worker (msw's setupWorker).
import { GridProductServiceClient } from '@ombori/grid-products';
import { setupWorker } from 'msw/browser';
import { catalogHandlers } from 'product-catalog-mock/msw';

const status = document.querySelector('#status') as HTMLElement;
const grid = document.querySelector('#products') as HTMLElement;

interface Listed {
  productGroupId: string;
  productName?: { productName: string }[];
  productType?: string[];
  productPriceList?: { listPrice?: number; isoCurrencyCode?: string }[];
  catalogPageLocationProduct?: { catalogType: string; catalogPageLocationProduct: string }[];
}

function card(product: Listed): HTMLElement {
  const element = document.createElement('article');
  element.className = 'product-card';
  element.dataset.id = product.productGroupId;
  // The demo datasets' pictures: the handlers draw them too, no server needed.
  const picture = product.catalogPageLocationProduct?.find((m) => m.catalogType.startsWith('image/'));
  if (picture) {
    const image = document.createElement('img');
    image.src = picture.catalogPageLocationProduct;
    image.alt = '';
    element.append(image);
  }
  const title = document.createElement('h2');
  title.textContent = product.productName?.[0]?.productName ?? product.productGroupId;
  const type = document.createElement('p');
  type.textContent = product.productType?.join(', ') ?? '';
  const price = document.createElement('p');
  price.className = 'price';
  const first = product.productPriceList?.[0];
  price.textContent =
    first?.listPrice === undefined ? '' : `${first.listPrice} ${first.isoCurrencyCode ?? ''}`;
  element.append(title, type, price);
  return element;
}

async function main(): Promise<void> {
  // The client-side class sends no token: public reads, as in production.
  const worker = setupWorker(...catalogHandlers({ seed: 'demo', publicReads: true }));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  const client = new GridProductServiceClient({
    tenantId: 'acme',
    environment: 'dev',
    dataResidency: 'EU' as ConstructorParameters<typeof GridProductServiceClient>[0]['dataResidency'],
  });
  const page = await client.getProductList({
    limit: 12,
    sort: 'productGroupId asc',
    select: 'productName,productType,productPriceList,catalogPageLocationProduct',
  });
  grid.replaceChildren(...(page.list as Listed[]).map(card));
  await Promise.all([...grid.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)));
  status.textContent = `${page.list.length} products from the mock in a service worker`;
  document.body.dataset.ready = 'true';
}

main().catch((err: unknown) => {
  status.textContent = `Failed: ${String(err)}`;
  document.body.dataset.ready = 'error';
});
