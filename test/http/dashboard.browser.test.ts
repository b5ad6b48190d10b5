// The dashboard at /__admin/ui in headless Chromium, each of its views against a demo-seeded mock;
// then its main checks in headless Firefox (Debian's firefox-esr, driven over WebDriver BiDi by
// puppeteer-core). One file: the page is built once for both.
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Browser as FirefoxBrowser, Page as FirefoxPage } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { browserMissing, demoInBrowser, firefoxMissing, launchFirefox } from '../browser.js';

const missing = browserMissing();
const firefox = firefoxMissing();
const TOKEN = { 'x-api-key': 'dev' };
const shot = (name: string) => join(tmpdir(), `product-catalog-mock-dashboard-${name}.png`);
const firefoxShot = (name: string) => shot(`firefox-${name}`);

beforeAll(() => {
  if (missing !== undefined && firefox !== undefined) return;
  // The page as `npm run build` writes it to dist/dashboard, which the server serves.
  const built = spawnSync(process.execPath, ['scripts/build-dashboard.mjs'], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
}, 120_000);

describe.skipIf(missing !== undefined)(
  '/__admin/ui in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    const demo = demoInBrowser();

    /** What the pages opened reported against their Content-Security-Policy: nothing, at the end. */
    const violations: string[] = [];
    const watchPolicy = (tab: Page): void => {
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
    };

    async function open(view = 'requests'): Promise<Page> {
      const tab = await demo.browser.newPage({ viewport: { width: 1360, height: 900 } });
      watchPolicy(tab);
      const answer = await tab.goto(`${demo.server.url}/__admin/ui#${view}`);
      expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self';/);
      return tab;
    }

    afterAll(() => {
      expect(violations).toEqual([]);
    });

    it('shows the requests a test makes as they come, with the message of a 4xx and a curl command', async () => {
      const tab = await open();
      await tab.locator('#live.on').waitFor();
      await fetch(`${demo.server.url}/acme/dev/products/FA-00001`, { headers: TOKEN });
      await fetch(`${demo.server.url}/acme/dev/products/NO-SUCH-PRODUCT`, { headers: TOKEN });
      const missingRow = tab.locator('#request-rows tr', { hasText: '/acme/dev/products/NO-SUCH-PRODUCT' });
      await missingRow.waitFor();
      await tab.locator('#request-rows tr', { hasText: '/acme/dev/products/FA-00001' }).waitFor();
      // Newest first.
      await expect(tab.locator('#request-rows tr').first().textContent()).resolves.toContain(
        'NO-SUCH-PRODUCT',
      );

      await tab.fill('#filter-status', '4xx');
      await expect(tab.locator('#request-rows tr', { hasText: 'FA-00001' }).count()).resolves.toBe(0);
      await missingRow.getByRole('button').click();
      await expect(tab.locator('#request-message').textContent()).resolves.toMatch(/NO-SUCH-PRODUCT/);
      const curl = await tab.locator('#curl-text').textContent();
      expect(curl).toBe(`curl -H 'x-api-key: dev' '${demo.server.url}/acme/dev/products/NO-SUCH-PRODUCT'`);
      // The answer's body, read from the journal by the entry's id, pretty-printed.
      await expect
        .poll(() => tab.locator('#answer-json').textContent())
        .toMatch(/^\{\n {2}"message": ".*NO-SUCH-PRODUCT/);

      await tab.fill('#filter-status', '');
      await tab.locator('#request-rows tr', { hasText: 'FA-00001' }).getByRole('button').click();
      await expect
        .poll(() => tab.locator('#answer-json').textContent())
        .toMatch(/^\{\n {2}"data": \{\n {4}"productGroupId": "FA-00001"/);
      await tab.screenshot({ path: shot('requests') });

      // What the mock ignored of a request is shown with it (docs/behaviour.md, "Request log").
      await tab.fill('#filter-status', '');
      await fetch(`${demo.server.url}/acme/dev/products/FA-00001?colour=red`, { headers: TOKEN });
      const noted = tab.locator('#request-rows tr', { hasText: '/acme/dev/products/FA-00001?...' });
      await noted.waitFor();
      await noted.first().getByRole('button').click();
      await expect(tab.locator('#request-notes').textContent()).resolves.toMatch(
        /^query\.colour is not a query parameter of getProduct \(documented: .*\); ignored$/,
      );
      await tab.screenshot({ path: shot('request-notes') });

      // Paused, a request waits; resumed, it is listed.
      await tab.click('#pause');
      await fetch(`${demo.server.url}/acme/dev/products/PAUSED-ONE`, { headers: TOKEN });
      await tab.locator('#pause', { hasText: '1 new' }).waitFor();
      await expect(tab.locator('#request-rows tr', { hasText: 'PAUSED-ONE' }).count()).resolves.toBe(0);
      await tab.click('#pause');
      await tab.locator('#request-rows tr', { hasText: 'PAUSED-ONE' }).waitFor();
      await tab.close();
    });

    it('adds a fault rule from the form, which fails the next requests as asked, and removes it', async () => {
      const tab = await open('faults');
      await tab.locator('#fault-operation option[value="getProduct"]').waitFor({ state: 'attached' });
      await expect(tab.locator('#latency').textContent()).resolves.toMatch(/--latency: none/);
      await tab.selectOption('#fault-operation', 'getProduct');
      await tab.fill('#fault-tenant', 'faulty');
      await tab.selectOption('#fault-effect', 'status');
      await tab.fill('#fault-value', '503');
      await tab.click('#fault-form button[type=submit]');
      const row = tab.locator('#fault-rows tr[data-rule]');
      await row.waitFor();
      await expect(row.textContent()).resolves.toMatch(/getProduct.*tenant faulty.*status 503/);

      const product = `${demo.server.url}/faulty/dev/products/FA-00001`;
      expect((await fetch(product, { headers: TOKEN })).status).toBe(503);
      expect((await fetch(product, { headers: TOKEN })).status).toBe(503);
      // Another tenant is not matched.
      expect((await fetch(`${demo.server.url}/acme/dev/products/FA-00001`, { headers: TOKEN })).status).toBe(
        200,
      );
      await tab.locator('#fault-rows tr[data-rule]', { hasText: 'applied 2' }).waitFor();
      await tab.screenshot({ path: shot('faults') });

      await row.getByRole('button', { name: /Remove/ }).click();
      await tab.locator('#fault-rows td.empty').waitFor();
      expect((await fetch(product, { headers: TOKEN })).status).toBe(200);

      // A rule the mock refuses: its message is shown, nothing is added.
      await tab.selectOption('#fault-effect', 'status');
      await tab.fill('#fault-value', '200');
      await tab.click('#fault-form button[type=submit]');
      await expect(tab.locator('#notice.error').textContent()).resolves.toMatch(/status/);
      await tab.locator('#fault-rows td.empty').waitFor();
      await tab.close();
    });

    it("resets one scope from the Scopes view and leaves another scope's data", async () => {
      const put = (tenant: string) =>
        fetch(`${demo.server.url}/${tenant}/dev/product-types`, {
          method: 'POST',
          headers: { ...TOKEN, 'content-type': 'application/json' },
          body: JSON.stringify({ data: [{ productTypeId: `only-${tenant}`, isRoot: true }] }),
        });
      expect((await put('shop-a')).status).toBe(200);
      expect((await put('shop-b')).status).toBe(200);
      const tab = await open('scopes');
      const rowA = tab.locator('#scope-rows tr[data-scope="eu/shop-a/dev"]');
      await rowA.waitFor();
      await tab.locator('#scope-rows tr[data-scope="eu/shop-b/dev"]').waitFor();
      await tab.screenshot({ path: shot('scopes') });
      await rowA.getByRole('button', { name: 'Reset eu/shop-a/dev' }).click();
      await rowA.waitFor({ state: 'detached' });

      const types = async (tenant: string) => {
        const res = await fetch(`${demo.server.url}/${tenant}/dev/product-types`, { headers: TOKEN });
        return ((await res.json()) as { data: { productTypeId: string }[] }).data.map((t) => t.productTypeId);
      };
      expect(await types('shop-a')).not.toContain('only-shop-a');
      expect(await types('shop-b')).toContain('only-shop-b');
      const rowB = tab.locator('#scope-rows tr[data-scope="eu/shop-b/dev"]');
      await rowB.waitFor();

      // A snapshot saved from the view, and restored after a later write: the write is gone.
      await rowB.getByLabel('Snapshot name for shop-b/dev').fill('before');
      await rowB.getByRole('button', { name: 'Save' }).click();
      const restore = rowB.getByRole('button', { name: 'Restore before' });
      await restore.waitFor();
      const later = await fetch(`${demo.server.url}/shop-b/dev/product-types`, {
        method: 'POST',
        headers: { ...TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ data: [{ productTypeId: 'later-shop-b', isRoot: true }] }),
      });
      expect(later.status).toBe(200);
      expect(await types('shop-b')).toContain('later-shop-b');
      await restore.click();
      await expect
        .poll(async () => (await types('shop-b')).includes('later-shop-b'), { timeout: 10_000 })
        .toBe(false);
      expect(await types('shop-b')).toContain('only-shop-b');
      await tab.screenshot({ path: shot('scopes-snapshot') });
      await tab.close();
    });

    it('is reached from the link on /docs, under the CSP of /docs', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1360, height: 900 } });
      watchPolicy(tab);
      try {
        const docs = await tab.goto(`${demo.server.url}/docs`);
        expect(docs?.headers()['content-security-policy']).toMatch(/default-src 'none'/);
        await tab.getByRole('link', { name: 'dashboard' }).click();
        await tab.waitForURL(`${demo.server.url}/__admin/ui`);
        await tab.locator('#live.on').waitFor();
      } finally {
        await tab.close();
      }
    });

    it('shows the catalog of a scope with every demo image loaded, and a search narrows the grid', async () => {
      const tab = await open('catalog');
      const cards = tab.locator('#catalog-grid .product');
      await cards.first().waitFor();
      const all = await cards.count();
      expect(all).toBeGreaterThan(10);
      // Every image loaded: complete, with a width of its own (a broken image has none).
      await tab.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('#catalog-grid img')].every((img) => img.complete),
      );
      const widths = await tab.$$eval('#catalog-grid img', (imgs) =>
        imgs.map((img) => (img as HTMLImageElement).naturalWidth),
      );
      expect(widths).toHaveLength(all);
      expect(widths.every((w) => w > 0)).toBe(true);
      await tab.screenshot({ path: shot('catalog'), fullPage: false });

      await tab.fill('#catalog-search', 'scarf');
      await tab.waitForFunction((before) => {
        const n = document.querySelectorAll('#catalog-grid .product').length;
        return n > 0 && n < before;
      }, all);
      const names = await tab.locator('#catalog-grid .product .name').allTextContents();
      expect(names.every((name) => /scarf/i.test(name))).toBe(true);

      // A facet narrows it too, and a card opens the product's full record.
      await cards.first().click();
      await expect(tab.locator('#product-json').textContent()).resolves.toMatch(/"productGroupId"/);
      await tab.screenshot({ path: shot('catalog-search') });
      await tab.close();
    });

    it('in strict mode asks for the key in the page, keeps it for the tab and sends it', async () => {
      const server = await startServer({ port: 0, seed: await resolveSeed('demo'), apiKeys: ['secret'] });
      const tab = await demo.browser.newPage({ viewport: { width: 1360, height: 600 } });
      try {
        const answer = await tab.goto(`${server.url}/__admin/ui`);
        expect(answer?.status()).toBe(401);
        await expect(tab.locator('#notice.error').textContent()).resolves.toMatch(
          /strict mode: enter an admin key/,
        );
        await tab.screenshot({ path: shot('strict') });
        await tab.fill('#key', 'secret');
        await tab.click('#key-form button[type=submit]');
        await tab.locator('#live.on').waitFor();
        await fetch(`${server.url}/acme/dev/products/STRICT-ONE`, { headers: { 'x-api-key': 'secret' } });
        await tab.locator('#request-rows tr', { hasText: 'STRICT-ONE' }).waitFor();
        await expect(tab.evaluate(() => Object.values(sessionStorage))).resolves.toEqual(['secret']);
      } finally {
        await tab.close();
        await server.close();
      }
    });

    it('is reached from the keyboard: the tabs move with the arrow keys', async () => {
      const tab = await open();
      await tab.focus('#tab-requests');
      await tab.keyboard.press('ArrowRight');
      await expect(tab.evaluate(() => document.activeElement?.id)).resolves.toBe('tab-faults');
      await expect(tab.locator('#view-faults').isVisible()).resolves.toBe(true);
      await tab.close();
    });
  },
);

describe.skipIf(missing !== undefined)('/__admin/ui in strict mode', () => {
  it('is a 401 without a key, the page with one; in a browser, the key given in the page opens it', async () => {
    const server = await startServer({ port: 0, seed: await resolveSeed('demo'), apiKeys: ['secret'] });
    try {
      expect((await fetch(`${server.url}/__admin/ui`)).status).toBe(401);
      expect((await fetch(`${server.url}/__admin/ui`, { headers: { 'x-api-key': 'wrong' } })).status).toBe(
        401,
      );
      const page = await fetch(`${server.url}/__admin/ui`, { headers: { 'x-api-key': 'secret' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/__admin/ui/app.js');
      // Its data stays closed without the key.
      expect((await fetch(`${server.url}/__admin/requests/stream`)).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(firefox !== undefined)(
  '/__admin/ui in Firefox (needs firefox-esr: apt-get install firefox-esr, or set FIREFOX_PATH)',
  () => {
    let server: RunningServer;
    let browser: FirefoxBrowser;
    /** What the pages reported against their Content-Security-Policy, or other errors: nothing, at the end. */
    const violations: string[] = [];

    beforeAll(async () => {
      server = await startServer({ port: 0, seed: await resolveSeed('demo'), seedName: 'demo' });
      // One launch for the file; puppeteer-core downloads no browser, it drives the one given.
      browser = await launchFirefox();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      expect(violations).toEqual([]);
    });

    async function open(view: string): Promise<FirefoxPage> {
      const tab = await browser.newPage();
      await tab.setViewport({ width: 1360, height: 900 });
      // Firefox reports a blocked script or picture as a page error: none, nor any other, may come.
      tab.on('pageerror', (err) => violations.push(String(err)));
      tab.on('console', (message) => {
        if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
      });
      await tab.goto(`${server.url}/__admin/ui#${view}`);
      return tab;
    }

    /** The text of the first element `selector` names, once one holds text that matches. */
    const textOf = (tab: FirefoxPage, selector: string, pattern: RegExp): Promise<unknown> =>
      tab.waitForFunction(
        (css, source) => {
          const text = document.querySelector(css)?.textContent ?? '';
          return new RegExp(source).test(text) && text;
        },
        { timeout: 10_000 },
        selector,
        pattern.source,
      );

    it('shows the requests a test makes as they come, and the answer of one', async () => {
      const tab = await open('requests');
      await tab.waitForSelector('#live.on');
      await fetch(`${server.url}/acme/dev/products/FF-MISSING`, { headers: TOKEN });
      await textOf(tab, '#request-rows tr', /FF-MISSING/);
      await tab.click('#request-rows tr button');
      await textOf(tab, '#request-message', /FF-MISSING/);
      await textOf(tab, '#answer-json', /^\{\n {2}"message": ".*FF-MISSING/);
      await tab.screenshot({ path: firefoxShot('requests') });
      await tab.close();
    });

    it('adds a fault rule from the form, which fails the next request as asked', async () => {
      const tab = await open('faults');
      await tab.waitForSelector('#fault-operation option[value="getProduct"]');
      await tab.select('#fault-operation', 'getProduct');
      await tab.locator('#fault-tenant').fill('foxy');
      await tab.select('#fault-effect', 'status');
      // fill, not type: the field holds a value of its own for the effect chosen.
      await tab.locator('#fault-value').fill('503');
      await tab.click('#fault-form button[type=submit]');
      await textOf(tab, '#fault-rows tr[data-rule]', /getProduct.*tenant foxy.*status 503/);
      const product = `${server.url}/foxy/dev/products/FA-00001`;
      expect((await fetch(product, { headers: TOKEN })).status).toBe(503);
      await textOf(tab, '#fault-rows tr[data-rule]', /applied 1/);
      await tab.screenshot({ path: firefoxShot('faults') });
      await tab.click('#fault-rows tr[data-rule] button');
      await tab.waitForSelector('#fault-rows td.empty');
      expect((await fetch(product, { headers: TOKEN })).status).toBe(200);
      await tab.close();
    });

    it('shows the catalog with every demo image loaded, and a search narrows the grid', async () => {
      const tab = await open('catalog');
      await tab.waitForSelector('#catalog-grid .product');
      const all = await tab.$$eval('#catalog-grid .product', (cards) => cards.length);
      expect(all).toBeGreaterThan(10);
      await tab.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('#catalog-grid img')].every((img) => img.complete),
      );
      // A broken image has no width of its own.
      const widths = await tab.$$eval('#catalog-grid img', (imgs) =>
        imgs.map((img) => (img as HTMLImageElement).naturalWidth),
      );
      expect(widths).toHaveLength(all);
      expect(widths.every((w) => w > 0)).toBe(true);
      await tab.screenshot({ path: firefoxShot('catalog') });

      await tab.locator('#catalog-search').fill('scarf');
      await tab.waitForFunction(
        (before) => {
          const n = document.querySelectorAll('#catalog-grid .product').length;
          return n > 0 && n < before;
        },
        {},
        all,
      );
      const names = await tab.$$eval('#catalog-grid .product .name', (els) => els.map((e) => e.textContent));
      expect(names.every((name) => /scarf/i.test(name ?? ''))).toBe(true);
      await tab.screenshot({ path: firefoxShot('catalog-search') });
      await tab.close();
    });
  },
);
