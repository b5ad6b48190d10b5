// The contract suite on its own: `npm run test:contract`, and `product-catalog-mock contract` from the package.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const junit = process.env.CONTRACT_JUNIT ? resolve(process.env.CONTRACT_JUNIT) : undefined;

export default defineConfig({
  test: {
    name: 'contract',
    root: packageRoot,
    include: ['contract-tests/**/*.test.ts'],
    globalSetup: ['contract-tests/lib/globalSetup.ts'],
    // Generous: a live deployment is slower than the mock, and reads may wait to settle.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: junit ? ['default', 'junit'] : ['default'],
    outputFile: junit ? { junit } : undefined,
  },
});
