// One mock for the whole run, started by the global setup; a scope per worker (docs/testing.md).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./globalSetup.ts'],
    // Four workers, one test file each at a time: the scopes keep their data apart.
    pool: 'threads',
    maxWorkers: 4,
    fileParallelism: true,
    testTimeout: 30_000,
  },
});
