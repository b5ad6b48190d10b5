import express, { type Express, type RequestHandler } from 'express';
import cors from 'cors';
import { loadApiDocument, regionsOf } from './http/apiDocument.js';
import { operationRouter } from './http/operationRouter.js';
import { authorizer, parseApiKeys } from './http/auth.js';
import { bodyGuard } from './http/bodyGuard.js';
import { errorHandler, sendError } from './http/errors.js';
import { mountAdminRoutes } from './routes/admin.js';
import { productTypeOperations } from './routes/productTypes.js';
import { productReadOperations } from './routes/productReads.js';
import { productWriteOperations } from './routes/productWrites.js';
import { variantOperations } from './routes/variants.js';
import type { RouteContext } from './routes/context.js';
import { Store, type SeedData } from './store/store.js';
import type { Logger } from 'pino';
import { OperationTable } from './http/operations.js';
import { exchangeRecorder, simulationStep } from './http/workbenchHook.js';
import { mountWorkbenchRoutes } from './routes/workbenchAdmin.js';
import type { LatencyRange } from './workbench/latency.js';
import { simulatedStatuses } from './workbench/prefer.js';
import { SeedSource } from './workbench/seedSource.js';
import { Workbench } from './workbench/workbench.js';

export interface MockOptions {
  /** Region of the two prefixes that name none; default eu. */
  region?: string;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Persist to this JSON file; in memory when absent. */
  data?: string;
  /** What every scope starts from; empty when absent. */
  seed?: SeedData;
  /** Name of the seed, reported by the health endpoint. */
  seedName?: string;
  /** Largest accepted body, in bytes or as "5mb"; default 5mb. */
  bodyLimit?: string | number;
  /** The file `seed` was read from: reset reads it again, and --watch watches it. */
  seedFile?: string;
  /** Request lines and notices (seed reloads) go here; nothing is logged when absent. */
  logger?: Logger;
  /** Whether every request gets a line in the log; default true when there is a logger. */
  logRequests?: boolean;
  /** A delay added to every API answer, chosen uniformly in the range. */
  latency?: LatencyRange;
}

/** The workbench of an app createApp made (fault rules, journal, seed). */
export function workbenchOf(app: Express): Workbench {
  return app.locals.workbench as Workbench;
}

/** The region prefix: any region other than the document's is a 404 that names the allowed ones. */
function regionGuard(regions: string[]): RequestHandler {
  return (req, res, next) => {
    const region = String(req.params.region);
    if (!regions.includes(region)) {
      return sendError(res, 404, `Unknown region "${region}"; allowed regions: ${regions.join(', ')}`);
    }
    res.locals.region = region;
    next();
  };
}

export async function createApp(options: MockOptions = {}): Promise<Express> {
  const doc = await loadApiDocument();
  const regions = regionsOf(doc);
  const region = options.region ?? 'eu';
  if (!regions.includes(region)) {
    throw new Error(`Unknown region "${region}"; allowed regions: ${regions.join(', ')}`);
  }
  const seeds = new SeedSource(options.seed ?? { products: [], productTypes: [] }, options.seedFile);
  const store = await Store.open({ file: options.data, seed: seeds.current });
  const ring = parseApiKeys(options.apiKeys);
  const ctx: RouteContext = { store, defaultRegion: region };
  const operations = new OperationTable(doc).operations;
  const workbench = new Workbench({
    store,
    seeds,
    statuses: new Map(operations.map((op) => [op.operationId, simulatedStatuses(Object.keys(op.responses))])),
    logger: options.logger,
    logRequests: options.logRequests ?? true,
    latency: options.latency,
  });

  const api = operationRouter(
    doc,
    {
      ...productReadOperations(ctx),
      ...productTypeOperations(ctx),
      ...productWriteOperations(ctx),
      ...variantOperations(ctx),
    },
    {
      authorize: authorizer(ring),
      readBody: express.json({ limit: options.bodyLimit ?? '5mb' }),
      guard: bodyGuard,
      simulate: simulationStep(workbench),
    },
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.locals.workbench = workbench;
  app.use(exchangeRecorder(workbench));
  app.use(cors({ maxAge: 600 }));
  mountAdminRoutes(app, workbench, ring, { seed: options.seedName ?? 'none', region });
  mountWorkbenchRoutes(
    app,
    workbench,
    ring,
    operations.map((op) => op.operationId),
  );
  app.use('/regions/:region/products/v1/tenants', regionGuard(regions), api);
  app.use('/api/tenants', api);
  app.use(api);
  app.use(errorHandler);
  return app;
}
