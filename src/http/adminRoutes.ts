import type { Express, RequestHandler } from 'express';
import { checkAdminToken, type KeyRing } from '../pipeline/auth.js';
import { apiDocumentPath } from '../openapi/apiDocument.js';
import type { Workbench } from '../workbench/workbench.js';
import { docsRoutes } from './docsPage.js';
import { sendData } from './respond.js';

/** Admin operations: open by default; in strict mode a listed key bound to no tenant (checkAdminToken). */
export function authenticateAdmin(ring: KeyRing): RequestHandler {
  return (req, _res, next) => next(checkAdminToken(ring, req.headers));
}

/**
 * Endpoints outside the scoped prefixes: health, reset, the OpenAPI document and the reference page.
 * Registered on the app itself, each at its own path: a router mounted at / would be entered, and
 * left a turn of the event loop later, by every API request
 * (docs/performance.md, "One middleware per request").
 */
export function mountAdminRoutes(
  app: Express,
  workbench: Workbench,
  ring: KeyRing,
  info: { seed: string; region: string },
): void {
  const started = Date.now();

  app.get('/__admin/health', (_req, res) => {
    sendData(res, { status: 'ok', uptimeMs: Date.now() - started, seed: info.seed, region: info.region });
  });

  app.post('/__admin/reset', authenticateAdmin(ring), async (_req, res) => {
    await workbench.reset();
    sendData(res, { reset: true, seed: info.seed });
  });

  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').sendFile(apiDocumentPath);
  });

  app.use('/docs', docsRoutes({ strict: ring.size > 0 }));
}
