// In headless Chromium: /docs "Try it out" fills tenantId and environment with values that answer.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const found = existsSync(CHROMIUM);
if (!found && process.env.CI) throw new Error(`Chromium is required in CI and missing at ${CHROMIUM}`);

describe.skipIf(!found)(
  '/docs in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    let server: RunningServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await startServer({ port: 0, seed: await resolveSeed('demo'), seedName: 'demo' });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('"Try it out" on getProduct starts with tenantId acme, environment dev and a token, and answers', async () => {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${server.url}/docs`);
      const operation = tab.locator('#operations-Products-getProduct');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      const value = (name: string) => operation.locator(`tr[data-param-name="${name}"] input`).inputValue();
      expect(await value('tenantId')).toBe('acme');
      expect(await value('environment')).toBe('dev');
      // Executed as it is, with the token the page starts with (any token outside strict mode).
      await operation.locator('tr[data-param-name="productGroupId"] input').fill('FA-00001');
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      await tab.screenshot({ path: join(tmpdir(), 'product-catalog-mock-docs.png') });
      expect((await status.textContent())?.trim()).toBe('200');
    }, 60_000);
  },
);
