// One mock for the whole run, started by the global setup; a scope per worker (docs/testing.md).
// Plain ES modules, run with node --experimental-vm-modules (package.json "test"): nothing to transform.
export default {
  testEnvironment: 'node',
  transform: {},
  testMatch: ['<rootDir>/tests/**/*.test.js'],
  globalSetup: '<rootDir>/globalSetup.js',
  globalTeardown: '<rootDir>/globalTeardown.js',
  maxWorkers: 4,
  testTimeout: 30_000,
};
