// In headless Chromium: what a page on another origin can read of the mock's answers.
import { describe, expect, it } from 'vitest';
import { browserMissing, demoInBrowser, loopbackTab } from '../browser.js';

const missing = browserMissing();

describe.skipIf(missing !== undefined)(
  'answers read from another origin in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    const demo = demoInBrowser();

    const localTab = () => loopbackTab(demo.browser, demo.server.url);

    it("reads a 405's status, message and Allow header", async () => {
      const tab = await localTab();
      const seen = await tab.evaluate(async (api) => {
        const res = await fetch(`${api}/acme/dev/products`, {
          method: 'PUT',
          headers: { 'x-api-key': 'dev' },
        });
        return { status: res.status, allow: res.headers.get('allow'), message: (await res.json()).message };
      }, demo.server.url);
      expect(seen).toEqual({
        status: 405,
        allow: 'GET, HEAD, POST, DELETE, PATCH',
        message: expect.stringContaining('allowed: GET, HEAD, POST, DELETE, PATCH'),
      });
    }, 60_000);

    it('lets a page on no loopback origin (about:blank, Origin null) read nothing, nor reset', async () => {
      const tab = await demo.browser.newPage();
      const write = await fetch(`${demo.server.url}/acme/dev/product-types`, {
        method: 'POST',
        headers: { 'x-api-key': 'dev', 'content-type': 'application/json' },
        body: JSON.stringify({ data: [{ productTypeId: 'kept-through-reset' }] }),
      });
      expect(write.status).toBe(200);
      const seen = await tab.evaluate(async (api) => {
        const tryIt = async (run: () => Promise<Response>) => {
          try {
            return `answered ${(await run()).status}`;
          } catch (err) {
            return String(err);
          }
        };
        return {
          read: await tryIt(() => fetch(`${api}/acme/dev/products`, { headers: { 'x-api-key': 'dev' } })),
          journal: await tryIt(() => fetch(`${api}/__admin/requests`)),
          // A simple request: sent without a preflight, its answer unreadable (opaque).
          reset: await tryIt(() => fetch(`${api}/__admin/reset`, { method: 'POST', mode: 'no-cors' })),
        };
      }, demo.server.url);
      expect(seen).toEqual({
        read: 'TypeError: Failed to fetch',
        journal: 'TypeError: Failed to fetch',
        reset: 'answered 0',
      });
      const kept = await fetch(`${demo.server.url}/acme/dev/product-types/kept-through-reset`, {
        headers: { 'x-api-key': 'dev' },
      });
      expect(kept.status).toBe(200);
    }, 60_000);

    it('answers a page on another origin whose fetches send credentials', async () => {
      const tab = await demo.browser.newPage();
      // A page on http://localhost:<port> calling http://127.0.0.1:<port>: another origin, as a
      // frontend's dev server is; `credentials: 'include'` makes the browser refuse an answer
      // that allows `*`.
      const page = new URL(demo.server.url);
      page.hostname = 'localhost';
      await tab.goto(`${page.origin}/__admin/health`);
      const seen = await tab.evaluate(async (api) => {
        const res = await fetch(`${api}/acme/dev/products?limit=2`, {
          credentials: 'include',
          headers: { 'x-api-key': 'dev' },
        });
        return { status: res.status, products: ((await res.json()).data.list as unknown[]).length };
      }, demo.server.url);
      expect(seen).toEqual({ status: 200, products: 2 });
    }, 60_000);

    it("reads a simulated failure's Retry-After, and sees a simulated network failure as fetch does a dropped one", async () => {
      const tab = await localTab();
      const seen = await tab.evaluate(async (api) => {
        const later = await fetch(`${api}/acme/dev/products`, {
          headers: { 'x-api-key': 'dev', prefer: 'code=429, retry-after=3' },
        });
        let dropped: string;
        try {
          const res = await fetch(`${api}/acme/dev/products`, {
            headers: { 'x-api-key': 'dev', prefer: 'network=reset' },
          });
          dropped = `answered ${res.status}`;
        } catch (err) {
          dropped = String(err);
        }
        return { status: later.status, retryAfter: later.headers.get('retry-after'), dropped };
      }, demo.server.url);
      expect(seen).toEqual({ status: 429, retryAfter: '3', dropped: 'TypeError: Failed to fetch' });
    }, 60_000);

    it("reads a 431's status and message, unless the browser's preflight was the request too large", async () => {
      const tab = await localTab();
      const seen = await tab.evaluate(async (api) => {
        const long = 'a'.repeat(17_000);
        const read = async (url: string, headers: Record<string, string>) => {
          try {
            const res = await fetch(url, { headers });
            return { status: res.status, message: (await res.json()).message as string };
          } catch (err) {
            return { failed: String(err) };
          }
        };
        return {
          // A request without a header of its own sends no preflight (e.g. with --public-reads).
          longUrl: await read(`${api}/acme/dev/products?search=${long}`, {}),
          // Its preflight names the header, without its value: only the request itself is too large.
          longHeader: await read(`${api}/acme/dev/products`, { 'x-api-key': long }),
          // The preflight carries the URL: it is refused with 431, and the browser sends nothing more.
          longUrlWithToken: await read(`${api}/acme/dev/products?search=${long}`, { 'x-api-key': 'dev' }),
        };
      }, demo.server.url);
      const too = { status: 431, message: expect.stringContaining('larger than 16384 bytes') };
      expect(seen).toEqual({
        longUrl: too,
        longHeader: too,
        longUrlWithToken: { failed: expect.stringContaining('Failed to fetch') },
      });
    }, 60_000);
  },
);
