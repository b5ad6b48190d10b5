import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every record is deep-frozen as it enters the store (src/store/frozen.ts): an in-place edit fails a test.
// Set here, before any test or in-process server starts, so spawned CLIs inherit it too.
process.env.PRODUCT_CATALOG_MOCK_FREEZE_RECORDS ??= '1';
// No test writes to the user's cache of generated catalogs; those of the cache name a folder of their own.
process.env.PRODUCT_CATALOG_MOCK_CACHE ??= 'off';

// Test files at once. Vitest's default leaves a core to itself (one file at a time on 2 cores), but its
// main process is mostly idle: the unit and contract files use every core. The e2e files mostly wait
// for the processes they start (a server, npm, a contract run and its retries), so twice as many.
const cores = availableParallelism();

export default defineConfig({
  test: {
    maxWorkers: cores,
    projects: [
      {
        // Fast, no build: the modules of src/ and the server in-process.
        test: {
          name: 'unit',
          // the contract kit's own unit tests (test/contract/kit/) run here: a contract run counts only the contract's tests
          include: ['test/**/*.test.ts'],
          // npm run test:quick (scripts/test.mjs) leaves out the pages in headless Chromium, the slowest
          exclude: ['test/e2e/**', ...(process.env.TEST_QUICK ? ['**/*.browser.test.ts'] : [])],
          // files run side by side: on a busy 2-core machine a property test of many requests took
          // over 30 s
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The built package as a user runs it: npx, the CLI, the contract command, the benchmark.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // the package packed once for every test that installs it
          globalSetup: ['test/e2e/globalSetup.ts'],
          maxWorkers: cores * 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The contract suite against an in-process mock (or CONTRACT_BASE_URL), with its own setup.
      'contract-tests/vitest.config.ts',
      {
        // The same contract suite, answered by the msw handlers (src/msw/) instead of a server.
        test: {
          name: 'contract-msw',
          include: ['contract-tests/*.test.ts'],
          globalSetup: ['test/msw/contract/globalSetup.ts'],
          setupFiles: ['test/msw/contract/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
