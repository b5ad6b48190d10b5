// In headless Chromium: what a page on another origin can read of the mock's answers.
import { describe, expect, it } from 'vitest';
import { browserMissing, demoInBrowser } from '../browser.js';

const missing = browserMissing();

describe.skipIf(missing !== undefined)(
  'answers read from another origin in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    const demo = demoInBrowser();

    it("reads a 405's status, message and Allow header", async () => {
      const tab = await demo.browser.newPage();
      // about:blank: every request to the mock is a cross-origin one.
      const seen = await tab.evaluate(async (api) => {
        const res = await fetch(`${api}/acme/dev/products`, {
          method: 'PUT',
          headers: { 'x-api-key': 'dev' },
        });
        return { status: res.status, allow: res.headers.get('allow'), message: (await res.json()).message };
      }, demo.server.url);
      expect(seen).toEqual({
        status: 405,
        allow: 'GET, POST, DELETE, PATCH',
        message: expect.stringContaining('allowed: GET, POST, DELETE, PATCH'),
      });
    }, 60_000);
  },
);
