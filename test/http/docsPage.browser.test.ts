// In headless Chromium: /docs "Try it out" fills tenantId and environment with values that answer.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { startServer } from '../../src/server.js';
import { createLogger } from '../../src/workbench/logger.js';
import { browserMissing, demoInBrowser } from '../browser.js';

const missing = browserMissing();

/** Path parameters every operation has, which the page fills in itself. */
// A scope admin path's region names a scope as tenantId and environment do, not a record.
const SCOPE_PARAMETERS = new Set(['tenantId', 'environment', 'region']);
/**
 * Operations on a record an earlier request must make, which the reset before each operation
 * removes: a fault rule's id, a saved snapshot.
 */
const NEEDS_A_RECORD_MADE = new Set(['deleteFaultRule', 'deleteScopeSnapshot', 'restoreScopeSnapshot']);

/**
 * The operations of openapi.yaml whose request the page fills in from the document's examples: those
 * that take a request body, name a record in their path or require a query parameter, with the tag
 * the page files each under.
 * deleteFaultRule is left out: no fault rule exists until one is added, so no example could name one.
 */
function operationsFilledIn(): { operationId: string; tag: string }[] {
  return Object.values(apiDocument.paths).flatMap((item) => {
    const shared = (item?.parameters ?? []) as OpenAPIV3.ParameterObject[];
    return Object.values(item ?? {})
      .filter(
        (op): op is OpenAPIV3.OperationObject => typeof op === 'object' && op !== null && 'responses' in op,
      )
      .filter((op) => {
        const parameters = [...shared, ...((op.parameters ?? []) as OpenAPIV3.ParameterObject[])];
        const namesRecord = parameters.some((p) => p.in === 'path' && !SCOPE_PARAMETERS.has(p.name));
        const asksQuery = parameters.some((p) => p.in === 'query' && p.required);
        return (
          ('requestBody' in op || namesRecord || asksQuery) && !NEEDS_A_RECORD_MADE.has(op.operationId ?? '')
        );
      })
      .map((op) => ({ operationId: op.operationId ?? '', tag: op.tags?.[0] ?? 'default' }));
  });
}

describe.skipIf(missing !== undefined)(
  '/docs in a browser (needs Chromium: apt-get install chromium, or set CHROMIUM_PATH)',
  () => {
    const demo = demoInBrowser();

    it('"Try it out" on getProduct starts with tenantId acme, environment dev and a token, and answers', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${demo.server.url}/docs`);
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

    it('renders, and answers "Try it out", under its Content-Security-Policy, which the browser reports no breach of', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      const breaches: string[] = [];
      tab.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) breaches.push(message.text());
      });
      await tab.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) =>
          console.error(`Content Security Policy breached: ${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      const page = await tab.goto(`${demo.server.url}/docs`);
      expect(page?.headers()['content-security-policy']).toContain("default-src 'none'");
      const operation = tab.locator('#operations-Products-getProduct');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.locator('tr[data-param-name="productGroupId"] input').fill('FA-00001');
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      await tab.screenshot({ path: join(tmpdir(), 'product-catalog-mock-docs-csp.png'), fullPage: false });
      expect((await status.textContent())?.trim()).toBe('200');
      // The page's own script ran (it names the token dev), and nothing was refused.
      expect(await tab.evaluate(() => typeof (window as { ui?: unknown }).ui)).toBe('object');
      expect(breaches).toEqual([]);
    }, 60_000);

    it('"Try it out" sends a query value with &, + or # as it was typed', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${demo.server.url}/docs`);
      const operation = tab.locator('#operations-Products-listProducts');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      // A filter is JSON (content: application/json), which the page edits in a text area.
      const param = (name: string) =>
        operation.locator(`tr[data-param-name="${name}"]`).locator('input, textarea').first();
      const execute = async () => {
        await operation.getByRole('button', { name: 'Execute' }).click();
        const status = operation.locator('.live-responses-table tbody .response-col_status').first();
        await status.waitFor();
        const sent = new URL((await operation.locator('.request-url pre').textContent()) ?? '');
        const body = await operation.locator('.live-responses-table .response-col_description pre').first();
        return { status: (await status.textContent())?.trim(), sent, body: (await body.textContent()) ?? '' };
      };
      // A brand of the demo catalog: a filter on it is what a user of the page tries.
      const filter = '{"eq":["brand/brandName","Hollis & Finch"]}';
      await param('filter').fill(filter);
      await param('select').fill('brand');
      const byBrand = await execute();
      expect(byBrand.sent.searchParams.get('filter')).toBe(filter);
      expect(byBrand.status).toBe('200');
      expect((JSON.parse(byBrand.body) as { data: { count: number } }).data.count).toBeGreaterThan(0);

      await param('filter').fill('');
      await param('search').fill('c++ #1');
      const search = await execute();
      expect(search.sent.searchParams.get('search')).toBe('c++ #1');
      expect(search.sent.hash).toBe('');
    }, 60_000);

    it('"Try it out" with Prefer: code=503 shows the simulated failure as documented, not "Undocumented"', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${demo.server.url}/docs`);
      const operation = tab.locator('#operations-Products-listProducts');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.locator('tr[data-param-name="Prefer"] input').fill('code=503');
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      await status.scrollIntoViewIfNeeded();
      await tab.screenshot({ path: join(tmpdir(), 'product-catalog-mock-docs-503.png') });
      // The page labelled it "503 Undocumented": the operation listed no 503.
      expect((await status.textContent())?.trim()).toBe('503');
      // The operation's own list of answers says where a 503 comes from.
      const documented = operation.locator('tr.response[data-code="503"] .response-col_description');
      expect(await documented.first().textContent()).toContain('Prefer: code=503');
    }, 60_000);

    it('on a phone 390 px wide, lays out at its width, without scrolling sideways', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
      await tab.goto(`${demo.server.url}/docs`);
      await tab.locator('#operations-Products-getProduct').waitFor();
      await tab.screenshot({ path: join(tmpdir(), 'product-catalog-mock-docs-390.png') });
      // Without a viewport meta tag a phone lays the page out 980 px wide and shrinks it to fit.
      const widths = await tab.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth]);
      expect(widths).toEqual([390, 390]);
    }, 60_000);

    it('"Try it out" on an admin endpoint reaches it whichever server the page has selected', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${demo.server.url}/docs`);
      // The published client's prefix: the API's operations go under it, the mock's own endpoints do not.
      await tab.locator('.servers select').selectOption('/api/tenants');
      const operation = tab.locator('#operations-Admin-listFaultRules');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table tbody .response-col_status').first();
      await status.waitFor();
      expect(await operation.locator('.request-url pre').textContent()).toBe(
        `${demo.server.url}/__admin/faults`,
      );
      expect((await status.textContent())?.trim()).toBe('200');
    }, 60_000);

    it('"Try it out" then Execute, with the body, record ids and required query the page fills in, answers 2xx, each item of a batch too', async () => {
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 1400 } });
      await tab.goto(`${demo.server.url}/docs`);
      await tab.locator('.opblock').first().waitFor();
      const answered: Record<string, string> = {};
      for (const { operationId, tag } of operationsFilledIn()) {
        // Each from the seed: an example that works only after another's write is no example.
        await fetch(`${demo.server.url}/__admin/reset`, { method: 'POST' });
        const operation = tab.locator(`#operations-${tag.replaceAll(' ', '_')}-${operationId}`);
        await operation.locator('.opblock-summary').click();
        await operation.getByRole('button', { name: 'Try it out' }).click();
        await operation.getByRole('button', { name: 'Execute' }).click();
        const status = operation.locator('.live-responses-table tbody .response-col_status').first();
        // A required field the page leaves empty: it sends nothing and marks the field.
        const unsent = operation.locator('.validation-errors, input.invalid');
        await status.or(unsent).first().waitFor();
        if (await status.isVisible()) {
          const body = operation.locator('.live-responses-table .response-col_description pre').first();
          const text = (await body.textContent()) ?? '';
          answered[operationId] = `${(await status.textContent())?.trim()} ${text.slice(0, 200)}`;
          // A batch's items each have a status: an example naming no record of the catalog is a 404 item.
          const items = (JSON.parse(text) as { data?: unknown }).data;
          if (Array.isArray(items)) {
            const failed = items.filter((item: { status?: number; statusCode?: number }) => {
              const itemStatus = item.status ?? item.statusCode;
              return itemStatus !== undefined && (itemStatus < 200 || itemStatus > 299);
            });
            if (failed.length > 0) answered[operationId] = `items not 2xx: ${JSON.stringify(failed)}`;
          }
        } else answered[operationId] = 'not sent: a required field is empty';
        await operation.locator('.opblock-summary').click();
      }
      await fetch(`${demo.server.url}/__admin/reset`, { method: 'POST' });
      expect(Object.keys(answered)).toEqual(
        expect.arrayContaining([
          'queryProducts',
          'pushProducts',
          'upsertProductTypes',
          'addFaultRule',
          'getProduct',
          'getProductByBarcode',
          'getVariant',
          'getProductType',
          'search',
          'updateProducts',
          'deleteProducts',
          'overwriteProducts',
          'detachProducts',
          'deleteProductTypes',
        ]),
      );
      expect(Object.entries(answered).filter(([, answer]) => !answer.startsWith('2'))).toEqual([]);
    }, 120_000);

    // As the request log of a server of its own sees it, in the same browser.
    it('loads without a failed request, the icon the browser asks for included', async () => {
      const lines: { url: string; status: number }[] = [];
      const destination = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const server = await startServer({ port: 0, logger: createLogger({ format: 'json', destination }) });
      const tab = await demo.browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        const errors: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        await tab.goto(`${server.url}/docs`);
        await tab.locator('#operations-Products-getProduct').waitFor();
        // The browser asks for the page's icon after the page has loaded, past what a page sees.
        await expect
          .poll(() => lines.some((line) => /favicon/.test(line.url)), { timeout: 20_000 })
          .toBe(true);
        expect(lines.filter((line) => line.status >= 400)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await tab.close();
        await server.close();
      }
    }, 60_000);
  },
);
