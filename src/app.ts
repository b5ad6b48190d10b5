import express, { type Express } from 'express';
import cors from 'cors';
import { mountAdminRoutes } from './http/adminRoutes.js';
import { errorHandler } from './http/errors.js';
import { expressAdapter } from './http/expressAdapter.js';
import { createMock, type MockOptions } from './mock.js';

export type { MockOptions } from './mock.js';

/** The mock as an express app: admin routes and the reference page, then the pipeline for the API. */
export async function createApp(options: MockOptions = {}): Promise<Express> {
  const mock = await createMock(options);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(cors({ maxAge: 600 }));
  mountAdminRoutes(app, mock.store, mock.ring, { seed: options.seedName ?? 'none', region: mock.region });
  app.use(expressAdapter(mock.handle, { bodyLimit: options.bodyLimit }));
  app.use(errorHandler);
  return app;
}
