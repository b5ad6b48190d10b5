// The browser boundary (docs/security.md): which Host names are answered, which pages may read the
// answers, and which may call the admin endpoints. Each attack of a page the developer visits is
// replayed: DNS rebinding (a Host of the page's own), a cross-site reset without a body (a simple
// request, which no CORS rule stops), reading the journal.
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { boundaryOf } from '../../src/http/browserBoundary.js';
import { hostnameOf, isLoopback } from '../../src/http/loopback.js';
import { workbenchOf } from '../../src/app.js';
import { startServer } from '../../src/server.js';
import { BASE, makeApp, TOKEN } from '../helpers.js';

const type = (id: string) => ({ data: [{ productTypeId: id }] });
const typeIds = (res: request.Response) =>
  (res.body.data as { productTypeId: string }[]).map((t) => t.productTypeId);

describe('loopback names', () => {
  it('are localhost and the names below it, 127.0.0.0/8 and ::1', () => {
    for (const host of [
      'localhost:4010',
      'LOCALHOST',
      'app.localhost:5173',
      '127.0.0.1',
      '127.8.9.10:80',
      '[::1]:4010',
      '::1',
      'localhost.',
    ]) {
      expect([host, isLoopback(hostnameOf(host))]).toEqual([host, true]);
    }
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      '10.0.0.1',
      '0.0.0.0',
      '[::]',
      'mylocalhost',
    ]) {
      expect([host, isLoopback(hostnameOf(host))]).toEqual([host, false]);
    }
  });
});

describe('Host', () => {
  it('refuses a name the page chose (DNS rebinding) with a 403 naming --allowed-host, and changes nothing', async () => {
    const app = await makeApp();
    await request(app).post(`${BASE}/product-types`).set(TOKEN).send(type('kept'));
    workbenchOf(app).journal.clear();
    for (const [method, path] of [
      ['get', `${BASE}/products`],
      ['post', '/__admin/reset'],
      ['get', '/__admin/requests'],
      ['get', '/docs'],
    ] as const) {
      const res = await request(app)[method](path).set('Host', 'rebound.attacker.example:4010').set(TOKEN);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.message).toContain('--allowed-host rebound.attacker.example');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(typeIds(await request(app).get(`${BASE}/product-types`).set(TOKEN))).toEqual(['kept']);
    // Refused at the boundary: logged, not journaled.
    expect(workbenchOf(app).journal.count).toBe(1);
  });

  it('answers loopback names and addresses, IP addresses and the host it listens on', async () => {
    const app = await makeApp({ host: 'mock.lan' });
    for (const host of [
      'localhost:4010',
      'app.localhost',
      '127.0.0.1:4010',
      '127.1.2.3',
      '[::1]:4010',
      '192.168.1.20:4010',
      '[fe80::1]',
      'MOCK.LAN:4010',
    ]) {
      const res = await request(app).get('/__admin/health').set('Host', host);
      expect([host, res.status]).toEqual([host, 200]);
    }
    expect((await request(app).get('/__admin/health').set('Host', 'other.lan')).status).toBe(403);
  });

  it('answers the names --allowed-host gives, a domain with its leading dot, and every name with all', async () => {
    const app = await makeApp({ allowedHosts: ['mock.example.test', '.dev.example'] });
    for (const host of ['mock.example.test:4010', 'dev.example', 'a.b.dev.example']) {
      expect([host, (await request(app).get('/__admin/health').set('Host', host)).status]).toEqual([
        host,
        200,
      ]);
    }
    for (const host of ['example.test', 'notdev.example', 'mock.example.test.evil']) {
      expect([host, (await request(app).get('/__admin/health').set('Host', host)).status]).toEqual([
        host,
        403,
      ]);
    }
    const open = await makeApp({ allowedHosts: 'all' });
    expect((await request(open).get('/__admin/health').set('Host', 'anything.example')).status).toBe(200);
    const openList = await makeApp({ allowedHosts: ['all'] });
    expect((await request(openList).get('/__admin/health').set('Host', 'anything.example')).status).toBe(200);
  });

  it('refuses, at start, an --allowed-host or --cors-origin no request could match', async () => {
    await expect(makeApp({ allowedHosts: ['http://mock.example.test'] })).rejects.toThrow(
      /is not a host name/,
    );
    await expect(makeApp({ corsOrigins: ['https://app.example.test/path'] })).rejects.toThrow(
      /is not an origin/,
    );
    await expect(makeApp({ corsOrigins: ['app.example.test'] })).rejects.toThrow(/is not an origin/);
    expect(() => boundaryOf({ corsOrigins: ['https://app.example.test/', 'null', '*'] })).not.toThrow();
  });
});

describe('CORS', () => {
  it('lets a page on a loopback origin read and write, with credentials', async () => {
    const app = await makeApp();
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:3000',
      'https://app.localhost',
      'http://[::1]:8080',
    ]) {
      const write = await request(app)
        .post(`${BASE}/product-types`)
        .set('Origin', origin)
        .set(TOKEN)
        .send(type('t'));
      expect([origin, write.status, write.headers['access-control-allow-origin']]).toEqual([
        origin,
        200,
        origin,
      ]);
      expect(write.headers['access-control-allow-credentials']).toBe('true');
    }
  });

  it('tells a page on any other origin nothing: no CORS header, so its script reads no answer', async () => {
    const app = await makeApp();
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost.evil.example',
      'http://192.168.1.20:5173',
    ]) {
      const read = await request(app).get(`${BASE}/products`).set('Origin', origin).set(TOKEN);
      expect([origin, read.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
      const preflight = await request(app)
        .options(`${BASE}/product-types`)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'x-api-key,content-type');
      expect([origin, preflight.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
    }
  });

  it('answers the origins --cors-origin adds, and every origin for *', async () => {
    const app = await makeApp({ corsOrigins: ['https://app.example.test'] });
    const read = await request(app)
      .get(`${BASE}/products`)
      .set('Origin', 'https://app.example.test')
      .set(TOKEN);
    expect(read.headers['access-control-allow-origin']).toBe('https://app.example.test');
    const other = await request(app)
      .get(`${BASE}/products`)
      .set('Origin', 'https://other.example')
      .set(TOKEN);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const any = await makeApp({ corsOrigins: ['*'] });
    const anyRead = await request(any)
      .get(`${BASE}/products`)
      .set('Origin', 'https://other.example')
      .set(TOKEN);
    expect(anyRead.headers['access-control-allow-origin']).toBe('https://other.example');
  });
});

describe('admin endpoints from another site', () => {
  it('refuses a cross-site reset sent without a body (a simple request), and resets nothing', async () => {
    const app = await makeApp();
    await request(app).post(`${BASE}/product-types`).set(TOKEN).send(type('kept'));
    const byOrigin = await request(app).post('/__admin/reset').set('Origin', 'https://evil.example');
    expect(byOrigin.status).toBe(403);
    expect(byOrigin.body.message).toContain('--cors-origin https://evil.example');
    const byFetchSite = await request(app).post('/__admin/reset').set('Sec-Fetch-Site', 'cross-site');
    expect(byFetchSite.status).toBe(403);
    const nullOrigin = await request(app).post('/__ADMIN/RESET').set('Origin', 'null');
    expect(nullOrigin.status).toBe(403);
    expect(typeIds(await request(app).get(`${BASE}/product-types`).set(TOKEN))).toEqual(['kept']);
  });

  it('refuses a cross-site page the journal and the fault rules, and a page on loopback gets them', async () => {
    const app = await makeApp();
    const evil = { Origin: 'https://evil.example' };
    expect((await request(app).get('/__admin/requests').set(evil)).status).toBe(403);
    expect((await request(app).delete('/__admin/requests').set(evil)).status).toBe(403);
    expect((await request(app).get('/__admin/faults').set('Sec-Fetch-Site', 'cross-site')).status).toBe(403);
    const rule = await request(app).post('/__admin/faults').set(evil).send({ status: 503 });
    expect(rule.status).toBe(403);
    expect(workbenchOf(app).faults.list()).toEqual([]);
    const local = { Origin: 'http://localhost:5173' };
    expect((await request(app).get('/__admin/requests').set(local)).status).toBe(200);
    expect((await request(app).post('/__admin/reset').set(local)).status).toBe(200);
  });

  it('lets the mock own pages and an allowed origin call them; /docs opens from a link on any site', async () => {
    const app = await makeApp({ corsOrigins: ['https://app.example.test'] });
    // The page /docs served at the address the mock is reached by sends its own origin.
    const own = await request(app)
      .post('/__admin/reset')
      .set('Host', '192.168.1.20:4010')
      .set('Origin', 'http://192.168.1.20:4010');
    expect(own.status).toBe(200);
    const allowed = await request(app).post('/__admin/reset').set('Origin', 'https://app.example.test');
    expect(allowed.status).toBe(200);
    expect((await request(app).get('/__admin/health').set('Sec-Fetch-Site', 'same-origin')).status).toBe(200);
    const docs = await request(app).get('/docs').set('Sec-Fetch-Site', 'cross-site');
    expect(docs.status).toBe(200);
  });
});

describe('response headers', () => {
  it('say X-Content-Type-Options: nosniff on every answer', async () => {
    const app = await makeApp();
    const answers = await Promise.all([
      request(app).get(`${BASE}/products`).set(TOKEN),
      request(app).get(`${BASE}/products`),
      request(app).get('/nowhere'),
      request(app).get('/__admin/health'),
      request(app).get('/docs'),
      request(app).get('/docs/swagger-ui.css'),
      request(app).get('/openapi.yaml'),
      request(app)
        .options(`${BASE}/products`)
        .set('Origin', 'http://localhost:5173')
        .set('Access-Control-Request-Method', 'GET'),
      request(app).get('/__admin/health').set('Host', 'evil.example'),
    ]);
    expect(answers.map((res) => [res.status, res.headers['x-content-type-options']])).toEqual(
      answers.map((res) => [res.status, 'nosniff']),
    );
  });

  it('say it on the 431 node refuses before express sees the request, too', async () => {
    const server = await startServer({ port: 0 });
    try {
      const res = await fetch(`${server.url}/acme/dev/products`, {
        headers: { 'x-api-key': 'k'.repeat(17_000) },
      });
      expect([res.status, res.headers.get('x-content-type-options')]).toEqual([431, 'nosniff']);
    } finally {
      await server.close();
    }
  });

  it('give /docs a Content-Security-Policy that allows its own script and nothing from elsewhere', async () => {
    const app = await makeApp();
    const page = await request(app).get('/docs');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('the request journal in strict mode', () => {
  it('keeps the requests of a listed key when a client without one sends thousands of 401s', async () => {
    const app = await makeApp({ apiKeys: ['k'] });
    await request(app).post(`${BASE}/product-types`).set('x-api-key', 'k').send(type('kept'));
    for (let i = 0; i < 1100; i++) await request(app).get(`${BASE}/products`).set('x-api-key', `wrong${i}`);
    await request(app).get(`${BASE}/products`);
    const journal = await request(app).get('/__admin/requests').set('x-api-key', 'k');
    expect(
      (journal.body.data as { method: string; status: number }[]).map((e) => [e.method, e.status]),
    ).toEqual([['POST', 200]]);
  }, 60_000);

  it('keeps 401s where any token is accepted: there they are the app missing its token', async () => {
    const app = await makeApp();
    await request(app).get(`${BASE}/products`);
    const journal = await request(app).get('/__admin/requests');
    expect((journal.body.data as { status: number }[]).map((e) => e.status)).toEqual([401]);
  });
});
