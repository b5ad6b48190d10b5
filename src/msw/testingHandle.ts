// createCatalogMockHandlers: the testing kit's handle over the msw handlers (docs/testing.md), for a
// test that runs without a port: give `handlers` to msw's setupServer (or setupWorker). The scope
// calls act on the catalog in this process, as the admin endpoints act on a server's.
import type { HttpHandler } from 'msw';
import { createCatalog, type CatalogHandlersOptions } from './handlers.js';
import { inProcessBackend } from '../testing/backend.js';
import { makeScope, scopeKeyOf } from '../testing/scope.js';
import type { CatalogMock } from '../testing/types.js';

export interface CatalogMockHandlersOptions extends Omit<CatalogHandlersOptions, 'baseUrl'> {
  /**
   * The origin the handlers answer for, every path under it (the three prefixes), and the handle's
   * url; default http://catalog.mock.test.
   */
  url?: string;
  /** The token scopes send; default `test-token`. */
  token?: string;
}

export interface CatalogMockHandlers extends CatalogMock {
  /** For setupServer(...handlers) or setupWorker(...handlers). */
  readonly handlers: HttpHandler[];
}

const DEFAULT_MSW_URL = 'http://catalog.mock.test';

export function createCatalogMockHandlers(options: CatalogMockHandlersOptions = {}): CatalogMockHandlers {
  const { url: given, token = 'test-token', ...rest } = options;
  const url = (given ?? DEFAULT_MSW_URL).replace(/\/+$/, '');
  const { handlers, catalog } = createCatalog({ ...rest, seed: rest.seed ?? 'none', baseUrl: url }, true);
  const backend = inProcessBackend(async () => (await catalog).workbench.scopes);
  const region = (options.region ?? 'eu').toLowerCase();
  return {
    url,
    handlers,
    scope: (name, scopeOptions) =>
      makeScope({ ...scopeKeyOf(name, scopeOptions, region), url, token }, backend),
    stop: async () => {
      await (await catalog).store.close();
    },
  };
}
