export { closeApp, createApp, type AppOptions } from './app.js';
export { createMock, type Mock, type MockOptions } from './mock.js';
export { wrap, type Handle, type MockAnswer, type MockRequest, type Wrapper } from './pipeline/types.js';
export { startServer, type ServerOptions, type RunningServer } from './server.js';
export { createExpressServer, type RequestTimeouts } from './http/expressServer.js';
export { resolveSeed, DEFAULT_SEED } from './seed/resolve.js';
export type * from './domain/types.js';
