// Each contract test file's requests answered by catalogHandlers, as a page's would be by setupWorker.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { catalogHandlers } from '../../../src/msw/index.js';

// The suite brings its own records, as against the in-process server (started with no seed).
const server = setupServer(...catalogHandlers({ seed: 'none' }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
