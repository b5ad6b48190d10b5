// The app under test: it lists products with the published client-side class and adds one with the
// published admin class. Both call the production host; the test routes that to the mock.
import { GridProductServiceAdmin, GridProductServiceClient } from '@ombori/grid-products';

type Options = ConstructorParameters<typeof GridProductServiceClient>[0];
const params = new URLSearchParams(location.search);
const scope = {
  tenantId: params.get('tenant') ?? 'acme',
  environment: params.get('environment') ?? 'dev',
  dataResidency: 'EU' as Options['dataResidency'],
};
const client = new GridProductServiceClient(scope);
const admin = new GridProductServiceAdmin({ ...scope, accessToken: params.get('token') ?? '' });

const status = document.querySelector('#status') as HTMLElement;
const list = document.querySelector('#products') as HTMLElement;

async function show(): Promise<void> {
  const page = await client.getProductList({ limit: 50, sort: 'productGroupId asc', select: 'productName' });
  const products = page.list as { productGroupId: string; productName?: { productName: string }[] }[];
  list.replaceChildren(
    ...products.map((product) => {
      const item = document.createElement('li');
      item.dataset.id = product.productGroupId;
      item.textContent = product.productName?.[0]?.productName ?? product.productGroupId;
      return item;
    }),
  );
  status.textContent = `${products.length} products`;
}

document.querySelector('#add')?.addEventListener('click', () => {
  status.textContent = 'Adding…';
  admin
    .pushProducts([
      { productGroupId: 'new-1', productName: [{ isoLanguageId: 'en', productName: 'New shoe' }] },
    ] as Parameters<typeof admin.pushProducts>[0])
    .then(show)
    .catch((err: Error) => (status.textContent = `Failed: ${err.message}`));
});

show().catch((err: Error) => (status.textContent = `Failed: ${err.message}`));
