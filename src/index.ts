export { createApp, type MockOptions } from './app.js';
export { startServer, type ServerOptions, type RunningServer } from './server.js';
export { createExpressServer } from './http/expressServer.js';
export type { SeedData } from './store/store.js';
export { resolveSeed, DEFAULT_SEED } from './seed/resolve.js';
export type * from './domain/types.js';
