import express, { type Express } from 'express';
import { adminGuard } from './http/adminGuard.js';
import { corsMiddleware } from './http/cors.js';
import { mountAdminRoutes } from './http/adminRoutes.js';
import { mountDashboardRoutes } from './http/dashboardRoutes.js';
import { mountScopeResetRoutes } from './http/scopeResetRoutes.js';
import { errorHandler } from './http/errors.js';
import { expressAdapter } from './http/expressAdapter.js';
import { exchangeRecorder } from './http/workbenchHook.js';
import { mountWorkbenchRoutes } from './http/workbenchRoutes.js';
import { createMock, type MockOptions } from './mock.js';
import type { Workbench } from './workbench/workbench.js';

export type { MockOptions } from './mock.js';

/** The workbench of an app createApp made (fault rules, journal, seed). */
export function workbenchOf(app: Express): Workbench {
  return app.locals.workbench as Workbench;
}

/**
 * Closes what an app createApp made holds open: its --data file, once the writes it answered are
 * stored, so that another mock may open the file (one mock per file: docs/behaviour.md, "Storage
 * and --data"). An app without `data` holds nothing; closing it is harmless.
 */
export function closeApp(app: Express): Promise<void> {
  return workbenchOf(app).close();
}

/** The mock as an express app: admin routes and the reference page, then the pipeline for the API. */
export async function createApp(options: MockOptions = {}): Promise<Express> {
  const mock = await createMock(options);
  try {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    app.locals.workbench = mock.workbench;
    app.use(exchangeRecorder(mock.workbench));
    app.use(corsMiddleware());
    app.use('/__admin', adminGuard());
    mountAdminRoutes(app, mock.workbench, mock.ring, {
      seed: mock.seedName ?? 'none',
      region: mock.region,
    });
    mountWorkbenchRoutes(app, mock.workbench, mock.ring, mock.operationIds);
    mountDashboardRoutes(app, mock.workbench, mock.ring, mock.operationIds);
    mountScopeResetRoutes(app, mock.workbench, mock.ring);
    app.use(expressAdapter(mock.handle, { bodyLimit: options.bodyLimit }));
    app.use(errorHandler);
    return app;
  } catch (err) {
    // A refused option (bodyLimit): the caller gets no app to close, so its --data file is let go here.
    await mock.workbench.close();
    throw err;
  }
}
