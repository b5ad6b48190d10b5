import { defineConfig } from 'vitest/config';

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
