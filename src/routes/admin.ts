import { Router } from 'express';
import { authenticateAdmin, type KeyRing } from '../http/auth.js';
import { sendData } from '../http/respond.js';
import { apiDocumentPath } from '../http/apiDocument.js';
import type { Store } from '../store/store.js';
import { docsRoutes } from './docs.js';

/** Endpoints outside the scoped prefixes: health, reset, the OpenAPI document and the reference page. */
export function adminRoutes(store: Store, ring: KeyRing, info: { seed: string; region: string }): Router {
  const router = Router();
  const started = Date.now();

  router.get('/__admin/health', (_req, res) => {
    sendData(res, { status: 'ok', uptimeMs: Date.now() - started, seed: info.seed, region: info.region });
  });

  router.post('/__admin/reset', authenticateAdmin(ring), async (_req, res) => {
    await store.reset();
    sendData(res, { reset: true, seed: info.seed });
  });

  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').sendFile(apiDocumentPath);
  });

  router.use(docsRoutes());

  return router;
}
