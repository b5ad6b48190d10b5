// Half mock, half staging (docs/upstream.md): a mock with an upstream in front of a second mock
// seeded as the "deployment", both in-process on free ports of 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';
import { jsonLog } from '../helpers.js';

const KEY = 'deployment-key-5b7e1c';
const TOKEN = { 'x-api-key': 'any-token' };

interface Exchange {
  method: string;
  url: string;
}

/** A deployment: a strict mock that takes only KEY, counting every request it gets. */
async function deployment(seed: SeedData) {
  const seen: Exchange[] = [];
  const server = await startServer({ port: 0, seed, apiKeys: [KEY] });
  server.server.on('request', (req: { method?: string; url?: string }) =>
    seen.push({ method: req.method ?? '', url: req.url ?? '' }),
  );
  return { server, seen };
}

const get = (base: string, path: string) => fetch(base + path, { headers: TOKEN });
const json = async (res: Response) => (await res.json()) as { data: unknown; message?: string };

/** Reads until the scope's lists are answered by the mock (its copy is done); the answer. */
async function untilCopied(base: string, path: string): Promise<Response> {
  for (let i = 0; i < 500; i++) {
    const res = await get(base, path);
    if (res.headers.get('x-mock-source') === 'mock') return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${path} was never answered by the mock`);
}

/** Only reads reached the deployment: GET or HEAD, and POST /products (a read with a body). */
function onlyReads(seen: readonly Exchange[]): void {
  const others = seen.filter(
    (e) =>
      !(e.method === 'GET' || e.method === 'HEAD' || (e.method === 'POST' && /\/products(\?|$)/.test(e.url))),
  );
  expect(others).toEqual([]);
}

describe('a mock with an upstream deployment', () => {
  let seed: SeedData;
  let dep: Awaited<ReturnType<typeof deployment>>;
  let mock: RunningServer;
  let log: ReturnType<typeof jsonLog>;
  let dir: string;
  let recordFile: string;

  beforeAll(async () => {
    seed = await resolveSeed('demo');
    dep = await deployment(seed);
    dir = await mkdtemp(join(tmpdir(), 'upstream-'));
    recordFile = join(dir, 'session.json');
    log = jsonLog();
    mock = await startServer({
      port: 0,
      logger: log.logger,
      upstream: { url: dep.server.url, apiKey: KEY, record: recordFile },
    });
  });

  afterAll(async () => {
    // Closed by the last test already when it ran; closing twice is harmless.
    await mock?.close().catch(() => undefined);
    await dep?.server.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const productAt = (i: number) => seed.products[i]!;

  it('reads a product through, equal to the deployment, then serves it itself', async () => {
    const id = productAt(0).productGroupId;
    const path = `/acme/dev/products/${encodeURIComponent(id)}`;
    const first = await get(mock.url, path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-mock-source')).toBe('upstream');
    const fromPage = await fetch(mock.url + path, { headers: { ...TOKEN, origin: 'http://localhost:5173' } });
    expect(fromPage.headers.get('access-control-expose-headers')?.split(',')).toContain('X-Mock-Source');
    await fromPage.arrayBuffer();
    const direct = await fetch(dep.server.url + path, { headers: { 'x-api-key': KEY } });
    expect(await json(first)).toEqual(await json(direct));
    const before = dep.seen.length;
    const again = await get(mock.url, `${path}?select=productGroupId`);
    expect(again.headers.get('x-mock-source')).toBe('mock');
    expect((await json(again)).data).toEqual({ productGroupId: id });
    expect(dep.seen.length).toBe(before);
  });

  it('reads by barcode, variant and product type through, in each of the three path forms', async () => {
    const product = productAt(1);
    const variant = product.variants![0]!;
    const barcode = (variant as { barcodes?: string[]; gtin?: string }).gtin ?? '';
    const forms = ['/acme/dev', '/api/tenants/acme/dev', '/regions/eu/products/v1/tenants/acme/dev'];
    const paths = [
      `${forms[0]}/variants/${encodeURIComponent(variant.productId)}`,
      `${forms[1]}/product-types/${encodeURIComponent(seed.productTypes[0]!.productTypeId)}`,
    ];
    if (barcode !== '') paths.push(`${forms[2]}/products-barcode/${barcode}`);
    for (const path of paths) {
      const res = await get(mock.url, path.replace('/acme/dev', '/acme/forms'));
      const direct = await fetch(dep.server.url + path.replace('/acme/dev', '/acme/forms'), {
        headers: { 'x-api-key': KEY },
      });
      expect(res.status, path).toBe(200);
      expect(await json(res)).toEqual(await json(direct));
    }
    // The deployment was asked in the form the mock was.
    expect(dep.seen.some((e) => e.url.startsWith('/api/tenants/acme/forms/product-types/'))).toBe(true);
    expect(dep.seen.some((e) => e.url.startsWith('/acme/forms/variants/'))).toBe(true);
  });

  it('forwards lists until the scope is copied, then answers them itself, equal to the deployment', async () => {
    const path = '/acme/lists/products?limit=5&sort=productGroupId';
    const first = await get(mock.url, path);
    expect(first.headers.get('x-mock-source')).toBe('upstream');
    const direct = await json(await fetch(dep.server.url + path, { headers: { 'x-api-key': KEY } }));
    expect(await json(first)).toEqual(direct);
    const copied = await untilCopied(mock.url, path);
    expect(await json(copied)).toEqual(direct);
    const types = await get(mock.url, '/acme/lists/product-types');
    expect(types.headers.get('x-mock-source')).toBe('mock');
    expect((await json(types)).data).toHaveLength(seed.productTypes.length);
    expect(
      log.lines.some((l) => /upstream: copied eu\/acme\/lists/.test(String((l as { msg?: unknown }).msg))),
    ).toBe(true);
  });

  it('keeps a patch in the mock: the deployment is unchanged', async () => {
    const id = productAt(2).productGroupId;
    const path = `/acme/patch/products/${encodeURIComponent(id)}`;
    await (await get(mock.url, path)).arrayBuffer();
    const patched = await fetch(`${mock.url}/acme/patch/products`, {
      method: 'PATCH',
      headers: { ...TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ productGroupId: id, sortName: 'patched in the mock' }] }),
    });
    expect(patched.status).toBe(200);
    const mine = (await json(await get(mock.url, path))).data as { sortName?: string };
    expect(mine.sortName).toBe('patched in the mock');
    const theirs = (await json(await fetch(dep.server.url + path, { headers: { 'x-api-key': KEY } })))
      .data as { sortName?: string };
    expect(theirs.sortName).not.toBe('patched in the mock');
  });

  it('hides a record deleted in the mock, and a reset forgets what was fetched and deleted', async () => {
    const id = productAt(3).productGroupId;
    const path = `/acme/del/products/${encodeURIComponent(id)}`;
    expect((await get(mock.url, path)).status).toBe(200);
    const deleted = await fetch(`${mock.url}/acme/del/products`, {
      method: 'DELETE',
      headers: { ...TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ data: [id] }),
    });
    expect(deleted.status).toBe(200);
    const before = dep.seen.length;
    const gone = await get(mock.url, path);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('x-mock-source')).toBe('mock');
    expect(dep.seen.filter((e) => e.url.includes('/acme/del/products/')).length).toBe(
      dep.seen.slice(0, before).filter((e) => e.url.includes('/acme/del/products/')).length,
    );
    expect((await fetch(dep.server.url + path, { headers: { 'x-api-key': KEY } })).status).toBe(200);
    const reset = await fetch(`${mock.url}/__admin/reset`, { method: 'POST', headers: TOKEN });
    expect(reset.status).toBe(200);
    const back = await get(mock.url, path);
    expect(back.status).toBe(200);
    expect(back.headers.get('x-mock-source')).toBe('upstream');
  });

  it('says in the request log and journal which answers came from upstream', async () => {
    const id = productAt(4).productGroupId;
    await (await get(mock.url, `/acme/journal/products/${encodeURIComponent(id)}`)).arrayBuffer();
    const entries = (await json(await get(mock.url, '/__admin/requests?path=/acme/journal/products/')))
      .data as {
      source?: string;
    }[];
    expect(entries[0]?.source).toBe('upstream');
    expect(
      log.lines.some(
        (l) =>
          String((l as { msg?: unknown }).msg).includes('/acme/journal/products/') &&
          String((l as { msg?: unknown }).msg).includes('(from upstream)'),
      ),
    ).toBe(true);
  });

  it('sent the deployment nothing but reads, and its key appears in no output', async () => {
    expect(dep.seen.length).toBeGreaterThan(0);
    onlyReads(dep.seen);
    const journal = JSON.stringify(await json(await get(mock.url, '/__admin/requests')));
    expect(journal).not.toContain(KEY);
    expect(JSON.stringify(log.lines)).not.toContain(KEY);
  });

  it('answers 502 naming the upstream once the deployment stops, and keeps serving what it holds', async () => {
    const held = productAt(0).productGroupId;
    const heldPath = `/acme/stop/products/${encodeURIComponent(held)}`;
    expect((await get(mock.url, heldPath)).status).toBe(200);
    const copiedList = await untilCopied(mock.url, '/acme/stop/products?limit=3');
    const listBefore = await json(copiedList);
    await dep.server.close();
    const missing = await get(mock.url, '/acme/other/products/not-held-anywhere');
    expect(missing.status).toBe(502);
    const body = await json(missing);
    expect(body.message).toContain(new URL(dep.server.url).origin);
    expect(body.message).not.toContain(KEY);
    const list = await get(mock.url, '/acme/other/products?limit=3');
    expect(list.status).toBe(502);
    expect((await get(mock.url, heldPath)).status).toBe(200);
    expect(await json(await get(mock.url, '/acme/stop/products?limit=3'))).toEqual(listBefore);
    // A scope copied whole answers an id it lacks itself: a 404 of the mock, not a 502.
    const absent = await get(mock.url, '/acme/stop/products/not-held-anywhere');
    expect(absent.status).toBe(404);
    expect(absent.headers.get('x-mock-source')).toBe('mock');
    expect(JSON.stringify(log.lines)).not.toContain(KEY);
  });

  it('records what was fetched: the recording replays offline to the same answers', async () => {
    // The scope copied before the deployment stopped, as the mock answers it now, on its own.
    const ids = [0, 1, 2, 3, 4].map((i) => productAt(i).productGroupId);
    const answers = new Map<string, unknown>();
    for (const id of ids) {
      const res = await get(mock.url, `/acme/stop/products/${encodeURIComponent(id)}`);
      expect(res.status).toBe(200);
      answers.set(id, await json(res));
    }
    await mock.close();
    // Demo media name the origin that serves them: compared without it.
    const withoutOrigins = (value: unknown) =>
      JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN');
    const offline = await startServer({ port: 0, seedFile: recordFile });
    try {
      for (const [id, answer] of answers) {
        const res = await get(offline.url, `/acme/dev/products/${encodeURIComponent(id)}`);
        expect(res.status).toBe(200);
        expect(withoutOrigins(await json(res))).toBe(withoutOrigins(answer));
      }
    } finally {
      await offline.close();
    }
  });
});

describe("the deployment's failures", () => {
  let servers: Server[] = [];
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  afterAll(async () => {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
    servers = [];
  });

  it('stores a fetched record through the write path: with data, it is in the file after a restart', async () => {
    const seed = await resolveSeed('demo');
    const dep = await startServer({ port: 0, seed, apiKeys: [KEY] });
    const dir = await mkdtemp(join(tmpdir(), 'upstream-data-'));
    const data = join(dir, 'mock.json');
    const path = `/acme/dev/products/${encodeURIComponent(seed.products[0]!.productGroupId)}`;
    try {
      const mock = await startServer({ port: 0, data, upstream: { url: dep.url, apiKey: KEY, fill: false } });
      const fetched = await json(await get(mock.url, path));
      await mock.close();
      await dep.close();
      const offline = await startServer({ port: 0, data });
      try {
        const res = await get(offline.url, path);
        expect(res.status).toBe(200);
        expect(await json(res)).toEqual(fetched);
      } finally {
        await offline.close();
      }
    } finally {
      await dep.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a refused key is a 502 that says so, without the key', async () => {
    const dep = await startServer({ port: 0, seed: await resolveSeed('demo'), apiKeys: ['another-key'] });
    const mock = await startServer({ port: 0, upstream: { url: dep.url, apiKey: KEY, fill: false } });
    try {
      const res = await get(mock.url, '/acme/dev/products/x1');
      expect(res.status).toBe(502);
      const text = await res.text();
      expect(text).toContain("refused the mock's key");
      expect(text).not.toContain(KEY);
    } finally {
      await mock.close();
      await dep.close();
    }
  });

  it('a slow deployment is a 504 after the timeout', async () => {
    const url = await listen(() => undefined); // never answers
    const mock = await startServer({ port: 0, upstream: { url, apiKey: KEY, timeoutMs: 200, fill: false } });
    try {
      const res = await get(mock.url, '/acme/dev/products/x1');
      expect(res.status).toBe(504);
      expect((await json(res)).message).toContain(url);
    } finally {
      await mock.close();
    }
  });

  it('a 5xx of the deployment is a 502, never a 500', async () => {
    const url = await listen((_req, res) => res.writeHead(503).end('busy'));
    const mock = await startServer({ port: 0, upstream: { url, apiKey: KEY, fill: false } });
    try {
      for (const path of ['/acme/dev/products/x1', '/acme/dev/products?limit=1', '/acme/dev/search?term=a']) {
        const res = await get(mock.url, path);
        expect(res.status, path).toBe(502);
      }
    } finally {
      await mock.close();
    }
  });

  it('a request target in absolute form naming another host sends that host nothing', async () => {
    const elsewhere: string[] = [];
    const other = await listen((req, res) => {
      elsewhere.push(String(req.headers['x-api-key']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    const url = await listen((_req, res) => res.writeHead(404).end());
    const mock = await startServer({ port: 0, upstream: { url, apiKey: KEY, fill: false } });
    try {
      const { port } = new URL(mock.url);
      const socket = connect(Number(port), '127.0.0.1');
      socket.write(
        `GET ${other}/acme/dev/products?limit=1 HTTP/1.1\r\nHost: x\r\nx-api-key: t\r\nConnection: close\r\n\r\n`,
      );
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      await once(socket, 'close');
      expect(text).toMatch(/^HTTP\/1\.1 [45]\d\d/);
      expect(text).not.toContain(KEY);
      expect(elsewhere).toEqual([]);
    } finally {
      await mock.close();
    }
  });

  it('a redirect to another origin is not followed: the key never reaches it', async () => {
    const elsewhere: string[] = [];
    const other = await listen((req, res) => {
      elsewhere.push(String(req.headers['x-api-key']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    const url = await listen((req, res) => res.writeHead(302, { location: other + req.url }).end());
    const mock = await startServer({ port: 0, upstream: { url, apiKey: KEY, fill: false } });
    try {
      const res = await get(mock.url, '/acme/dev/products/x1');
      expect(res.status).toBe(502);
      expect((await json(res)).message).toContain('another origin');
      expect(elsewhere).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});
