// A seed file written by the seed command is served through the index beside it: every answer must be
// the one the same file gives read whole (docs/performance.md, "Seed files served as read").
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeedCommand } from '../../src/cli/seed/seedCommand.js';
import { INDEX_SUFFIX } from '../../src/seed/seedIndex.js';
import { runCli } from './runCli.js';

const quiet = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
const HEADERS = { 'x-api-key': 'dev', 'content-type': 'application/json' };
const BASE = '/acme/dev';

let dir: string;
let indexed: string;
let whole: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-indexed-seed-'));
  indexed = join(dir, 'indexed.json');
  whole = join(dir, 'whole.json');
  // Large enough that the first requests come while products are still being read in the background.
  await runSeedCommand({ seed: '2000', out: indexed, stderr: quiet });
  await copyFile(indexed, whole);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type Step = { method?: string; path: string; body?: unknown };

/** Reads of every kind, then writes and the reads they change, then a reset. */
const STEPS: Step[] = [
  { path: '/products?limit=3' },
  { path: '/products?search=linen%20aria&limit=5' },
  { path: '/products?search=abbinare' },
  { path: '/products?searchField=productName&search=silk&limit=4' },
  { path: '/products?searchField=variants/productId&search=FA-0001' },
  { path: '/products?facets=productType,brand/brandName&limit=1' },
  {
    path: `/products?filter=${encodeURIComponent(JSON.stringify({ ge: ['productPriceList/listPrice', 100] }))}&sort=${encodeURIComponent('productPriceList/listPrice asc')}&page=2&limit=7`,
  },
  { path: '/products/FA-00017' },
  { path: '/products/FA-99999' },
  { path: '/search?term=shirt' },
  { path: '/product-types' },
  {
    method: 'PATCH',
    path: '/products',
    body: {
      data: [
        { productGroupId: 'FA-00017', productTags: [{ isoLanguageId: 'en-US', productTags: ['changed'] }] },
      ],
    },
  },
  { path: '/products/FA-00017' },
  { path: '/products?search=changed' },
  { method: 'DELETE', path: '/products', body: { data: ['FA-00002'] } },
  { path: '/products?limit=3&facets=productType' },
  { method: 'POST', path: '/__admin/reset' },
  { path: '/products?limit=3' },
  { path: '/products?search=linen%20aria&limit=5' },
  { path: '/products/FA-00017' },
];

/** Each step's status and body, the server's own origin written as ORIGIN and its seed file as FILE. */
async function answers(url: string, file: string): Promise<string[]> {
  const out: string[] = [];
  for (const step of STEPS) {
    const admin = step.path.startsWith('/__admin');
    const res = await fetch(url + (admin ? '' : BASE) + step.path, {
      method: step.method ?? 'GET',
      headers: HEADERS,
      body: step.body === undefined ? undefined : JSON.stringify(step.body),
    });
    out.push(
      `${step.method ?? 'GET'} ${step.path} ${res.status} ${(await res.text()).replaceAll(url, 'ORIGIN').replaceAll(JSON.stringify(file).slice(1, -1), 'FILE')}`,
    );
  }
  return out;
}

async function served(file: string, env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  let got: string[] = [];
  const args = ['--port', '0', '--host', '127.0.0.1', '--seed', file];
  const result = await runCli(
    args,
    async (url, stop) => {
      try {
        got = await answers(url, file);
      } finally {
        stop();
      }
    },
    [],
    env,
  );
  expect(result.stderr).not.toMatch(/error/i);
  return got;
}

describe('serve --seed FILE with the index the seed command wrote', () => {
  it('answers every request as the same file read whole', async () => {
    await expect(stat(indexed + INDEX_SUFFIX)).resolves.toBeDefined();
    // Records not frozen as they are admitted (which reads them all): read when first used.
    const throughIndex = await served(indexed, { ...process.env, PRODUCT_CATALOG_MOCK_FREEZE_RECORDS: '0' });
    expect(throughIndex.some((line) => line.includes('Aria'))).toBe(true);
    // The writes took: the changed product is found by its new tag, the removed one is gone.
    expect(throughIndex.find((line) => line.startsWith('GET /products?search=changed 200'))).toContain(
      '"productGroupId":"FA-00017"',
    );
    expect(throughIndex.filter((line) => /^(PATCH|DELETE|POST) \S+ 20\d /.test(line))).toHaveLength(3);
    expect(throughIndex).toEqual(await served(whole));
  });
});
