import express, { type Express } from 'express';
import { adminGuard } from './http/adminGuard.js';
import { boundaryGuard, boundaryOf, type BoundaryOptions } from './http/browserBoundary.js';
import { mountAdminRoutes } from './http/adminRoutes.js';
import { mountDashboardRoutes } from './http/dashboardRoutes.js';
import { errorHandler } from './http/errors.js';
import { expressAdapter } from './http/expressAdapter.js';
import { exchangeRecorder } from './http/workbenchHook.js';
import { mountWorkbenchRoutes } from './http/workbenchRoutes.js';
import { mountScopeRoutes } from './http/scopeRoutes.js';
import { createMock, type MockOptions } from './mock.js';
import type { Workbench } from './workbench/workbench.js';
import { attachWorkbench, attachedWorkbench } from './http/appWorkbench.js';

export type { MockOptions } from './mock.js';

/** The mock as an express app: the mock's options, and where a browser may reach it from (docs/security.md). */
export interface AppOptions extends MockOptions, BoundaryOptions {}

/** The workbench of an app createApp made (fault rules, journal, seed). */
export function workbenchOf(app: Express): Workbench {
  const workbench = attachedWorkbench(app);
  if (workbench === undefined) throw new Error('not an app createApp made: it has no workbench');
  return workbench;
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
export async function createApp(options: AppOptions = {}): Promise<Express> {
  return (await createMockApp(options)).app;
}

/** createApp, with the workbench of the mock it serves handed over beside it. */
export async function createMockApp(
  options: AppOptions = {},
): Promise<{ app: Express; workbench: Workbench }> {
  // Before the mock opens its --data file: a refused option must not leave it open.
  const boundary = boundaryOf(options);
  const mock = await createMock(options);
  try {
    const app = express();
    app.disable('x-powered-by');
    app.set('etag', false);
    // For closeApp and createExpressServer when the caller has the app alone.
    attachWorkbench(app, mock.workbench);
    app.use(exchangeRecorder(mock.workbench));
    app.use(boundaryGuard(boundary));
    app.use('/__admin', adminGuard());
    mountAdminRoutes(app, mock.workbench, mock.ring, {
      seed: mock.seedName ?? 'none',
      region: mock.region,
    });
    mountWorkbenchRoutes(app, mock.workbench, mock.ring);
    mountScopeRoutes(app, mock.workbench, mock.ring);
    mountDashboardRoutes(app, mock.workbench, mock.ring, mock.operationIds);
    app.use(expressAdapter(mock.handle, { bodyLimit: options.bodyLimit }));
    app.use(errorHandler);
    return { app, workbench: mock.workbench };
  } catch (err) {
    // A refused option (bodyLimit): the caller gets no app to close, so its --data file is let go here.
    await mock.workbench.close();
    throw err;
  }
}
