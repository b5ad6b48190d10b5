// Lists, search and facets under an upstream (docs/upstream.md, "Lists, search and facets"): never
// an answer that mixes the deployment's catalog with the mock's writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';

const KEY = 'list-key-83d2';
const TOKEN = { 'x-api-key': 'any-token', 'content-type': 'application/json' };

describe('lists under an upstream', () => {
  let seed: SeedData;
  let dep: RunningServer;
  const seen: { method: string; url: string }[] = [];

  beforeAll(async () => {
    // Large enough that its copy takes many pages.
    seed = await resolveSeed('3000');
    dep = await startServer({ port: 0, seed, apiKeys: [KEY] });
    dep.server.on('request', (req: { method?: string; url?: string }) =>
      seen.push({ method: req.method ?? '', url: req.url ?? '' }),
    );
  });
  afterAll(() => dep?.close());

  it('forwards POST /products with its body, and search, without copying under --no-upstream-fill', async () => {
    const mock = await startServer({ port: 0, upstream: { url: dep.url, apiKey: KEY, fill: false } });
    try {
      const body = JSON.stringify({ limit: 3, sort: 'productGroupId', select: 'productGroupId' });
      const res = await fetch(`${mock.url}/acme/dev/products`, { method: 'POST', headers: TOKEN, body });
      expect(res.headers.get('x-mock-source')).toBe('upstream');
      const direct = await fetch(`${dep.url}/acme/dev/products`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body,
      });
      expect(await res.json()).toEqual(await direct.json());
      const search = await fetch(`${mock.url}/acme/dev/search?term=a`, { headers: TOKEN });
      expect(search.status).toBe(200);
      expect(search.headers.get('x-mock-source')).toBe('upstream');
      expect(seen.some((e) => e.url.includes('page=1&sort=productGroupId'))).toBe(false);
    } finally {
      await mock.close();
    }
  });

  it('a scope written to while its copy runs never gets a forwarded list without its writes', async () => {
    const mock = await startServer({ port: 0, upstream: { url: dep.url, apiKey: KEY, timeoutMs: 60_000 } });
    try {
      const filter = encodeURIComponent(JSON.stringify({ eq: ['productGroupId', 'mine-1'] }));
      const path = `/acme/written/products?limit=1&filter=${filter}`;
      const first = await fetch(mock.url + path, { headers: TOKEN });
      expect(first.headers.get('x-mock-source')).toBe('upstream');
      expect(((await first.json()) as { data: { count: number } }).data.count).toBe(0);
      const written = await fetch(`${mock.url}/acme/written/products-push`, {
        method: 'POST',
        headers: TOKEN,
        body: JSON.stringify({
          data: [{ ...seed.products[0], productGroupId: 'mine-1', variants: [], spaceIds: undefined }],
        }),
      });
      expect(written.status, await written.clone().text()).toBeLessThan(300);
      const after = await fetch(mock.url + path, { headers: TOKEN });
      // Waited for the copy: the mock's answer, with the write in it.
      expect(after.status).toBe(200);
      expect(after.headers.get('x-mock-source')).toBe('mock');
      const list = ((await after.json()) as { data: { list: { productGroupId: string }[]; count: number } })
        .data;
      expect(list.list.map((p) => p.productGroupId)).toEqual(['mine-1']);
      const all = await fetch(`${mock.url}/acme/written/products?limit=1`, { headers: TOKEN });
      expect(((await all.json()) as { data: { count: number } }).data.count).toBe(seed.products.length + 1);
    } finally {
      await mock.close();
    }
  });
});
