// `product-catalog-mock/testing`: the mock in a team's own tests, framework-neutral (docs/testing.md).
// The same handle over msw handlers is `createCatalogMockHandlers` of `product-catalog-mock/msw`.
export { startCatalogMock, connectCatalogMock, DEFAULT_TOKEN } from './start.js';
export type { StartCatalogMockOptions, ConnectCatalogMockOptions } from './start.js';
export type * from './types.js';
