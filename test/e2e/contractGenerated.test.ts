// `contract --generated`: requests generated from openapi.yaml; a conforming mock passes, a server that
// answers 500 to one kind of input, or a body outside its schema, fails with the shrunk request as curl.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy, type Exchange } from '../proxy.js';
import { runContract } from './contractRun.js';

const KEY = 'gen-key';
/** `contract --generated` with these arguments. */
const contract = (args: string[]) => runContract(['--generated', ...args]);

/** Every value of the id fields anywhere in a JSON body. */
function idsIn(body: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key?: string): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, key === 'data' ? 'item' : undefined));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (
      typeof v === 'string' &&
      (key === 'item' || ['productGroupId', 'productId', 'productTypeId'].includes(key ?? ''))
    )
      out.push(v);
  };
  try {
    walk(JSON.parse(body));
  } catch {
    // a deliberately malformed body names no id
  }
  return out;
}

describe('contract --generated', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  it('passes against the mock, writes only ids with the run prefix, and deletes them afterwards', async () => {
    const writes: Exchange[] = [];
    const proxy = await startProxy(server.url, (req) => {
      if (req.method !== 'GET') writes.push(req);
      return undefined;
    });
    try {
      const base = `${proxy.url}/acme/gen`;
      const { code, output } = await contract([
        '--base-url',
        base,
        '--api-key',
        KEY,
        '--examples',
        '5',
        '--seed',
        '11',
      ]);
      expect(output).toMatch(/every generated check passed/);
      expect(code).toBe(0);
      expect(output.match(/^ok /gm)?.length).toBeGreaterThanOrEqual(17);
      const prefix = /ids prefixed (ct-[a-z0-9]+-[a-f0-9]+-)/.exec(output)![1]!;
      const ids = writes.flatMap((w) => idsIn(w.body));
      expect(ids.length).toBeGreaterThan(100);
      expect(
        ids.filter((id) => !id.startsWith(prefix)),
        JSON.stringify(ids.filter((id) => !id.startsWith(prefix))),
      ).toEqual([]);

      const headers = { 'x-api-key': KEY };
      const products = await (await fetch(`${server.url}/acme/gen/products?limit=1`, { headers })).json();
      expect(products.data.count).toBe(0);
      const types = await (await fetch(`${server.url}/acme/gen/product-types`, { headers })).json();
      expect(types.data).toEqual([]);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('fails against a server that answers 500 to one input, printing the smallest such request as curl', async () => {
    // a bug that only shows with attribute filters on a page of 10 or more
    const proxy = await startProxy(server.url, (req, answer) => {
      const url = new URL(req.url, 'http://x');
      const broken =
        url.pathname.endsWith('/products') &&
        req.method === 'GET' &&
        url.searchParams.get('includeAttributeFilters') === 'true' &&
        Number(url.searchParams.get('limit') ?? 0) >= 10;
      return broken
        ? { status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":"boom"}' }
        : answer;
    });
    let dir: string | undefined;
    try {
      const base = `${proxy.url}/acme/gen`;
      const args = [
        ...['--base-url', base, '--api-key', KEY, '--readonly', '--examples', '50', '--seed', '7'],
        // the operation the broken server concerns: a run of every read takes twice as long
        ...['--only', 'listProducts'],
      ];
      dir = await mkdtemp(join(tmpdir(), 'pcm-generated-'));
      const [junit, html] = [join(dir, 'generated.xml'), join(dir, 'generated.html')];
      const { code, output } = await contract([...args, '--junit', junit, '--report', html]);
      expect(code).toBe(1);
      // --junit and --report are written as for the suite: one case per operation and kind
      const report = await readFile(junit, 'utf8');
      const failures = Number(/<testsuites name="contract" tests="\d+" failures="(\d+)" /.exec(report)?.[1]);
      expect(failures).toBeGreaterThanOrEqual(1);
      expect(failures).toBe(Number(/^(\d+) generated checks? failed/m.exec(output)?.[1]));
      expect(report).toMatch(/name="GET \/products: valid requests"/);
      expect(report).toMatch(/operation: listProducts\nrequest: curl -sS -X GET /);
      const page = await readFile(html, 'utf8');
      expect(page).toContain(`<title>Contract run: ${failures} failed</title>`);
      expect(page).toMatch(/<pre class="curl">curl -sS -X GET /);
      expect(output).toContain(`JUnit report: ${junit}`);
      expect(output).toMatch(/FAIL listProducts, a valid request/);
      expect(output).toMatch(/no request may get a 5xx, got 500/);
      const curl = /request: (curl .*)$/m.exec(output)?.[1] ?? '';
      expect(curl).toMatch(/^curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/acme\/gen\/products\?/);
      expect(curl).toContain('"x-api-key: $CONTRACT_API_KEY"');
      // shrunk: the smallest page size that still fails, and only the parameters it needs
      expect(curl).toMatch(/[?&]limit=10[&']/);
      expect(curl).toMatch(/[?&]includeAttributeFilters=true[&']/);
      expect(output).toMatch(/repeat with --seed 7/);
      // the same seed fails the same way
      const again = await contract(args);
      expect(/request: (curl .*)$/m.exec(again.output)?.[1]).toBe(curl);
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
      await proxy.close();
    }
  }, 120_000);

  it('fails against a server whose answer to one documented request is outside its schema, naming the operation and the shrunk request', async () => {
    // a list of product types asked for by id comes back as an object, where openapi.yaml documents an array
    const proxy = await startProxy(server.url, (req, answer) =>
      req.method === 'GET' && /\/product-types\?(.*&)?ids=/.test(req.url) && answer.status === 200
        ? { ...answer, body: '{"data":{"oops":1}}' }
        : undefined,
    );
    try {
      const { code, output } = await contract([
        ...['--base-url', `${proxy.url}/acme/gen-schema`, '--api-key', KEY, '--readonly'],
        ...['--only', 'listProductTypes', '--examples', '5', '--seed', '3'],
      ]);
      expect(code).toBe(1);
      expect(output).toMatch(/^x {2}listProductTypes \(GET \/product-types\): valid FAILED$/m);
      expect(output).toMatch(/FAIL listProductTypes, a valid request \(shrunk in [1-9]\d* steps? /);
      expect(output).toMatch(/^ {3}- listProductTypes 200 body\/data must be an array \(got an object\)$/m);
      expect(output).toMatch(/^ {3}answer: +200 \{"data":\{"oops":1\}\}$/m);
      // shrunk to what still fails: one id, and no other parameter
      const curl = /request: (curl .*)$/m.exec(output)?.[1] ?? '';
      expect(curl).toMatch(
        /^curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/acme\/gen-schema\/product-types\?ids=ct-[^&',;]+' /,
      );
      expect(output).toMatch(/^1 generated check failed; repeat with --seed 3$/m);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('runs in-process when no base URL is given', async () => {
    const { code, output } = await contract(['--readonly', '--examples', '3', '--seed', '5']);
    expect(output).toMatch(/\(in-process mock\)/);
    expect(code).toBe(0);
  }, 120_000);
});
