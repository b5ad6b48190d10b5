// `record` against deployments that do not page as the specification says: it stops, saying so,
// instead of asking for pages forever.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PagingError, record } from '../../src/contract/recorder.js';

/** A deployment whose list answer is `answer(page)`; counts the list requests it gets. */
async function deployment(answer: (page: number) => { list: object[]; count?: number }) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('content-type', 'application/json');
    if (url.pathname.endsWith('/product-types')) return res.end(JSON.stringify({ data: [] }));
    requests++;
    res.end(JSON.stringify({ data: answer(Number(url.searchParams.get('page') ?? '1')) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/acme/live`, requests: () => requests, server };
}

/** Closed, with the connections fetch keeps alive. */
function closed(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

const products = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ productGroupId: `p${String(from + i).padStart(5, '0')}` }));

describe('record against a deployment that does not page', () => {
  let dir: string;
  let server: Server | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-recorder-'));
  });
  afterEach(async () => {
    if (server) await closed(server);
    server = undefined;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stops at the second page when the deployment ignores page, with or without a count', async () => {
    for (const count of [undefined, 10_000]) {
      // The first page again and again: without a count the recording asked forever.
      const d = await deployment(() => ({ list: products(0, 100), ...(count !== undefined && { count }) }));
      server = d.server;
      const partialFile = join(dir, `ignores-${count}.json.partial`);
      const run = record({ baseUrl: d.baseUrl, apiKey: 'k' }, { partialFile, resume: false });
      await expect(run).rejects.toThrow(PagingError);
      await expect(run).rejects.toThrow(
        `GET ${d.baseUrl}/products page 2 lists the same products as page 1: the deployment seems to ignore the page parameter, so paging would never end; the recording stops here`,
      );
      expect(d.requests()).toBe(2);
      // The partial file holds its header and the one page recorded.
      expect((await readFile(partialFile, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);
      await closed(d.server);
      server = undefined;
    }
  });

  it('stops at the first page past the count when pages are short of it', async () => {
    // Pages of 10 instead of 100: 25 products would take 3 pages, yet page 4 still lists some.
    const d = await deployment((page) => ({ list: products((page - 1) * 10, 10), count: 250 }));
    server = d.server;
    const run = record(
      { baseUrl: d.baseUrl, apiKey: 'k' },
      { partialFile: join(dir, 'short.json.partial'), resume: false },
    );
    await expect(run).rejects.toThrow(
      `GET ${d.baseUrl}/products page 4 still lists products, but the count of 250 makes 3 pages of 100: the deployment does not page as the specification says (limit, page), so the recording stops here`,
    );
    expect(d.requests()).toBe(4);
  });

  it('records a deployment that pages, a product repeated by a write between two pages included', async () => {
    const d = await deployment((page) => ({
      // Page 2 repeats the last product of page 1, as a write between the two reads may shift it.
      list: page === 1 ? products(0, 100) : page === 2 ? products(99, 100) : products(199, 21),
      count: 220,
    }));
    server = d.server;
    const recorded = await record(
      { baseUrl: d.baseUrl, apiKey: 'k' },
      { partialFile: join(dir, 'pages.json.partial'), resume: false },
    );
    expect(recorded.products).toHaveLength(220);
  });
});
