// The page in headless Chromium (playwright-core) against a scope of the mock: the production host
// the published classes call is routed to the mock, a snapshot is restored before each test, and
// the test asserts the push the page sent (docs/testing.md).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCatalogMock, type CatalogMock, type CatalogScope } from 'product-catalog-mock/testing';

const root = fileURLToPath(new URL('..', import.meta.url));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'];
const PRODUCTION = /^https:\/\/product-eu\.omborigrid\.com\//;

/** The built page on 127.0.0.1, port 0. */
async function servePage(dir: string): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname);
    const file = join(dir, path === '/' ? 'index.html' : path);
    readFile(file).then(
      (body) =>
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The page's calls to the production host, answered by the mock. */
async function routeToMock(page: Page, mock: CatalogMock): Promise<void> {
  await page.route(PRODUCTION, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(
        ([name]) => !['host', 'content-length', 'connection'].includes(name),
      ),
    );
    const res = await fetch(`${mock.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers,
      body: request.postDataBuffer() ?? undefined,
    });
    await route.fulfill({
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
}

describe('the catalog page', () => {
  let mock: CatalogMock;
  let scope: CatalogScope;
  let site: { server: Server; url: string };
  let browser: Browser;

  beforeAll(async () => {
    await build({ configFile: join(root, 'vite.config.ts') });
    site = await servePage(join(root, 'dist'));
    // The client-side class sends no token: public reads, as in production.
    mock = await startCatalogMock({ publicReads: true });
    scope = mock.scope('playwright');
    await scope.fetch('/products-push', {
      method: 'POST',
      body: {
        data: [{ productGroupId: 'boot-1', productName: [{ isoLanguageId: 'en', productName: 'Boot' }] }],
      },
    });
    await scope.snapshot('one-boot');
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    await mock?.stop();
  });

  beforeEach(async () => {
    // Every test starts from the same catalog, and a journal of its own.
    await scope.restore('one-boot');
    await scope.clearRequests();
  });

  const open = async (): Promise<Page> => {
    const page = await browser.newPage();
    await routeToMock(page, mock);
    const query = new URLSearchParams({
      tenant: scope.tenant,
      environment: scope.environment,
      token: scope.token,
    });
    await page.goto(`${site.url}/?${query}`);
    await page.waitForSelector('#status:has-text("products")');
    return page;
  };

  it('adds a product: the page pushes it, and lists it', async () => {
    const page = await open();
    expect(await page.textContent('#status')).toBe('1 products');
    await page.click('#add');
    await page.waitForSelector('li[data-id="new-1"]');
    expect(await page.$$eval('li', (items) => items.map((i) => i.textContent))).toEqual(['Boot', 'New shoe']);
    await scope
      .expectRequest({
        operationId: 'overwriteProducts',
        method: 'POST',
        body: { data: [{ productGroupId: 'new-1', productName: [{ productName: 'New shoe' }] }] },
      })
      .once();
    await page.close();
  });

  it('starts from the snapshot again: the product added before is gone', async () => {
    const page = await open();
    expect(await page.$$eval('li', (items) => items.map((i) => i.dataset.id))).toEqual(['boot-1']);
    await scope.expectRequest({ operationId: 'overwriteProducts' }).never();
    await scope.expectRequest({ operationId: 'listProducts', status: 200 }).once();
    await page.close();
  });
});
