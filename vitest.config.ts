import { defineConfig } from 'vitest/config';

// Every record is deep-frozen as it enters the store (src/store/frozen.ts): an in-place edit fails a test.
// Set here, before any test or in-process server starts, so spawned CLIs inherit it too.
process.env.PRODUCT_CATALOG_MOCK_FREEZE_RECORDS ??= '1';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The contract suite against an in-process mock (or CONTRACT_BASE_URL), with its own setup.
      'contract-tests/vitest.config.ts',
    ],
  },
});
