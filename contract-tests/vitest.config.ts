// The contract suite on its own: `npm run test:contract`, and `product-catalog-mock contract` from the package.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packageRoot = dirname(dirname(fileURLToPath(import.meta.url)));

export default defineConfig({
  test: {
    name: 'contract',
    root: packageRoot,
    include: ['contract-tests/*.test.ts'],
    globalSetup: ['src/contract/suite/globalSetup.ts'],
    // Generous: a live deployment is slower than the mock, and reads may wait to settle.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Writes the console summary, CONTRACT_JUNIT and CONTRACT_REPORT from one set of results.
    reporters: [join(packageRoot, 'src', 'contract', 'report', 'reporter.ts')],
  },
});
