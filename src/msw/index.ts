// `product-catalog-mock/msw`: the mock as Mock Service Worker handlers, for browsers and test runners.
export { catalogHandlers, resetCatalog, productionBaseUrl, type CatalogHandlersOptions } from './handlers.js';
export type { CatalogSeed } from './seed.js';
export type { Wrapper, Handle, MockAnswer, MockRequest } from '../pipeline/types.js';
export type { SeedData } from '../domain/types.js';
export type * from '../domain/types.js';
export {
  createCatalogMockHandlers,
  type CatalogMockHandlers,
  type CatalogMockHandlersOptions,
} from './testingHandle.js';
export type * from '../testing/types.js';
