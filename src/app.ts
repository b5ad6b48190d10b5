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
import { publishedClientOperations } from './routes/publishedClient.js';
import { gtinOfEpc } from './epcDecoder.js';
import { variantOperations } from './routes/variants.js';
import type { RouteContext } from './routes/context.js';
import { Store, type SeedData } from './store/store.js';

export interface MockOptions {
  /** Region of the two prefixes that name none; default eu. */
  region?: string;
  /** Strict mode: only these keys (`KEY` or `KEY=tenantA,tenantB`). Empty: any non-empty token. */
  apiKeys?: string[];
  /** Keep the data in this file (snapshot and journal); in memory when absent. */
  data?: string;
  /** With data: journal size (MB) from which a snapshot is written in the background; default 64. */
  compactAfterMb?: number;
  /** What every scope starts from; empty when absent. */
  seed?: SeedData;
  /** Name of the seed, reported by the health endpoint. */
  seedName?: string;
  /** Largest accepted body, in bytes or as "5mb"; default 5mb. */
  bodyLimit?: string | number;
  /** Reads (GET, and POST /products) need no token, as the published client-side class expects; writes still do. */
  publicReads?: boolean;
}

/**
 * The region prefix: matched without regard to case (`UAE` is `uae`, one scope); any region other
 * than the document's is a 404 that names the allowed ones.
 */
function regionGuard(regions: string[]): RequestHandler {
  return (req, res, next) => {
    const asked = String(req.params.region);
    const region = regions.find((r) => r.toLowerCase() === asked.toLowerCase());
    if (region === undefined) {
      return sendError(res, 404, `Unknown region "${asked}"; allowed regions: ${regions.join(', ')}`);
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
  const store = await Store.open({
    file: options.data,
    seed: options.seed,
    compactBytes: options.compactAfterMb === undefined ? undefined : options.compactAfterMb * 1024 * 1024,
  });
  const ring = parseApiKeys(options.apiKeys);
  const ctx: RouteContext = { store, defaultRegion: region };

  const api = operationRouter(
    doc,
    {
      ...productReadOperations(ctx),
      ...productTypeOperations(ctx),
      ...productWriteOperations(ctx),
      ...variantOperations(ctx),
      ...publishedClientOperations(ctx, gtinOfEpc),
    },
    {
      authorize: authorizer(ring, { publicReads: options.publicReads }),
      readBody: express.json({ limit: options.bodyLimit ?? '5mb' }),
      guard: bodyGuard,
    },
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(cors({ maxAge: 600 }));
  mountAdminRoutes(app, store, ring, { seed: options.seedName ?? 'none', region });
  app.use('/regions/:region/products/v1/tenants', regionGuard(regions), api);
  app.use('/api/tenants', api);
  app.use(api);
  app.use(errorHandler);
  return app;
}
