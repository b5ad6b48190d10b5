// In headless Chromium: drift.html shows each difference as a row, its operation and what differs,
// the two answers side by side at the place they differ, and the request as curl.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareAnswers, type Answer } from '../../src/cli/drift/compare.js';
import { differenceOf, htmlReport, IGNORED, type DriftReport } from '../../src/cli/drift/report.js';
import { browserMissing, chromiumArgs, chromiumPath } from '../browser.js';

const missing = browserMissing();
const BASE = 'https://catalog.example/api/tenants/acme/staging';

const products = (ids: string[]): Answer => ({
  status: 200,
  json: true,
  body: {
    data: {
      list: ids.map((productGroupId) => ({
        productGroupId,
        productName: [{ productName: `Name ${productGroupId}` }],
      })),
      count: ids.length,
      facets: {},
      attributeFilters: {},
    },
  },
});

function report(): DriftReport {
  const planned = {
    operationId: 'listProducts',
    method: 'GET',
    path: '/products?sort=shellLifeDays',
    wholeCatalog: true,
    about: 'sort with ties',
  };
  const sent = {
    method: 'GET',
    url: BASE + planned.path,
    headers: { accept: 'application/json', 'x-api-key': 'secret-token' },
  };
  const [mock, deployment] = [products(['a', 'b', 'c']), products(['a', 'c', 'b'])];
  const barcode = {
    operationId: 'getProductByBarcode',
    method: 'GET',
    path: '/products-barcode/0012345678905',
    wholeCatalog: false,
    about: 'barcode with a leading zero',
  };
  const notFound: Answer = { status: 404, json: true, body: { message: 'Not found', status: 404 } };
  const found: Answer = {
    status: 200,
    json: true,
    body: { data: { productDetails: { productGroupId: 'a' }, productId: 'a-1' } },
  };
  const differences = [
    differenceOf(planned, sent, mock, deployment, compareAnswers(mock, deployment)),
    differenceOf(
      barcode,
      { ...sent, url: BASE + barcode.path },
      found,
      notFound,
      compareAnswers(found, notFound),
    ),
  ];
  return {
    deployment: BASE,
    startedAt: '2026-01-01T00:00:00.000Z',
    mode: 'read',
    catalog: { products: 3, productTypes: 1, sample: false },
    requests: 80,
    identical: 78,
    operations: { listProducts: 40, getProductByBarcode: 40 },
    differences,
    leftOut: [],
    refused: [],
    ignored: IGNORED,
  };
}

describe.skipIf(missing)('drift.html in a browser', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    dir = await mkdtemp(join(tmpdir(), 'pcm-drift-html-'));
  });
  afterAll(async () => {
    await browser?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('shows one row per difference, the two answers side by side, and the request as curl without the token', async () => {
    const file = join(dir, 'drift.html');
    await writeFile(file, htmlReport(report()));
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    await page.goto(`file://${file}`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Drift: 2 differences');
    const rows = page.locator('tbody.difference');
    await expect(rows.count()).resolves.toBe(2);
    const first = rows.nth(0);
    await expect(first.locator('.op').textContent()).resolves.toBe('listProducts');
    await expect(first.locator('ul.what').textContent()).resolves.toContain(
      'order at $.data.list (by productGroupId), from position 2',
    );
    // the answers at the place they differ: the ids, not the whole records
    const [mockCell, deploymentCell] = [
      first.locator('tr.answers td').nth(0),
      first.locator('tr.answers td').nth(1),
    ];
    await expect(mockCell.locator('pre').first().textContent()).resolves.toBe('["a", "b", "c"]');
    await expect(deploymentCell.locator('pre').first().textContent()).resolves.toBe('["a", "c", "b"]');
    const [m, d] = [await mockCell.boundingBox(), await deploymentCell.boundingBox()];
    expect(m!.x + m!.width).toBeLessThanOrEqual(d!.x);
    expect(Math.abs(m!.y - d!.y)).toBeLessThan(2);
    // statuses in their colours' words, and the curl line behind its summary
    const second = rows.nth(1);
    await expect(second.locator('.status').allTextContents()).resolves.toEqual(['200', '404']);
    await second.locator('summary', { hasText: 'the request as curl' }).click();
    const curl = await second.locator('pre.curl').textContent();
    expect(curl).toContain(`curl -sS -X GET '${BASE}/products-barcode/0012345678905'`);
    expect(curl).not.toContain('secret-token');
    await page.close();
  });
});
