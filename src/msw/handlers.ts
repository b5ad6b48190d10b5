// Mock Service Worker handlers that answer with the mock: the same pipeline the express server
// serves (src/mockCore.ts), over an in-memory store, with openapi.yaml bundled
// (src/generated/apiDocument.ts). Nothing here needs node: it runs in a browser's service worker
// (setupWorker) as in a test runner (setupServer).
import { http, type HttpHandler } from 'msw';
import { apiDocument } from '../generated/apiDocument.js';
import { composeMock, keyRingOf, type MockCore } from '../mockCore.js';
import { checkStartOptions } from '../startOptions.js';
import { OperationTable } from '../openapi/operations.js';
import { regionsOf } from '../openapi/regions.js';
import type { Wrapper } from '../pipeline/types.js';
import { CLIENT_PREFIX } from '../pipeline/pipeline.js';
import { Store } from '../store/store.js';
import { statusesByOperation } from '../workbench/simulation.js';
import { simulationStep } from '../workbench/simulationStep.js';
import { MswWorkbench } from './workbench.js';
import { mockRequestOf, responseOf } from './fetchAdapter.js';
import { demoMediaHandler } from './media.js';
import { under } from './under.js';
import { seedOf, type CatalogSeed } from './seed.js';

export interface CatalogHandlersOptions {
  /**
   * The origins, or origins with a path, to answer for; default: the production host of every
   * region, `https://product-<region>.omborigrid.com`, where the published client's calls go.
   * Under each, requests under `/api/tenants/...` and `/regions/...` are answered; under a base
   * with a path (`http://localhost:5173/catalog`) every request, the path removed first.
   */
  baseUrl?: string | readonly string[];
  /** `demo` (default), `grocery`, `electronics`, `none`, a product count, or `{ products, productTypes }`. */
  seed?: CatalogSeed;
  /** Reads need no token, as the published client-side class expects; writes still do. */
  publicReads?: boolean;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Region of the requests whose address names none; default eu (a region host names its own). */
  region?: string;
  /** Around the pipeline, the first outermost (docs/architecture.md, "The seam: wrapping the pipeline"). */
  wrappers?: Wrapper[];
  /**
   * The most request journal entries one scope keeps, 1 to 1000 (the journal's size); 250 when
   * absent, as on the server (`--journal-per-scope`; docs/security.md, "Bounds").
   */
  journalPerScope?: number;
}

/** Where requests are answered: an origin, a path under it, and the region its host stands for. */
interface Base {
  origin: string;
  mount: string;
  region?: string;
}

/** A catalog: its pipeline and store, and its workbench (journal, fault and stub rules, snapshots). */
export interface Catalog extends MockCore {
  workbench: MswWorkbench;
}

/** Every catalog made here, for resetCatalog(). */
const catalogs = new Set<Promise<Catalog>>();

export const productionBaseUrl = (region: string): string => `https://product-${region}.omborigrid.com`;

function basesOf(option: CatalogHandlersOptions['baseUrl']): Base[] {
  if (option === undefined) {
    return regionsOf(apiDocument).map((region) => ({ origin: productionBaseUrl(region), mount: '', region }));
  }
  const list = typeof option === 'string' ? [option] : option;
  if (list.length === 0) throw new Error('baseUrl: give at least one origin, such as http://localhost:5173');
  return list.map((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`baseUrl: "${value}" is not an absolute URL, such as https://catalog.example.test`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`baseUrl: "${value}" is not an http(s) URL, such as https://catalog.example.test`);
    }
    // A region host keeps its region, as the default bases do.
    const region = regionsOf(apiDocument).find((r) => url.origin === productionBaseUrl(r));
    return { origin: url.origin, mount: url.pathname.replace(/\/+$/, ''), region };
  });
}

/**
 * msw 2 request handlers answering as the mock does, from one catalog (one store of scopes) shared
 * by all of them. Bad options throw here, not at the first request.
 */
export function catalogHandlers(options: CatalogHandlersOptions = {}): HttpHandler[] {
  return createCatalog(options).handlers;
}

/** The handlers and the catalog they answer from (src/testing/ drives its workbench). */
export function createCatalog(
  options: CatalogHandlersOptions = {},
  /** Every path of a base without one is answered too, the specification's form among them (src/testing/). */
  wholeOrigin = false,
): {
  handlers: HttpHandler[];
  catalog: Promise<Catalog>;
  bases: readonly { origin: string; mount: string }[];
} {
  const bases = basesOf(options.baseUrl);
  const { region } = checkStartOptions(apiDocument, {
    region: options.region,
    journalPerScope: options.journalPerScope,
  });
  // Here, not when the store has opened: a refusal there would be a rejection nothing awaits.
  keyRingOf(apiDocument, options.apiKeys);
  const seed = seedOf(options.seed);
  const operations = new OperationTable(apiDocument);
  const statuses = statusesByOperation(operations.operations);
  const opened = Store.open({ seed }).then((store) => {
    const workbench = new MswWorkbench(store, statuses, options.journalPerScope);
    const core = composeMock({
      document: apiDocument,
      operations,
      store,
      region,
      // A Prefer header, a fault rule and a stub rule act as on the server (openapi.yaml documents
      // them); --latency belongs to a server process.
      simulate: simulationStep(workbench),
      apiKeys: options.apiKeys,
      publicReads: options.publicReads,
      publicReadsSwitch: 'give catalogHandlers({ publicReads: true })',
      // No server, so no /docs page: the document the handlers answer from is in the package.
      reference: "openapi.yaml of the product-catalog-mock package (a server's /docs renders it)",
      wrappers: options.wrappers,
    });
    return { ...core, workbench };
  });
  catalogs.add(opened);

  const handlerFor = (base: Base, below: string): HttpHandler =>
    http.all(under(`${base.origin}${base.mount}${below}`), async ({ request }) => {
      const url = new URL(request.url);
      let path = url.pathname.slice(base.mount.length) || '/';
      if (base.region && CLIENT_PREFIX.test(path)) {
        path = path.replace(CLIENT_PREFIX, `/regions/${base.region}/products/v1/tenants`);
      }
      const at = Date.now();
      const started = performance.now();
      const mock = await opened;
      const mockRequest = mockRequestOf(request, path + url.search);
      // A 404 names the path the page asked for, not the form it was answered in.
      mockRequest.sentPath = url.pathname;
      const answer = await mock.handle(mockRequest);
      mock.workbench.completed(mockRequest, url.pathname + url.search, answer, at, started);
      return responseOf(answer, request.method);
    });

  const handlers = [
    ...bases.flatMap((base) =>
      base.mount || wholeOrigin
        ? [handlerFor(base, '')]
        : [handlerFor(base, '/api/tenants'), handlerFor(base, '/regions')],
    ),
    demoMediaHandler(seed),
  ];
  return { handlers, catalog: opened, bases };
}

/** Every catalog made by catalogHandlers back to its seed: for between tests. */
export async function resetCatalog(): Promise<void> {
  await Promise.all(
    [...catalogs].map(async (opened) => {
      const catalog = await opened;
      await catalog.workbench.reset(catalog.store);
    }),
  );
}
