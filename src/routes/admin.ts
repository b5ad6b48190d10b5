import type { Express } from 'express';
import { authenticateAdmin, type KeyRing } from '../http/auth.js';
import { sendData } from '../http/respond.js';
import { apiDocumentPath } from '../http/apiDocument.js';
import type { Workbench } from '../workbench/workbench.js';
import { docsRoutes } from './docs.js';

/**
 * Endpoints outside the scoped prefixes: health, reset, the OpenAPI document and the reference page.
 * Registered on the app itself, each at its own path: a router mounted at / would be entered, and
 * left a turn of the event loop later, by every API request.
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

  app.use('/docs', docsRoutes());
}
