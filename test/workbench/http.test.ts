// Simulated failures and latency, fault rules and the request journal, through HTTP.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/workbench/logger.js';
import type { RunningServer } from '../../src/server.js';
import { BASE, TOKEN, client, loggedServer, makeApp } from '../helpers.js';

/**
 * The answer to `send`, checked to wait for a timer of `ms` first: under fake timers (only setTimeout;
 * sockets and the parser run as usual), so that no check depends on how busy the machine is.
 */
async function answeredAfter(
  send: () => PromiseLike<request.Response>,
  ms: number,
): Promise<request.Response> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const timers = vi.spyOn(globalThis, 'setTimeout');
  try {
    let settled = false;
    const answer = Promise.resolve(send()).finally(() => (settled = true));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Not vi.waitFor: under fake timers it moves the clock on as it polls.
    // A guard against waiting forever for a timer never set, not a measure of speed.
    const giveUp = performance.now() + 10_000;
    while (!settled && !timers.mock.calls.some((call) => call[1] === ms)) {
      if (performance.now() > giveUp) throw new Error(`no timer of ${ms} ms was set`);
      await turn();
    }
    vi.advanceTimersByTime(ms - 1);
    for (let i = 0; i < 5; i++) await turn();
    expect(settled, `answered before ${ms} ms`).toBe(false);
    vi.advanceTimersByTime(1);
    return await answer;
  } finally {
    timers.mockRestore();
    vi.useRealTimers();
  }
}

const PRODUCT = { productGroupId: 'p1', productName: [{ isoLanguageId: 'en-US', productName: 'Boot' }] };

/**
 * A GET sent on a plain socket, read to the end: the head and the body's bytes as they came, and
 * whether the server closed the connection (`end`) or reset it (`error`).
 */
function rawGet(url: string, path: string): Promise<{ head: string; body: Buffer; ended: 'end' | 'error' }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const done = (ended: 'end' | 'error') => {
      const bytes = Buffer.concat(chunks);
      const split = bytes.indexOf('\r\n\r\n');
      resolve({
        head: bytes.subarray(0, split + 2).toString('latin1'),
        body: bytes.subarray(split + 4),
        ended,
      });
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => done('end'));
    socket.on('error', () => done('error'));
    socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}\r\nx-api-key: ${TOKEN['x-api-key']}\r\n\r\n`);
  });
}

describe('Prefer: code and delay', () => {
  it('answers the status asked for with the error body, and changes nothing', async () => {
    const c = client(await makeApp());
    const failed = await c.post(`${BASE}/products-push`, { data: [PRODUCT] }).set('Prefer', 'code=503');
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({
      status: 503,
      message: expect.stringMatching(/Simulated failure 503.*nothing was changed/),
    });
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(404);
    // A documented status of the operation, on a read.
    expect((await c.get(`${BASE}/products/p1`).set('Prefer', 'code=401')).status).toBe(401);
  });

  it('refuses a status the operation does not document, naming the allowed ones', async () => {
    const c = client(await makeApp());
    const res = await c.get(`${BASE}/products`).set('Prefer', 'code=418');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Prefer: code=418 cannot be simulated on listProducts; allowed: 200, 400, 401, 403, 429, 500, 502, 503, 504',
    );
  });

  it('delays the answer, failed or not', async () => {
    const c = client(await makeApp());
    const delayed = await answeredAfter(() => c.get(`${BASE}/products`).set('Prefer', 'delay=150'), 150);
    expect(delayed.status).toBe(200);
    const failed = await answeredAfter(
      () => c.get(`${BASE}/products`).set('Prefer', 'code=500, delay=150'),
      150,
    );
    expect(failed.status).toBe(500);
    expect((await c.get(`${BASE}/products`).set('Prefer', 'delay=60001')).status).toBe(400);
  });

  it('--latency delays every API answer', async () => {
    const c = client(await makeApp({ latency: { minMs: 120, maxMs: 120 } }));
    expect((await answeredAfter(() => c.get(`${BASE}/products`), 120)).status).toBe(200);
  });

  it('refuses a latency option in code that --latency would refuse, instead of delaying nothing', async () => {
    // Taken, { minMs: 2000 } drew NaN, which a timer reads as no delay.
    for (const latency of [{ minMs: 2000 }, { minMs: 800, maxMs: 100 }, { minMs: 0, maxMs: 60001 }, 200]) {
      await expect(makeApp({ latency: latency as never }), JSON.stringify(latency)).rejects.toThrow(
        `latency must be { minMs, maxMs }, whole milliseconds with 0 <= minMs <= maxMs <= 60000, not ${JSON.stringify(latency)}`,
      );
    }
    await expect(makeApp({ latency: { minMs: 0, maxMs: 60000 } })).resolves.toBeDefined();
  });
});

describe('Retry-After on a simulated failure', () => {
  it('is sent when a Prefer header or a rule asks for it, readable from another origin, and not otherwise', async () => {
    const c = client(await makeApp());
    const origin = 'http://localhost:5173';
    const asked = await c
      .get(`${BASE}/products`)
      .set('Prefer', 'code=429, retry-after=7')
      .set('Origin', origin);
    expect(asked.status).toBe(429);
    expect(asked.headers['retry-after']).toBe('7');
    expect(asked.headers['access-control-expose-headers']?.split(/,\s*/)).toContain('Retry-After');
    const plain = await c.get(`${BASE}/products`).set('Prefer', 'code=503');
    expect(plain.status).toBe(503);
    expect(plain.headers['retry-after']).toBeUndefined();
    const alone = await c.get(`${BASE}/products`).set('Prefer', 'retry-after=7');
    expect(alone.status).toBe(400);
    expect(alone.body.message).toMatch(/needs a failure code/);

    const rule = await c.post('/__admin/faults', { operationId: 'listProducts', status: 503, retryAfter: 2 });
    expect(rule.status).toBe(201);
    expect(rule.body.data).toMatchObject({ status: 503, retryAfter: 2 });
    const failed = await c.get(`${BASE}/products`);
    expect(failed.status).toBe(503);
    expect(failed.headers['retry-after']).toBe('2');
  });

  it('refuses a rule whose retryAfter has no status or is out of bounds, and adds nothing', async () => {
    const c = client(await makeApp());
    const noStatus = await c.post('/__admin/faults', { delayMs: 100, retryAfter: 5 });
    expect(noStatus.status).toBe(400);
    expect(noStatus.body.message).toBe(
      'Invalid fault rule: retryAfter is the Retry-After of a status; give a status with it',
    );
    for (const retryAfter of [-1, 1.5, 86401, '5']) {
      const res = await c.post('/__admin/faults', { status: 503, retryAfter });
      expect(res.status, String(retryAfter)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid fault rule: retryAfter /);
    }
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
  });
});

describe('Prefer and fault rules together', () => {
  it('a code in the header decides alone: its own answer for a documented 2xx, and no rule is spent', async () => {
    const c = client(await makeApp());
    await c.post('/__admin/faults', { operationId: 'listProducts', status: 500, times: 1 });
    expect((await c.get(`${BASE}/products`).set('Prefer', 'code=200')).status).toBe(200);
    expect((await c.get(`${BASE}/products`).set('Prefer', 'code=429')).status).toBe(429);
    expect((await c.get('/__admin/faults')).body.data[0].applied).toBe(0);
    expect((await c.get(`${BASE}/products`)).status).toBe(500);
    expect((await c.get(`${BASE}/products`).set('Prefer', 'code=201')).status).toBe(400);
  });
});

describe('/__admin/faults', () => {
  it('adds, lists, applies, spends and removes rules; reset clears them', async () => {
    const c = client(await makeApp());
    const added = await c.post('/__admin/faults', { operationId: 'pushProducts', status: 502, times: 1 });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual({
      id: expect.any(String),
      operationId: 'pushProducts',
      status: 502,
      times: 1,
      applied: 0,
    });

    expect((await c.post(`${BASE}/products-push`, { data: [PRODUCT] })).status).toBe(502);
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(404);
    // Spent: the next push goes through.
    expect((await c.post(`${BASE}/products-push`, { data: [PRODUCT] })).status).toBe(200);
    expect((await c.get('/__admin/faults')).body.data).toEqual([
      expect.objectContaining({ id: added.body.data.id, applied: 1 }),
    ]);

    const byPath = await c.post('/__admin/faults', { path: '/products/p1', method: 'GET', status: 404 });
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(404);
    expect((await c.delete(`/__admin/faults/${byPath.body.data.id}`)).status).toBe(200);
    expect((await c.get(`${BASE}/products/p1`)).status).toBe(200);
    const gone = await c.delete(`/__admin/faults/${byPath.body.data.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(
      `No fault rule "${byPath.body.data.id}": GET /__admin/faults lists the rules there are, with their ids`,
    );

    await c.post('/__admin/faults', { status: 500 });
    expect((await c.delete('/__admin/faults')).body.data).toEqual({ deleted: 2 });
    await c.post('/__admin/faults', { status: 500 });
    expect((await c.post('/__admin/reset')).status).toBe(200);
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
    expect((await c.get(`${BASE}/products`)).status).toBe(200);
  });

  it('a rule naming a tenant, environment or region fails that scope only', async () => {
    const c = client(await makeApp());
    const list = (prefix: string) => c.get(`${prefix}/products?limit=1`);
    const added = await c.post('/__admin/faults', { tenantId: 'acme', environment: 'dev', status: 503 });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ tenantId: 'acme', environment: 'dev', status: 503 });
    // Every prefix of the scope (acme, dev, in the default region eu) ...
    expect((await list('/acme/dev')).status).toBe(503);
    expect((await list('/api/tenants/acme/dev')).status).toBe(503);
    expect((await list('/regions/EU/products/v1/tenants/acme/dev')).status).toBe(503);
    // ... and no other scope, not even one whose path holds this one's.
    expect((await list('/acme/devel')).status).toBe(200);
    expect((await list('/acme2/dev')).status).toBe(200);
    expect((await list('/other/dev')).status).toBe(200);

    await c.delete('/__admin/faults');
    await c.post('/__admin/faults', { region: 'us', tenantId: 'acme', status: 500 });
    expect((await list('/regions/us/products/v1/tenants/acme/dev')).status).toBe(500);
    expect((await list('/regions/us/products/v1/tenants/acme/staging')).status).toBe(500);
    expect((await list('/acme/dev')).status).toBe(200);
    expect((await list('/regions/us/products/v1/tenants/other/dev')).status).toBe(200);

    const region = await c.post('/__admin/faults', { region: 'mars', status: 500 });
    expect(region.status).toBe(400);
    expect(region.body.message).toBe(
      'Invalid fault rule: region must be one of, in any case: eu, us, in, au, uae (got "mars")',
    );
  });

  it('refuses an empty rule id (a trailing slash) instead of removing every rule', async () => {
    // DELETE /__admin/faults/ is what `curl -X DELETE $MOCK/__admin/faults/$ID` sends with ID unset:
    // it removed every rule, as DELETE /__admin/faults does.
    const c = client(await makeApp());
    await c.post('/__admin/faults', { status: 503 });
    await c.post('/__admin/faults', { status: 500 });
    for (const path of ['/__admin/faults/', '/__admin/FAULTS/', '/__admin/faults//']) {
      const res = await c.delete(path);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(
        'params.faultId is empty: give the id of the rule to remove (GET /__admin/faults lists them), or send DELETE /__admin/faults, without the slash, to remove them all',
      );
    }
    expect((await c.get('/__admin/faults')).body.data).toHaveLength(2);
    // The collection itself still takes its trailing slash for every other method.
    expect((await c.get('/__admin/faults/')).body.data).toHaveLength(2);
    expect((await c.delete('/__admin/faults')).body.data).toEqual({ deleted: 2 });
  });

  it('says a rule id that is not valid percent-encoding is one, in the words of the API', async () => {
    // express's own words were "Failed to decode param '%ZZ'".
    const res = await client(await makeApp()).delete('/__admin/faults/%ZZ');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('params.faultId is not valid percent-encoding: "%ZZ"');
  });

  it('refuses a rule whose path holds a query or is a URL, which no request path ever matches', async () => {
    // Both were taken, and never applied.
    const c = client(await makeApp());
    for (const path of [
      '/product-types?ids=a',
      `http://127.0.0.1:4010${BASE}/product-types`,
      '/products#top',
    ]) {
      const res = await c.post('/__admin/faults', { path, status: 503 });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(
        `Invalid fault rule: path must be a part of the request's path, such as /products/ABC: not a URL, and without a query (?...), which rules are not matched against (got ${JSON.stringify(path)})`,
      );
    }
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
    // The rule a person meant applies, its path written decoded or as sent.
    await c.post('/__admin/faults', { path: '/products/café', status: 503 });
    expect((await c.get(`${BASE}/products/caf%C3%A9`)).status).toBe(503);
  });

  it('refuses a rule whose method no API request has, such as a typo', async () => {
    // Taken, GETT or FETCH never matched, and nothing said why.
    const c = client(await makeApp());
    for (const method of ['GETT', 'FETCH', 'PUT']) {
      const res = await c.post('/__admin/faults', { method, status: 503 });
      expect(res.status, method).toBe(400);
      expect(res.body.message).toBe(
        `Invalid fault rule: method must be one the API answers, in any case: GET, HEAD, POST, DELETE, PATCH (got "${method}")`,
      );
    }
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
    expect((await c.post('/__admin/faults', { method: 'head', status: 503 })).status).toBe(201);
  });

  it('refuses a rule whose tenantId or environment no request can name, such as tenant/environment', async () => {
    // Taken, such a rule would never apply, and nothing would say why.
    const c = client(await makeApp());
    const scoped = await c.post('/__admin/faults', { tenantId: 'acme/dev', status: 503 });
    expect(scoped.status).toBe(400);
    expect(scoped.body.message).toBe(
      'Invalid fault rule: tenantId must be 1 to 64 letters, digits, ".", "_" or "-", other than "." and ".." (got "acme/dev")',
    );
    const environment = await c.post('/__admin/faults', { environment: '..', status: 503 });
    expect(environment.status).toBe(400);
    expect(environment.body.message).toBe(
      'Invalid fault rule: environment must be 1 to 64 letters, digits, ".", "_" or "-", other than "." and ".." (got "..")',
    );
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
  });

  it('refuses a rule whose method is not its operation’s, which would never apply', async () => {
    const c = client(await makeApp());
    const push = await c.post('/__admin/faults', { operationId: 'pushProducts', method: 'GET', status: 500 });
    expect(push.status).toBe(400);
    expect(push.body.message).toBe(
      'Invalid fault rule: method GET never matches operationId pushProducts, which is POST /products-push; leave method out, or name an operation of that method',
    );
    const read = await c.post('/__admin/faults', { operationId: 'getProduct', method: 'post', status: 500 });
    expect(read.body.message).toMatch(/which is GET or HEAD \/products\/\{productGroupId\};/);
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
    // The operation's own method, in any case, and HEAD for a GET operation, are rules that apply.
    for (const method of ['get', 'HEAD']) {
      const ok = await c.post('/__admin/faults', { operationId: 'getProduct', method, status: 500 });
      expect(ok.status, method).toBe(201);
    }
  });

  it('refuses a rule that is malformed, does nothing, or names an unknown operation', async () => {
    const c = client(await makeApp());
    for (const rule of [
      { status: 200 },
      { path: '/x' },
      { status: 500, rate: 2 },
      { status: 500, colour: 'red' },
    ]) {
      const res = await c.post('/__admin/faults', rule);
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid fault rule: /);
    }
    const unknown = await c.post('/__admin/faults', { operationId: 'getProducts', status: 500 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(
      /^operationId "getProducts" is not an API operation of openapi.yaml \(fault rules do not reach \/__admin\); operations: listProducts/,
    );
    // An admin operation is in openapi.yaml: it was said not to be.
    const admin = await c.post('/__admin/faults', { operationId: 'resetMock', status: 500 });
    expect(admin.status).toBe(400);
    expect(admin.body.message).toMatch(
      /^operationId "resetMock" is not an API operation of openapi.yaml \(fault rules do not reach \/__admin\); operations: listProducts/,
    );
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
  });

  it('in strict mode needs a listed key, as every admin endpoint', async () => {
    const app = await makeApp({ apiKeys: ['k1'] });
    expect((await request(app).get('/__admin/faults')).status).toBe(401);
    expect((await request(app).post('/__admin/faults').send({ status: 500 })).status).toBe(401);
    expect((await request(app).get('/__admin/requests')).status).toBe(401);
    expect((await request(app).delete('/__admin/requests')).status).toBe(401);
    expect((await request(app).get('/__admin/faults').set('x-api-key', 'k1')).status).toBe(200);
  });
});

describe("a simulated network failure (Prefer: network=reset, lost or cut, a rule's network)", () => {
  /** A merge push of the products to the server, with a Prefer header when one is given. */
  const pushTo = (server: RunningServer, products: object[], prefer?: string) =>
    fetch(`${server.url}${BASE}/products-push`, {
      method: 'POST',
      headers: { ...TOKEN, 'content-type': 'application/json', ...(prefer && { prefer }) },
      body: JSON.stringify({ data: products }),
    });

  /** The one push sent so far is journaled as 444 with its body, and logged with `message`. */
  const expectClosedPush = async (server: RunningServer, lines: object[], message: string) => {
    const journal = await request(server.url).get('/__admin/requests?method=POST');
    expect(journal.body.data).toEqual([
      expect.objectContaining({ status: 444, operationId: 'pushProducts', body: { data: [PRODUCT] } }),
    ]);
    expect(lines).toContainEqual(expect.objectContaining({ method: 'POST', status: 444, error: message }));
  };

  it('resets the connection without an answer, changes nothing, and is logged and journaled as 444', async () => {
    const { lines, server } = await loggedServer();
    try {
      const api = `${server.url}${BASE}`;
      const push = pushTo(server, [PRODUCT], 'network=reset');
      // What an app sees of a dropped connection: fetch rejects, with no status to read.
      await expect(push).rejects.toThrow(TypeError);
      expect((await fetch(`${api}/products/p1`, { headers: TOKEN })).status).toBe(404);
      const message =
        'Simulated network failure (Prefer: network=reset): the connection was reset without an answer; nothing was changed';
      await expectClosedPush(server, lines, message);

      // A rule does the same for an app that cannot set headers, and is spent like any rule.
      const rule = await request(server.url)
        .post('/__admin/faults')
        .send({ operationId: 'listProducts', network: 'reset', times: 1 });
      expect(rule.status).toBe(201);
      await expect(fetch(`${api}/products`, { headers: TOKEN })).rejects.toThrow(TypeError);
      expect((await fetch(`${api}/products`, { headers: TOKEN })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('network=lost runs the operation, then resets the connection: the write is applied, its answer lost', async () => {
    const { lines, server } = await loggedServer();
    try {
      const api = `${server.url}${BASE}`;
      const push = pushTo(server, [PRODUCT], 'network=lost');
      // The app sees what it sees of a reset, yet the product was written: what its retry must expect.
      await expect(push).rejects.toThrow(TypeError);
      expect((await fetch(`${api}/products/p1`, { headers: TOKEN })).status).toBe(200);
      const message =
        'Simulated network failure (Prefer: network=lost): the operation ran, then the connection was ' +
        'reset: its answer was lost (it was 200)';
      await expectClosedPush(server, lines, message);

      // A request the operation refuses: nothing is applied, and the journal says which status was lost.
      const bad = pushTo(server, [{ productGroupId: 7 }], 'network=lost');
      await expect(bad).rejects.toThrow(TypeError);
      expect(lines).toContainEqual(
        expect.objectContaining({
          status: 444,
          error: expect.stringMatching(/answer was lost \(it was 400\)$/),
        }),
      );

      // A rule does the same: the second product is written, its answer lost.
      const rule = await request(server.url)
        .post('/__admin/faults')
        .send({ operationId: 'pushProducts', network: 'lost', times: 1 });
      expect(rule.status).toBe(201);
      const ruled = pushTo(server, [{ ...PRODUCT, productGroupId: 'p2' }]);
      await expect(ruled).rejects.toThrow(TypeError);
      expect((await fetch(`${api}/products/p2`, { headers: TOKEN })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('network=cut runs the operation, then sends its head whole and half its body: reading the body fails', async () => {
    const { lines, server } = await loggedServer();
    try {
      const api = `${server.url}${BASE}`;
      // The app sees the status and headers, then its read of the body rejects.
      const push = await pushTo(server, [PRODUCT], 'network=cut');
      expect(push.status).toBe(200);
      expect(push.headers.get('content-type')).toMatch(/^application\/json/);
      await expect(push.json()).rejects.toThrow();
      expect((await fetch(`${api}/products/p1`, { headers: TOKEN })).status).toBe(200);
      const message =
        'Simulated network failure (Prefer: network=cut): the operation ran, then its answer was cut off ' +
        'halfway and the connection closed (it was 200)';
      await expectClosedPush(server, lines, message);

      // On the wire: the whole head, exactly the first half of the body it announces, then the end
      // of the connection.
      const whole = Buffer.from(await (await fetch(`${api}/products/p1`, { headers: TOKEN })).arrayBuffer());
      const rule = await request(server.url)
        .post('/__admin/faults')
        .send({ operationId: 'getProduct', network: 'cut', times: 1 });
      expect(rule.status).toBe(201);
      const raw = await rawGet(server.url, `${BASE}/products/p1`);
      expect(raw.ended).toBe('end');
      expect(raw.head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(raw.head).toMatch(new RegExp(`\r\ncontent-length: ${whole.length}\r\n`, 'i'));
      expect(raw.body.equals(whole.subarray(0, Math.floor(whole.length / 2)))).toBe(true);
      // A HEAD answer has no body to cut: its head arrives whole, and nothing fails.
      const head = await fetch(`${api}/products/p1`, {
        method: 'HEAD',
        headers: { ...TOKEN, prefer: 'network=cut' },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(whole.length));
      expect(await head.text()).toBe('');
      // Spent: the next read is whole.
      expect(await (await fetch(`${api}/products/p1`, { headers: TOKEN })).json()).toMatchObject({
        data: { productGroupId: 'p1' },
      });
    } finally {
      await server.close();
    }
  });

  it('refuses a network failure it does not simulate, or one asked for beside a status', async () => {
    const c = client(await makeApp());
    const unknown = await c.get(`${BASE}/products`).set('Prefer', 'network=timeout');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Prefer: network=timeout is not a network failure the mock simulates; send Prefer: network=reset ' +
        '(no answer, nothing done), network=lost (the operation runs, its answer is lost) or ' +
        'network=cut (the operation runs, its answer is cut off halfway)',
    );
    const both = await c.get(`${BASE}/products`).set('Prefer', 'network=reset, code=503');
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/cannot go with code=503/);
    const rule = await c.post('/__admin/faults', { network: 'reset', status: 503 });
    expect(rule.status).toBe(400);
    expect(rule.body.message).toBe(
      'Invalid fault rule: network is a failure of the connection, not an answer; give it or a status, not both',
    );
    expect((await c.post('/__admin/faults', { network: 'drop' })).status).toBe(400);
    expect((await c.get('/__admin/faults')).body.data).toEqual([]);
  });
});

describe('/__admin/requests (request journal)', () => {
  it('logs and keeps a request whose client gave up waiting, as 499', async () => {
    const { lines, server } = await loggedServer();
    try {
      // The push has been read whole by the mock, which now waits out the delay.
      const waiting = new Promise<void>((resolve) =>
        server.server.once('request', (req: NodeJS.ReadableStream) => req.once('end', resolve)),
      );
      const sent = httpRequest(`${server.url}${BASE}/products-push`, {
        method: 'POST',
        headers: { ...TOKEN, 'content-type': 'application/json', prefer: 'delay=60000' },
      });
      sent.on('error', () => undefined);
      sent.end(JSON.stringify({ data: [PRODUCT] }));
      await waiting;
      // An app whose timeout is shorter than the simulated delay: it closes the connection.
      sent.destroy();
      const journal = async () =>
        (
          (await request(server.url).get('/__admin/requests')).body.data as {
            method: string;
            status: number;
          }[]
        ).map((e) => `${e.method} ${e.status}`);
      await expect.poll(journal).toEqual(['POST 499']);
      // What the mock knew when the client left: the operation, its scope and the body it read.
      const [entry] = (await request(server.url).get('/__admin/requests')).body.data;
      expect(entry).toMatchObject({
        path: `${BASE}/products-push`,
        status: 499,
        operationId: 'pushProducts',
        tenantId: 'acme',
        environment: 'dev',
        body: { data: [PRODUCT] },
      });
      expect(lines).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: `${BASE}/products-push`,
          status: 499,
          error: 'The client closed the connection before the answer',
        }),
      );
    } finally {
      await server.close();
    }
  });

  it("keeps what an app sent, not its browser's CORS preflights", async () => {
    const app = await makeApp();
    const c = client(app);
    // What a browser app on another origin sends for one push.
    const preflight = await request(app)
      .options(`${BASE}/products-push`)
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,x-api-key');
    expect(preflight.status).toBe(204);
    await c.post(`${BASE}/products-push`, { data: [PRODUCT] }).set('Origin', 'http://localhost:5173');
    const pushes = (await c.get('/__admin/requests?path=/products-push')).body.data;
    expect(pushes.map((e: { method: string }) => e.method)).toEqual(['POST']);
  });
  it("keeps no request for demo media, which is the mock's own, not what the app sent", async () => {
    const app = await makeApp();
    expect((await request(app).get('/__media/swatches/black.png')).status).toBe(200);
    expect((await client(app).get('/__admin/requests')).body.data).toEqual([]);
  });

  it('refuses a tenantId filter no request can name, which matched nothing without a word', async () => {
    const c = client(await makeApp());
    await c.get(`${BASE}/products?limit=2`);
    const both = await c.get('/__admin/requests?tenantId=acme%2Fdev');
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'query.tenantId must be 1 to 64 letters, digits, ".", "_" or "-", other than "." and ".." (got "acme/dev")',
    );
    expect((await c.get('/__admin/requests?tenantId=..')).status).toBe(400);
    expect((await c.get('/__admin/requests?tenantId=acme')).body.data).toHaveLength(1);
  });

  it('tells what a client sent, newest first, filtered, without its token', async () => {
    const c = client(await makeApp());
    await c.post(`${BASE}/products-push`, { data: [PRODUCT] });
    await c.get(`${BASE}/products?limit=2`);
    await c.get('/other/dev/products/nope');
    await c.get('/__admin/health');

    const all = (await c.get('/__admin/requests')).body.data;
    expect(all.map((e: { status: number; path: string }) => `${e.status} ${e.path}`)).toEqual([
      '404 /other/dev/products/nope',
      '200 /acme/dev/products',
      '200 /acme/dev/products-push',
    ]);
    expect(all[1]).toMatchObject({ method: 'GET', query: { limit: '2' }, operationId: 'listProducts' });
    expect(JSON.stringify(all)).not.toContain(TOKEN['x-api-key']);

    const pushes = (await c.get('/__admin/requests?method=post&tenantId=acme')).body.data;
    expect(pushes).toEqual([
      {
        id: 1,
        at: expect.any(String),
        method: 'POST',
        path: '/acme/dev/products-push',
        query: {},
        status: 200,
        durationMs: expect.any(Number),
        tenantId: 'acme',
        environment: 'dev',
        operationId: 'pushProducts',
        body: { data: [PRODUCT] },
        answer: {
          bytes: expect.any(Number),
          truncated: false,
          body: JSON.stringify({ data: [{ productGroupId: PRODUCT.productGroupId, status: 201 }] }),
        },
      },
    ]);
    expect((await c.get('/__admin/requests?status=404&limit=1')).body.data).toHaveLength(1);
    expect((await c.get('/__admin/requests?limit=0')).status).toBe(400);

    expect((await c.delete('/__admin/requests')).body.data).toEqual({ deleted: 3 });
    expect((await c.get('/__admin/requests')).body.data).toEqual([]);
  });
});

describe('request log', () => {
  it('writes a line per request with the message of an error', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await makeApp({ logger: createLogger({ format: 'json', destination }) });
    await request(app).get(`${BASE}/products?limit=1`);
    await request(app).get(`${BASE}/products`).set(TOKEN).set('Prefer', 'code=503');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: `${BASE}/products?limit=1`,
        status: 401,
        error: expect.stringMatching(/Missing access token/),
      }),
      expect.objectContaining({
        method: 'GET',
        url: `${BASE}/products`,
        status: 503,
        durationMs: expect.any(Number),
      }),
    ]);

    lines.length = 0;
    const quiet = await makeApp({
      logger: createLogger({ format: 'json', destination }),
      logRequests: false,
    });
    await request(quiet).get(`${BASE}/products`);
    expect(lines).toEqual([]);
  });
});
