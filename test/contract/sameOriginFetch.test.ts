// The commands that call a deployment (record, contract, the suite and its generated checks) follow
// no redirect to another origin: the attack replayed is a deployment, or whatever answers in front of
// it, redirecting to a second server, which received the x-api-key of both commands
// (docs/security.md, "Commands that call a deployment").
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preflight } from '../../src/contract/preflight.js';
import { fetchPatiently } from '../../src/contract/retry.js';
import { RedirectRefused, sameOriginFetch } from '../../src/contract/sameOriginFetch.js';
import { record, RecordError } from '../../src/contract/recorder.js';

const KEY = 'deployment-secret-key';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A server on a free port of 127.0.0.1 that notes every request and answers as `answer` says. */
async function noting(
  answer: (
    url: string,
    method: string,
    reply: (status: number, headers: Record<string, string>, body?: string) => void,
  ) => void,
): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req.url ?? '', req.method ?? '', (status, headers, text) =>
        res.writeHead(status, headers).end(text),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const catalog = JSON.stringify({ data: { list: [], count: 0, facets: [], attributeFilters: [] } });

describe('sameOriginFetch', () => {
  let elsewhere: Awaited<ReturnType<typeof noting>>;
  let deployment: Awaited<ReturnType<typeof noting>>;

  beforeAll(async () => {
    elsewhere = await noting((_url, _method, reply) =>
      reply(200, { 'content-type': 'application/json' }, catalog),
    );
    deployment = await noting((url, _method, reply) => {
      const json = { 'content-type': 'application/json' };
      if (url.startsWith('/moved/'))
        return reply(302, { location: `${elsewhere.url}${url.slice('/moved'.length)}` });
      if (url.startsWith('/kept/'))
        return reply(307, { location: `${elsewhere.url}${url.slice('/kept'.length)}` });
      // Another origin on the same host: another port is another origin.
      if (url.startsWith('/relative/')) return reply(301, { location: `//localhost:1${url}` });
      if (url.startsWith('/same/')) return reply(302, { location: url.slice('/same'.length) });
      if (url.startsWith('/see-other')) return reply(303, { location: '/acme/dev/products?limit=1' });
      if (url.startsWith('/loop')) return reply(302, { location: '/loop' });
      if (url.startsWith('/acme/dev/product-types')) return reply(200, json, JSON.stringify({ data: [] }));
      return reply(200, json, catalog);
    });
  });
  afterAll(async () => {
    for (const { server } of [elsewhere, deployment]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  beforeEach(() => {
    elsewhere.seen.length = 0;
    deployment.seen.length = 0;
  });

  const headers = { 'x-api-key': KEY, accept: 'application/json' };

  it('follows a redirect within the origin, with the key', async () => {
    const res = await sameOriginFetch(`${deployment.url}/same/acme/dev/products`, { headers });
    expect(res.status).toBe(200);
    expect(deployment.seen.map((s) => [s.url, s.headers['x-api-key']])).toEqual([
      ['/same/acme/dev/products', KEY],
      ['/acme/dev/products', KEY],
    ]);
  });

  it('stops at a redirect to another origin, says where it pointed, and sends nothing there', async () => {
    for (const path of ['/moved/acme/dev/products', '/kept/acme/dev/products', '/relative/x']) {
      const sent = sameOriginFetch(`${deployment.url}${path}`, { method: 'POST', headers, body: '{}' });
      await expect(sent).rejects.toThrow(RedirectRefused);
      await expect(sameOriginFetch(`${deployment.url}${path}`, { headers })).rejects.toThrow(
        /a redirect to http:\/\/(127\.0\.0\.1|localhost):\d+\/.*another origin than http:\/\/127\.0\.0\.1:\d+, so it was not followed and nothing was sent there/,
      );
    }
    expect(elsewhere.seen).toEqual([]);
  });

  it('turns a POST into a GET without its body on a 303, as fetch does, and stops a redirect loop', async () => {
    const res = await sameOriginFetch(`${deployment.url}/see-other`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    const [, followed] = deployment.seen;
    expect([
      followed?.method,
      followed?.body,
      followed?.headers['content-type'],
      followed?.headers['x-api-key'],
    ]).toEqual(['GET', '', undefined, KEY]);
    await expect(sameOriginFetch(`${deployment.url}/loop`)).rejects.toThrow(/6th redirect in a row/);
    expect(deployment.seen.filter((s) => s.url === '/loop')).toHaveLength(6);
  });

  it('is what fetchPatiently sends with: the contract suite and its generated checks', async () => {
    await expect(
      fetchPatiently(`${deployment.url}/moved/acme/dev/products`, { method: 'GET', headers }),
    ).rejects.toThrow(RedirectRefused);
    expect(elsewhere.seen).toEqual([]);
  });

  it('stops the preflight of contract and record with where the redirect pointed', async () => {
    const failure = await preflight(`${deployment.url}/moved/acme/dev`, KEY);
    expect(failure?.got).toBe(
      `302, a redirect to ${elsewhere.url}/acme/dev/products?limit=1&select=productGroupId`,
    );
    expect(failure?.advice).toContain('nothing was sent there (the key least of all)');
    expect(await preflight(`${deployment.url}/same/acme/dev`, KEY)).toBeUndefined();
    expect(elsewhere.seen).toEqual([]);
  });

  it("stops record's paging with where the redirect pointed", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'same-origin-'));
    try {
      const recording = record(
        { baseUrl: `${deployment.url}/moved/acme/dev`, apiKey: KEY },
        { partialFile: join(dir, 'out.json.partial'), resume: false },
      );
      await expect(recording).rejects.toThrow(RecordError);
      await expect(recording).rejects.toThrow(`a redirect to ${elsewhere.url}/acme/dev/products?limit=100`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(elsewhere.seen).toEqual([]);
  });
});
