// The drift report's requests follow a redirect within their origin only: the token never leaves it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchSameOrigin, RedirectRefused } from '../../src/drift/sameOrigin.js';

interface Started {
  url: string;
  server: Server;
  seen: { url: string; headers: IncomingHttpHeaders }[];
}

async function start(answer: (url: string) => { status: number; location?: string }): Promise<Started> {
  const seen: Started['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const { status, location } = answer(req.url ?? '');
    res
      .writeHead(status, location ? { location } : { 'content-type': 'application/json' })
      .end(location ? '' : '{"data":1}');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

let other: Started;
let origin: Started;

beforeAll(async () => {
  other = await start(() => ({ status: 200 }));
  origin = await start((url) =>
    url === '/away'
      ? { status: 302, location: `${other.url}/stolen` }
      : url === '/moved'
        ? { status: 301, location: '/here' }
        : { status: 200 },
  );
});
afterAll(async () => {
  for (const s of [origin, other]) await new Promise((ok) => s.server.close(ok));
});

describe('fetchSameOrigin', () => {
  it('follows a redirect within the origin, with the token', async () => {
    const res = await fetchSameOrigin(`${origin.url}/moved`, {
      method: 'GET',
      headers: { 'x-api-key': 'secret' },
    });
    expect(res.status).toBe(200);
    expect(origin.seen.at(-1)).toMatchObject({ url: '/here', headers: { 'x-api-key': 'secret' } });
  });

  it('refuses a redirect to another origin, which never sees the request', async () => {
    const sent = fetchSameOrigin(`${origin.url}/away`, { method: 'GET', headers: { 'x-api-key': 'secret' } });
    await expect(sent).rejects.toBeInstanceOf(RedirectRefused);
    await expect(sent).rejects.toThrow(`redirect to ${other.url}, another origin than ${origin.url}`);
    expect(other.seen).toEqual([]);
  });
});
