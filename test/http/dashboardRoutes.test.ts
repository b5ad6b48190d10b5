import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Server } from 'node:http';
import type { Express } from 'express';
import { workbenchOf } from '../../src/app.js';
import { createExpressServer } from '../../src/http/expressServer.js';
import { journalStreams, STREAM_BUFFER_BYTES, STREAM_MAX_PER_FLUSH } from '../../src/http/dashboardRoutes.js';
import { makeApp, TOKEN } from '../helpers.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import {
  JOURNAL_ANSWER_BYTES,
  JOURNAL_ANSWER_HELD_BYTES,
  type JournalEntry,
} from '../../src/workbench/requestJournal.js';

const type = (id: string) => ({ data: [{ productTypeId: id, isRoot: true }] });

describe('GET /__admin/scopes and POST /__admin/scopes/{region}/{tenantId}/{environment}/reset', () => {
  it('lists the scopes written to with their counts, and resets one while the other keeps its data', async () => {
    const app = await makeApp();
    const agent = request(app);
    expect((await agent.get('/__admin/scopes').set(TOKEN)).body).toEqual({ data: [] });
    await agent.post('/acme/dev/product-types').set(TOKEN).send(type('coats')).expect(200);
    await agent
      .post('/regions/us/products/v1/tenants/globex/prod/product-types')
      .set(TOKEN)
      .send(type('hats'));
    // A read writes nothing: not listed.
    await agent.get('/initech/dev/products').set(TOKEN).expect(200);
    const listed = await agent.get('/__admin/scopes').set(TOKEN);
    expect(listed.body.data).toEqual([
      { region: 'eu', tenantId: 'acme', environment: 'dev', products: 0, productTypes: 1 },
      { region: 'us', tenantId: 'globex', environment: 'prod', products: 0, productTypes: 1 },
    ]);

    const reset = await agent.post('/__admin/scopes/EU/acme/dev/reset').set(TOKEN);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ region: 'eu', tenantId: 'acme', environment: 'dev' });
    expect((await agent.get('/acme/dev/product-types').set(TOKEN)).body.data).toEqual([]);
    const kept = await agent.get('/regions/us/products/v1/tenants/globex/prod/product-types').set(TOKEN);
    expect(kept.body.data.map((t: { productTypeId: string }) => t.productTypeId)).toEqual(['hats']);
    expect((await agent.get('/__admin/scopes').set(TOKEN)).body.data).toHaveLength(1);
  });

  it('refuses a region or a tenant no request can name, and changes nothing', async () => {
    const app = await makeApp();
    const agent = request(app);
    await agent.post('/acme/dev/product-types').set(TOKEN).send(type('coats'));
    const region = await agent.post('/__admin/scopes/mars/acme/dev/reset').set(TOKEN);
    expect(region.status).toBe(400);
    expect(region.body.message).toMatch(/path\.region must be one of.*eu/);
    const tenant = await agent.post('/__admin/scopes/eu/a%20b/dev/reset').set(TOKEN);
    expect(tenant.status).toBe(400);
    expect(tenant.body.message).toMatch(/path\.tenantId must be 1 to 64/);
    expect((await agent.get('/__admin/scopes').set(TOKEN)).body.data).toHaveLength(1);
  });

  it('holds to the admin rule in strict mode', async () => {
    const app = await makeApp({ apiKeys: ['secret'] });
    expect((await request(app).get('/__admin/scopes')).status).toBe(401);
    expect((await request(app).post('/__admin/scopes/eu/acme/dev/reset')).status).toBe(401);
    expect((await request(app).get('/__admin/scopes').set('x-api-key', 'secret')).status).toBe(200);
  });
});

describe('the way to the dashboard', () => {
  it('is linked from /docs', async () => {
    const res = await request(await makeApp()).get('/docs/');
    expect(res.text).toContain('<a href="/__admin/ui">dashboard</a>');
  });
});

describe('GET /__admin/settings', () => {
  it('names the --latency range and the mode', async () => {
    const app = await makeApp({ latency: { minMs: 0, maxMs: 5 }, apiKeys: ['secret'] });
    const res = await request(app).get('/__admin/settings').set('x-api-key', 'secret');
    expect(res.body.data).toMatchObject({ latency: { minMs: 0, maxMs: 5 }, strict: true });
    expect(res.body.data.operations).toContain('pushProducts');
    const plain = await request(await makeApp()).get('/__admin/settings');
    expect(plain.body.data).toMatchObject({ latency: null, strict: false });
  });
});

describe('the journal keeps the message of a refused request', () => {
  it('as the client received it', async () => {
    const app = await makeApp();
    const refused = await request(app)
      .post('/acme/dev/product-types')
      .set(TOKEN)
      .send({ data: [{}] });
    expect(refused.status).toBe(400);
    const [entry] = (await request(app).get('/__admin/requests').set(TOKEN)).body.data;
    expect(entry.message).toBe(refused.body.message);
  });
});

describe("the journal keeps the answer's body", () => {
  it('as sent, the first 16 KiB of a larger one, none for HEAD, and never the key', async () => {
    const app = await makeApp({ seed: await resolveSeed('demo'), apiKeys: ['secret-key-1'] });
    const key = { 'x-api-key': 'secret-key-1' };
    const one = await request(app).get('/acme/dev/products/FA-00001').set(key).expect(200);
    const missing = await request(app)
      .get('/acme/dev/products/NOPE')
      .set('authorization', 'Bearer secret-key-1');
    expect(missing.status).toBe(404);
    const page = await request(app).get('/acme/dev/products?limit=100').set(key).expect(200);
    expect(page.text.length).toBeGreaterThan(JOURNAL_ANSWER_HELD_BYTES);
    // Larger than the bound but held by reference: cut when the entry is asked for.
    const few = await request(app).get('/acme/dev/products?limit=5').set(key).expect(200);
    expect(few.text.length).toBeGreaterThan(JOURNAL_ANSWER_BYTES);
    expect(few.text.length).toBeLessThan(JOURNAL_ANSWER_HELD_BYTES);
    await request(app).head('/acme/dev/products/FA-00001').set(key).expect(200);

    const listed = await request(app).get('/__admin/requests').set(key);
    const [head, fewList, list, notFound, byId] = listed.body.data as JournalEntry[];
    expect(fewList?.answer).toMatchObject({ bytes: Buffer.byteLength(few.text), truncated: true });
    expect(few.text.startsWith(fewList?.answer?.body ?? 'none')).toBe(true);
    expect(Buffer.byteLength(fewList?.answer?.body ?? '')).toBeGreaterThan(JOURNAL_ANSWER_BYTES - 4);
    expect(byId?.answer).toEqual({ bytes: Buffer.byteLength(one.text), truncated: false, body: one.text });
    expect(notFound?.answer?.body).toBe(missing.text);
    expect(list?.answer?.truncated).toBe(true);
    expect(list?.answer?.bytes).toBe(Buffer.byteLength(page.text));
    expect(Buffer.byteLength(list?.answer?.body ?? '')).toBeLessThanOrEqual(JOURNAL_ANSWER_BYTES);
    expect(page.text.startsWith(list?.answer?.body ?? 'none')).toBe(true);
    expect(head?.answer).toBeUndefined();
    // Neither header is kept, so no key is: not in an entry, not in an answer's body.
    expect(listed.text).not.toContain('secret-key-1');
  });
});

/** The events of a stream, parsed as they arrive. */
function readEvents(res: IncomingMessage): {
  events: { event: string; data: unknown }[];
  next: () => Promise<void>;
} {
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  let wake: (() => void) | undefined;
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
    wake?.();
  });
  return { events, next: () => new Promise<void>((resolve) => (wake = resolve)) };
}

/** An app on a free port of 127.0.0.1. */
async function listening(): Promise<{ app: Express; url: string; server: Server }> {
  const app = await makeApp();
  const server = createExpressServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('GET /__admin/requests/stream', () => {
  let server: { app: Express; url: string; server: Server } | undefined;
  afterEach(async () => {
    server?.server.closeAllConnections();
    await new Promise((resolve) => server?.server.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('starts with the last entries, then sends each request as it is answered, and stops reading the journal when the client leaves', async () => {
    server = await listening();
    const base = server.url;
    await fetch(`${base}/acme/dev/products`, { headers: TOKEN });
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${base}/__admin/requests/stream`, { headers: TOKEN }, resolve).on('error', reject).end(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const stream = readEvents(res);
    while (stream.events.length < 1) await stream.next();
    expect(stream.events[0]).toMatchObject({ event: 'request', data: { path: '/acme/dev/products' } });

    const streams = journalStreams(workbenchOf(server.app).journal);
    expect(streams.clients).toBe(1);
    expect(streams.ticking).toBe(true);
    await fetch(`${base}/globex/prod/products/nope`, { headers: TOKEN });
    while (stream.events.length < 2) await stream.next();
    expect(stream.events[1]).toMatchObject({
      event: 'request',
      data: { path: '/globex/prod/products/nope', status: 404, tenantId: 'globex' },
    });
    expect((stream.events[1]!.data as { message: string }).message).toMatch(/nope/);

    const closed = new Promise((resolve) => res.on('close', resolve));
    res.destroy();
    await closed;
    while (streams.clients > 0) await new Promise((resolve) => setImmediate(resolve));
    // No stream open: no timer reads the journal.
    expect(streams.ticking).toBe(false);
  });

  it("sends an entry's answer without its body, which GET /__admin/requests?id= gives", async () => {
    server = await listening();
    const base = server.url;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${base}/__admin/requests/stream`, { headers: TOKEN }, resolve).on('error', reject).end(),
    );
    const stream = readEvents(res);
    const answered = await (await fetch(`${base}/acme/dev/products/nope`, { headers: TOKEN })).text();
    while (stream.events.length < 1) await stream.next();
    const streamed = stream.events[0]!.data as { id: number; answer: Record<string, unknown> };
    expect(streamed.answer).toEqual({ bytes: Buffer.byteLength(answered), truncated: false });
    const full = await fetch(`${base}/__admin/requests?id=${streamed.id}`, { headers: TOKEN });
    const [entry] = ((await full.json()) as { data: { answer: { body: string } }[] }).data;
    expect(entry?.answer.body).toBe(answered);
    res.destroy();
  });

  it('sends its first bytes at once, with an empty journal too (a fetch in Firefox waits for them)', async () => {
    server = await listening();
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${server!.url}/__admin/requests/stream`, { headers: TOKEN }, resolve)
        .on('error', reject)
        .end(),
    );
    res.setEncoding('utf8');
    const first = await new Promise<string>((resolve) => res.once('data', resolve));
    // Not the heartbeat's `: alive`, 15 s later.
    expect(first).toBe(': open\n\n');
    res.destroy();
  });

  it('sends at most the newest entries per tick, and says how many it left out', async () => {
    server = await listening();
    const base = server.url;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${base}/__admin/requests/stream`, { headers: TOKEN }, resolve).on('error', reject).end(),
    );
    const stream = readEvents(res);
    const journal = workbenchOf(server.app).journal;
    // Recorded at once, between two ticks.
    const more = STREAM_MAX_PER_FLUSH + 40;
    for (let n = 0; n < more; n++) {
      journal.record({
        at: Date.now(),
        method: 'GET',
        url: `/acme/dev/products/p${n}`,
        status: 404,
        durationMs: 1,
      });
    }
    while (stream.events.length < STREAM_MAX_PER_FLUSH + 1) await stream.next();
    expect(stream.events[0]).toEqual({ event: 'skipped', data: { count: 40 } });
    const paths = stream.events.slice(1).map((e) => (e.data as { path: string }).path);
    expect(paths).toHaveLength(STREAM_MAX_PER_FLUSH);
    expect(paths[0]).toBe('/acme/dev/products/p40');
    expect(paths.at(-1)).toBe(`/acme/dev/products/p${more - 1}`);
    res.destroy();
  });

  it('drops a client that reads nothing once more than the bound waits for it', async () => {
    server = await listening();
    const base = server.url;
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${base}/__admin/requests/stream`, { headers: TOKEN }, resolve).on('error', reject).end(),
    );
    res.pause();
    const streams = journalStreams(workbenchOf(server.app).journal);
    // Entries of 16 KiB bodies, until the paused client's share of the server's buffer passes the bound.
    const body = JSON.stringify({
      data: [{ productTypeId: 'x'.repeat(60), isRoot: true, note: 'y'.repeat(15_000) }],
    });
    let sent = 0;
    while (streams.clients > 0) {
      await fetch(`${base}/acme/dev/product-types`, {
        method: 'POST',
        headers: { ...TOKEN, 'content-type': 'application/json' },
        body,
      });
      sent += body.length;
      // The bound and the sockets' own buffers: far beyond that, the client was never dropped.
      expect(sent).toBeLessThan(STREAM_BUFFER_BYTES * 40);
    }
    expect(streams.clients).toBe(0);
    res.destroy();
  });
});
