// Starts the mock once, before any worker; the workers find it by the URL in the environment.
import { startCatalogMock } from 'product-catalog-mock/testing';

export default async function globalSetup() {
  const mock = await startCatalogMock({ seed: { products: [{ productGroupId: 'seeded' }] } });
  globalThis.catalogMock = mock;
  process.env.CATALOG_URL = mock.url;
}
