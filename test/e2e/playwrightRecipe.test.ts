// examples/playwright/, installed from the packed tarball in a project of its own: its page, built
// with the published classes, runs in headless Chromium against a scope of the mock, a snapshot
// restored between tests, and the push the page sent asserted (docs/testing.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserMissing, chromiumPath } from '../browser.js';
import { packedProject, type PackedProject } from './packedProject.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const missing = browserMissing();

describe.skipIf(missing !== undefined)(
  `the Playwright recipe (examples/playwright) from the packed tarball${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let project: PackedProject | undefined;
    beforeAll(async () => {
      project = await packedProject('playwright');
    }, 600_000);
    afterAll(async () => {
      await project?.remove();
    });

    it('passes in headless Chromium', async () => {
      const { code, output } = await (project as PackedProject).run(
        npx,
        ['vitest', 'run', '--reporter=verbose'],
        {
          CHROMIUM_PATH: chromiumPath,
        },
      );
      expect(code, output).toBe(0);
      expect(output).toContain('adds a product: the page pushes it, and lists it');
      expect(output).toMatch(/Tests\s+2 passed \(2\)/);
    }, 300_000);
  },
);
