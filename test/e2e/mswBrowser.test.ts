// The example page of examples/msw-browser/, built by Vite from the built package, in headless
// Chromium: the published client lists products, and a service worker (msw's setupWorker) answers
// from the mock. No request leaves the browser: the production host is not reachable from here.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { generateDataset } from '../../src/seed/index.js';
import { browserMissing, chromiumArgs, chromiumPath } from '../browser.js';

const missing = browserMissing();
const example = join(packageRoot, 'examples', 'msw-browser');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);

/** Fails the build at the first node built-in anything on the page imports (Vite would stub it silently). */
const noNodeBuiltins = (): Plugin => ({
  name: 'no-node-builtins',
  enforce: 'pre',
  resolveId(source, importer) {
    if (builtins.has(source)) this.error(`${importer ?? 'the page'} imports the node built-in ${source}`);
    return null;
  },
});

/** A static server of the built page on 127.0.0.1, port 0. */
async function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) =>
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.skipIf(missing !== undefined)(
  `the msw example page in Chromium${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let outDir = '';
    let site: { server: Server; url: string } | undefined;
    let browser: Browser | undefined;

    beforeAll(async () => {
      outDir = await mkdtemp(join(tmpdir(), 'msw-example-'));
      const { build } = await import('vite');
      await build({
        configFile: join(example, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir },
        plugins: [noNodeBuiltins()],
      });
      site = await serve(outDir);
      browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
      if (outDir) await rm(outDir, { recursive: true, force: true });
    });

    it('renders the product cards the worker answered, in the order the client asked for', async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 1100, height: 800 } });
      const catalogCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('omborigrid.com')) catalogCalls.push(request.url());
      });
      await page.goto((site as { url: string }).url);
      await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
      await page.screenshot({ path: join(outDir, 'page.png') });
      if (process.env.MSW_EXAMPLE_SCREENSHOT)
        await page.screenshot({ path: process.env.MSW_EXAMPLE_SCREENSHOT });
      expect(await page.textContent('#status')).toBe('12 products from the mock in a service worker');

      // What the demo seed holds: the first twelve by id, each with its first name.
      const expected = generateDataset('demo')
        .products.slice()
        .sort((a, b) => (a.productGroupId < b.productGroupId ? -1 : 1))
        .slice(0, 12);
      const cards = await page.$$eval('.product-card', (elements) =>
        elements.map((e) => ({
          id: (e as HTMLElement).dataset.id,
          name: e.querySelector('h2')?.textContent,
        })),
      );
      expect(cards).toEqual(
        expected.map((p) => ({ id: p.productGroupId, name: p.productName?.[0]?.productName })),
      );
      // Each card's picture, a demo media URL, was drawn by the handlers: no broken image.
      const pictures = await page.$$eval('.product-card img', (images) =>
        images.map((i) => (i as HTMLImageElement).naturalWidth),
      );
      expect(pictures).toHaveLength(12);
      expect(pictures.filter((width) => width === 0)).toEqual([]);
      // The client called its production host, unchanged; the worker answered.
      expect(catalogCalls[0]).toMatch(
        /^https:\/\/product-eu\.omborigrid\.com\/api\/tenants\/acme\/dev\/products\?/,
      );
    });

    it('answers a Prefer: network=cut with the status, and a body whose reading fails', async () => {
      const page = await (browser as Browser).newPage();
      await page.goto((site as { url: string }).url);
      await page.waitForSelector('body[data-ready]', { timeout: 30_000 });
      const seen = await page.evaluate(async () => {
        const url = 'https://product-eu.omborigrid.com/api/tenants/acme/dev/products?limit=2';
        const read = async (prefer?: string) => {
          const res = await fetch(url, { headers: { 'x-api-key': 'dev', ...(prefer && { prefer }) } });
          try {
            return {
              status: res.status,
              body: ((await res.json()) as { data: { list: unknown[] } }).data.list.length,
            };
          } catch (err) {
            return { status: res.status, failed: (err as Error).name };
          }
        };
        return { whole: await read(), cut: await read('network=cut') };
      });
      expect(seen).toEqual({ whole: { status: 200, body: 2 }, cut: { status: 200, failed: 'TypeError' } });
    });
  },
);
