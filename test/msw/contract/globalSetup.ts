// The contract suite with the msw handlers as its target: the suite's requests go to the
// production host of the eu region, under the published client's prefix, and setup.ts answers them
// in the test's own process. No server, no port.
import type { TestProject } from 'vitest/node';
import { targetFromEnv } from '../../../src/contract/suite/target.js';

/** A production base URL: only the msw handlers can answer it here. */
export const MSW_CONTRACT_BASE_URL = 'https://product-eu.omborigrid.com/api/tenants/contract-tenant/contract';

export default function setup(project: TestProject): void {
  // The in-process settings (short settle, destructive tests on), whatever CONTRACT_* says.
  project.provide('contractTarget', { ...targetFromEnv({}), baseUrl: MSW_CONTRACT_BASE_URL });
}
