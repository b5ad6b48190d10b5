import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // the contract kit's own unit tests run here: a contract run counts only the contract's tests
          include: ['test/**/*.test.ts', 'contract-tests/lib/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The contract suite against an in-process mock (or CONTRACT_BASE_URL), with its own setup.
      'contract-tests/vitest.config.ts',
    ],
  },
});
