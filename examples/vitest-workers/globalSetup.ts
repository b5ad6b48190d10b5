// Starts the mock once, in the main process, and hands its URL to every worker.
import type { TestProject } from 'vitest/node';
import { startCatalogMock } from 'product-catalog-mock/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    catalogUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startCatalogMock({ seed: { products: [{ productGroupId: 'seeded' }] } });
  project.provide('catalogUrl', mock.url);
  return () => mock.stop();
}
