// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startServer, type RunningServer } from '../../src/server.js';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { startProxy } from '../proxy.js';
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';
import { browserMissing, chromiumArgs, chromiumPath } from '../browser.js';
import { cli, held, withFault as withServerFault, withoutContractEnv } from './contractRun.js';

const run = promisify(execFile);

/** A contract run to its end, not in a terminal: its exit code and what it printed. */
async function contract(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [cli, 'contract', ...args], {
    env: { ...withoutContractEnv(), NO_COLOR: '' },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}
/** Opens the HTML report in headless Chromium: it must show the failures, each with its curl. */
async function lookAtReport(file: string, failures: number): Promise<void> {
  const missing = browserMissing();
  if (missing) {
    console.warn(`HTML report not opened in a browser: ${missing}`);
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(pathToFileURL(file).href);
    expect(await page.locator('h1').innerText()).toBe(`Contract run: ${failures} failed`);
    expect(await page.locator('article.failure').count()).toBe(failures);
    const first = page.locator('article.failure').first();
    expect(await first.locator('pre.curl').innerText()).toMatch(/^curl -sS -X /);
    expect(await first.locator('pre.curl').isVisible()).toBe(true);
    await page.screenshot({ path: file.replace(/\.html$/, '.png') });
    if (process.env.CONTRACT_REPORT_SCREENSHOT)
      await page.screenshot({ path: process.env.CONTRACT_REPORT_SCREENSHOT, fullPage: false });
  } finally {
    await browser.close();
  }
}

describe('product-catalog-mock contract', () => {
  let server: RunningServer;
  let dir: string;
  /** Runs `test` while the server holds the fault rule, then removes the rule. */
  const withFault = (rule: object, test: () => Promise<void>) =>
    withServerFault(server.url, 'staging-key', rule, test);
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: ['staging-key'] });
    dir = await mkdtemp(join(tmpdir(), 'pcm-contract-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  // the three URL prefixes of docs/behaviour.md, "Addressing", each a separate scope of the server
  const prefixes = ['/regions/us/products/v1/tenants/acme/staging', '/api/tenants/acme/qa', '/acme/dev'];

  it.each(prefixes)(
    'passes against a conforming server under %s, reports JUnit, and cleans up after itself',
    async (prefix) => {
      const base = `${server.url}${prefix}`;
      const junit = join(dir, `report-${prefixes.indexOf(prefix)}.xml`);
      await run(
        process.execPath,
        [cli, 'contract', '--base-url', base, '--api-key', 'staging-key', '--junit', junit],
        {
          env: withoutContractEnv(),
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const report = await readFile(junit, 'utf8');
      const tests = Number(/<testsuites[^>]*tests="(\d+)"/.exec(report)?.[1]);
      expect(tests).toBeGreaterThan(100);
      expect(report).toMatch(/<testsuites[^>]*failures="0"/);

      const headers = { 'x-api-key': 'staging-key' };
      const products = await (await fetch(`${base}/products?limit=1`, { headers })).json();
      expect(products.data.count).toBe(0);
      const types = await (await fetch(`${base}/product-types`, { headers })).json();
      expect(types.data).toEqual([]);
    },
    240_000,
  );

  it('read-only with --only: says why each test was skipped, in the console and in JUnit alike', async () => {
    const junit = join(dir, 'readonly.xml');
    const { stdout } = await run(
      process.execPath,
      [
        ...[cli, 'contract', '--base-url', `${server.url}/acme/ro`, '--api-key', 'staging-key', '--readonly'],
        ...['--only', 'listProducts,mock choice', '--junit', junit],
      ],
      { env: withoutContractEnv(), maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toMatch(/^ {2}\d+ tests: read-only run: this test writes$/m);
    expect(stdout).toMatch(/^ {2}\d+ tests: not selected by --only listProducts,mock choice$/m);
    const summary = /Tests: 0 failed, (\d+) passed, (\d+) skipped \((\d+)\)/.exec(stdout);
    const report = await readFile(junit, 'utf8');
    const suites = /<testsuites[^>]*tests="(\d+)" failures="0" errors="0" skipped="(\d+)"/.exec(report);
    expect([suites?.[1], suites?.[2]]).toEqual([summary?.[3], summary?.[2]]);
    const skips = report.match(/<skipped message="[^"]+"\/>/g) ?? [];
    expect(skips.length).toBe(Number(summary?.[2]));
    expect(report).not.toMatch(/<skipped message=""/);
  }, 240_000);

  it('read-only, the whole suite: sends no write a deployment could store (the journal holds what reached it)', async () => {
    const scope = '/acme/ro-whole';
    const args = [cli, 'contract', '--base-url', `${server.url}${scope}`, '--api-key', 'staging-key'];
    const { stdout } = await run(process.execPath, [...args, '--readonly'], {
      env: withoutContractEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stdout).toMatch(/Tests: 0 failed, [1-9]\d* passed/);
    const journal = await fetch(`${server.url}/__admin/requests?tenantId=acme&limit=1000`, {
      headers: { 'x-api-key': 'staging-key' },
    });
    const entries = (
      (await journal.json()) as { data: { path: string; operationId?: string; body?: unknown }[] }
    ).data;
    const reached = entries.filter((e) => e.path.startsWith(`${scope}/`));
    expect(reached.length).toBeGreaterThan(20);
    const writes = new Set(
      new OperationTable(apiDocument, '').operations.filter((op) => !op.safe).map((op) => op.operationId),
    );
    // A write may only have gone with a body that is not JSON (the journal keeps none of such a body).
    const stored = reached.filter((e) => writes.has(e.operationId ?? '') && e.body !== undefined);
    expect(stored).toEqual([]);
  }, 240_000);

  it('fails (exit 1) against a server that alters prices, and its reports say where and how to repeat it', async () => {
    // every price a read answers is one more than what was written
    const proxy = await startProxy(server.url, (req, answer) =>
      req.method === 'GET' && answer.status === 200
        ? {
            ...answer,
            body: answer.body.replace(
              /"listPrice":(\d+(\.\d+)?)/g,
              (_m, n) => `"listPrice":${Number(n) + 1}`,
            ),
          }
        : undefined,
    );
    try {
      const junit = join(dir, 'broken.xml');
      const html = join(dir, 'broken.html');
      const base = `${proxy.url}/acme/broken`;
      const result = await contract([
        ...['--base-url', base, '--api-key', 'staging-key', '--settle-ms', '200'],
        ...['--only', 'pushProducts', '--junit', junit, '--report', html],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      expect(out).not.toContain('\u001b['); // not a terminal: no colour codes
      expect(out).toMatch(/FAIL pushProducts \[spec\] productWrites\.test\.ts > POST \/products-push/);
      expect(out).toMatch(/request: curl -sS -X GET 'http:\/\/127\.0\.0\.1:\d+\/acme\/broken\/products\/ct-/);
      expect(out).toMatch(/"x-api-key: \$CONTRACT_API_KEY"/);
      expect(out).not.toMatch(/staging-key/);
      expect(out).toMatch(/\$(\.\w+|\[\d+\])*\.listPrice: expected \d+, received \d+/);
      // the failure shows the read whose answer was wrong, and names the push it was read after
      const first = out.slice(out.search(/^1\) FAIL /m)).split(/\n\n/)[0]!;
      expect(first).toMatch(
        /^ {3}getProduct \(GET \/products\/ct-[^)]+\)\n {5}sent: \(no body\)\n {5}came back: 200 /m,
      );
      expect(first).toMatch(/^ {5}read after: pushProducts \(POST \/products-push\), which sent \{"data":/m);

      // the console and the JUnit file count the same
      const summary = /Tests: (\d+) failed, (\d+) passed, (\d+) skipped \((\d+)\)/.exec(out);
      const report = await readFile(junit, 'utf8');
      const suites = /<testsuites[^>]*tests="(\d+)" failures="(\d+)" errors="0" skipped="(\d+)"/.exec(report);
      expect(summary).not.toBeNull();
      expect(Number(summary![1])).toBeGreaterThan(0);
      expect([suites?.[1], suites?.[2], suites?.[3]]).toEqual([summary![4], summary![1], summary![3]]);

      const page = await readFile(html, 'utf8');
      expect(page).toMatch(/<h2>Failures<\/h2>/);
      expect(page.indexOf('class="failure"')).toBeLessThan(page.indexOf('All other tests'));
      await lookAtReport(html, Number(summary![1]));
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('names a computed value that differs by its field, and the write it was read after', async () => {
    // a product read answers spaceIds without the space computed last
    const proxy = await startProxy(server.url, (req, answer) => {
      if (req.method !== 'GET' || !/\/products\/[^/?]+$/.test(req.url) || answer.status !== 200)
        return undefined;
      const body = JSON.parse(answer.body) as { data: { spaceIds: string[] } };
      body.data.spaceIds = body.data.spaceIds.slice(0, -1);
      return { ...answer, body: JSON.stringify(body) };
    });
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/computed`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'updateVariants'],
      ]);
      expect(result.code).toBe(1);
      const heading =
        /^\d+\) FAIL updateVariants \[mock choice\] variants\.test\.ts > .* with upsertSpaceIds adds/m;
      expect(result.stdout).toMatch(heading);
      const failure = result.stdout.slice(result.stdout.search(heading)).split(/\n\n/)[0]!;
      expect(failure).toMatch(/^ {5}\$\.data\.spaceIds: lacks an element equal to "s9"$/m);
      expect(failure).toMatch(/^ {3}getProduct \(GET \/products\/ct-/m);
      expect(failure).toMatch(/^ {5}read after: updateVariants \(PATCH \/variants\), which sent \{"data":/m);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('reports a failed setup as a failure of its operation, with the curl line and the difference', async () => {
    // every push to this scope fails: the shared setup of the list tests pushes their catalog
    const scope = '/acme/setup-fails';
    await withFault({ operationId: 'pushProducts', path: `${scope}/`, status: 503 }, async () => {
      const junit = join(dir, 'setup.xml');
      const result = await contract([
        ...['--base-url', `${server.url}${scope}`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'listProducts', '--junit', junit],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      const heading =
        /^\d+\) FAIL pushProducts \[spec\] productReads\.test\.ts > reads of products this run wrote \(its setup\)$/m;
      expect(out).toMatch(heading);
      const failure = out.slice(out.search(heading)).split(/\n\n/)[0]!;
      expect(failure).toMatch(
        /request: curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/acme\/setup-fails\/products-push'/,
      );
      expect(failure).toMatch(/"x-api-key: \$CONTRACT_API_KEY"/);
      expect(failure).toMatch(/came back: 503 /);
      expect(failure).toMatch(/^ {5}HTTP status: expected "2xx", received "5xx"$/m);
      // the tests it held back say why, not only which request failed
      expect(out).toMatch(
        /tests?: the setup of "reads of products this run wrote" failed: .*\(HTTP status: expected "2xx", received "5xx"\)/,
      );
      // the published block's setup is a failure of its own tier
      expect(out).toMatch(/FAIL pushProducts \[published\] publishedClient\.test\.ts > \[published\] reads/);
      const report = await readFile(junit, 'utf8');
      expect(report).toMatch(/name="\[spec\] reads of products this run wrote \(its setup\)"/);
      expect(report).toMatch(/operation: pushProducts\nrequest: curl -sS -X POST /);
    });
  }, 240_000);

  it('a setup answered outside openapi.yaml alone still runs its tests, then fails under [openapi.yaml]', async () => {
    // every push is stored, but each item's status comes back as a string: a shape, not a failed write
    const proxy = await startProxy(server.url, (req, answer) => {
      if (answer.status !== 200 || !req.url.endsWith('/products-push')) return undefined;
      const body = JSON.parse(answer.body) as { data: { productGroupId: string; status: number }[] };
      const data = body.data.map((item) => ({ ...item, status: String(item.status) }));
      return { ...answer, body: JSON.stringify({ data }) };
    });
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/setup-shape`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'listProducts'],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      const heading =
        /^\d+\) FAIL pushProducts \[openapi\.yaml\] productReads\.test\.ts > reads of products this run wrote \(its setup\)$/m;
      expect(out).toMatch(heading);
      const failure = out.slice(out.search(heading)).split(/\n\n/)[0]!;
      expect(failure).toMatch(/body\/data\/\*\/status must be a whole number \(at \d+ places/);
      // the tests the setup wrote for ran, and passed: the catalog was stored
      expect(out).not.toMatch(/the setup of "reads of products this run wrote" failed/);
      const summary = /Tests: (\d+) failed, (\d+) passed/.exec(out);
      expect(Number(summary?.[2])).toBeGreaterThan(0);
      // the file's line counts the setup's failure beside the tests that passed
      expect(out).toMatch(/^x productReads\.test\.ts: [1-9]\d* passed, 1 failed, \d+ skipped$/m);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('a wrong count fails the tests that check it, not the setup of every list test', async () => {
    // every list counts three more products than it matches
    const proxy = await startProxy(server.url, (req, answer) => {
      if (answer.status !== 200 || !/\/products(\?|$)/.test(req.url)) return undefined;
      const body = JSON.parse(answer.body) as { data: { count: number } };
      return { ...answer, body: JSON.stringify({ data: { ...body.data, count: body.data.count + 3 } }) };
    });
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/wrong-count`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'listProducts'],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      expect(out).not.toMatch(/\(its setup\)/);
      expect(out).not.toMatch(/the setup of .* failed/);
      expect(out).toMatch(
        /FAIL listProducts \[spec\] productReads\.test\.ts > reads of products this run wrote > GET \/products counts all matches/,
      );
      // what does not depend on the count is still checked, and passes
      expect(out).not.toMatch(/FAIL .*orders the list/);
      expect(out).toMatch(/ok publishedClient\.test\.ts: [1-9]\d* passed, 0 failed/);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('fails a deployment that keeps no tenants or environments apart', async () => {
    // every /{tenantId}/{environment} is served from one scope of the mock
    const proxy = await startProxy(
      server.url,
      () => undefined,
      async (req) => {
        const res = await fetch(server.url + req.url.replace(/^\/[^/]+\/[^/]+\//, '/acme/one-scope/'), {
          method: req.method,
          headers: { 'x-api-key': 'staging-key', 'content-type': 'application/json' },
          body: req.body === '' ? undefined : req.body,
        });
        return {
          status: res.status,
          headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' },
          body: await res.text(),
        };
      },
    );
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/apart`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'getProduct'],
      ]);
      expect(result.code).toBe(1);
      for (const part of ['tenant', 'environment'])
        expect(result.stdout).toMatch(
          new RegExp(
            `FAIL getProduct \\[spec\\] productReads\\.test\\.ts > .* under another ${part} finds nothing`,
          ),
        );
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('reports a failed cleanup as a failure of its delete, with the curl line, as a failed setup', async () => {
    // every delete of products in this scope fails: the cleanup after the files that wrote some
    const scope = '/acme/cleanup-fails';
    await withFault({ operationId: 'deleteProducts', path: `${scope}/`, status: 503 }, async () => {
      const junit = join(dir, 'cleanup.xml');
      const result = await contract([
        ...['--base-url', `${server.url}${scope}`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'updateProducts', '--junit', junit],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      const heading =
        /^\d+\) FAIL deleteProducts \[spec\] productWrites\.test\.ts > \(its cleanup: deleting the ids the file wrote\)$/m;
      expect(out).toMatch(heading);
      expect(out).not.toMatch(/the suite file: loading/);
      const failure = out.slice(out.search(heading)).split(/\n\n/)[0]!;
      expect(failure).toMatch(
        /request: curl -sS -X DELETE 'http:\/\/127\.0\.0\.1:\d+\/acme\/cleanup-fails\/products' /,
      );
      expect(failure).toMatch(/"x-api-key: \$CONTRACT_API_KEY"/);
      expect(failure).toMatch(/DELETE \/products \(\d+ ids?\): 503 /);
      expect(failure).toMatch(/--cleanup ct-/);
      const report = await readFile(junit, 'utf8');
      expect(report).toMatch(/name="\[spec\] \(its cleanup: deleting the ids the file wrote\)"/);
      expect(report).toMatch(/operation: deleteProducts\nrequest: curl -sS -X DELETE /);
    });
  }, 240_000);

  it("counts an answer outside openapi.yaml's schemas under openapi.yaml, not under the test's tier", async () => {
    // error bodies without their status: a shape the spec leaves open, which openapi.yaml fixes
    const proxy = await startProxy(server.url, (_req, answer) =>
      answer.status >= 400
        ? {
            ...answer,
            body: JSON.stringify({ message: (JSON.parse(answer.body) as { message: string }).message }),
          }
        : undefined,
    );
    try {
      const base = `${proxy.url}/acme/schema`;
      const result = await contract([
        '--base-url',
        base,
        '--api-key',
        'staging-key',
        '--settle-ms',
        '200',
        '--only',
        'getProduct',
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/FAIL getProduct \[openapi\.yaml\] /);
      // each failure says the problem once: under its differences, not again in its error
      const failures = result.stdout.split(/\n(?=\d+\) FAIL )/).slice(1);
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) {
        // a test whose answers of two statuses both lack it meets two problems, each said once
        const said = failure.match(/getProduct \d+ body\/status is required/g) ?? [];
        expect(said.length, failure).toBeGreaterThan(0);
        expect(new Set(said).size, failure).toBe(said.length);
      }
      expect(result.stdout).not.toMatch(/FAIL getProduct \[spec\] /);
      expect(result.stdout).toMatch(/passed by tier: .*openapi\.yaml 0\/\d+/);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it("counts a field of the wrong type under openapi.yaml only when the test's own checks pass on it", async () => {
    // every price a read answers is a string
    const proxy = await startProxy(server.url, (req, answer) =>
      req.method === 'GET' && answer.status === 200
        ? { ...answer, body: answer.body.replace(/"listPrice":(\d+(\.\d+)?)/g, '"listPrice":"$1"') }
        : undefined,
    );
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/wrong-type`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'pushProducts'],
      ]);
      expect(result.code).toBe(1);
      const out = result.stdout;
      // the merge test compares the prices it wrote: it fails its own check, in its own tier, and says both
      const merge =
        /^\d+\) FAIL pushProducts \[spec\] productWrites\.test\.ts > .* > merges productPriceList by/m;
      expect(out).toMatch(merge);
      const failure = out.slice(out.search(merge)).split(/\n\n/)[0]!;
      expect(failure).toMatch(/^ {5}\$\.data\.productPriceList: lacks an element equal to /m);
      expect(failure).toMatch(
        /^ {5}getProduct 200 body\/data\/productPriceList\/\*\/listPrice must be a number/m,
      );
      // the spaceIds test reads no price: only the shape fails it
      expect(out).toMatch(
        /FAIL pushProducts \[openapi\.yaml\] productWrites\.test\.ts > .* > computes spaceIds from productPriceList/,
      );
      expect(out).not.toMatch(/FAIL pushProducts \[openapi\.yaml\] .* > merges productPriceList by/);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it("counts a server error openapi.yaml does not document under the test's own tier", async () => {
    // a deployment whose search fails: the spec's search test failed, whatever openapi.yaml lists.
    // 501: the statuses the mock can simulate (500, 502, 503, 504, 429) are documented for every operation.
    const proxy = await startProxy(server.url, (req) =>
      req.url.split('?')[0]!.endsWith('/search')
        ? { status: 501, headers: { 'content-type': 'text/plain' }, body: 'Not Implemented' }
        : undefined,
    );
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/server-error`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'search', '--readonly'],
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /FAIL search \[spec\] productReads\.test\.ts > reads on whatever the deployment holds > GET \/search /,
      );
      expect(result.stdout).toMatch(/status 501 is not documented for search/);
      expect(result.stdout).not.toMatch(/\[openapi\.yaml\]/);
      expect(result.stdout).not.toMatch(/passed by tier: .*openapi\.yaml/);
      // the spec tier counts it as failed ("[ ]": the document check reads "spec" and a number as a citation)
      expect(result.stdout).toMatch(/passed by tier: .*spec[ ]0\/1/);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('names an answer cut off halfway, with its request, rather than saying only "terminated"', async () => {
    // A write is not sent again (it may have been applied), so its broken answer fails the test.
    const scope = '/acme/cut-answers';
    await withFault({ operationId: 'upsertProductTypes', path: `${scope}/`, network: 'cut' }, async () => {
      const result = await contract([
        ...['--base-url', `${server.url}${scope}`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'upsertProductTypes'],
      ]);
      expect(result.code).toBe(1);
      // the failure of the upsert of productTypes.test.ts, whose answer is a 200
      const failure = /FAIL upsertProductTypes [^\n]*productTypes\.test\.ts[^\n]*\n(.*?)\n\n/s.exec(
        result.stdout,
      )?.[1];
      expect(failure).toMatch(/^ {3}request: curl -sS -X POST '[^']*\/acme\/cut-answers\/product-types'/m);
      expect(failure).toMatch(/answer 200 broke off while its body was read \(.+\)/);
      expect(result.stdout).not.toMatch(/^ {3}terminated$/m);
    });
    // what the writes stored was removed all the same
    expect(await held(`${server.url}${scope}`, 'staging-key')).toEqual({ products: [], types: [] });
  }, 240_000);

  it('names where a field that was not selected, or is missing, is: not "$[0]"', async () => {
    // a deployment that leaves out productName when it is selected
    const proxy = await startProxy(server.url, (req, answer) => {
      if (!/\/products\/[^/?]+\?select=productName$/.test(req.url)) return undefined;
      const body = JSON.parse(answer.body) as { data: Record<string, unknown> };
      delete body.data.productName;
      return { ...answer, body: JSON.stringify(body) };
    });
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/no-selected-field`, '--api-key', 'staging-key'],
        ...['--settle-ms', '200', '--only', 'getProduct'],
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(
        '$.data (fields besides productGroupId)[0]: expected "productName", received (absent)',
      );
      expect(result.stdout).not.toMatch(/^ {5}\$\[0\]/m);
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('waits for a deployment that limits its rate as its Retry-After asks, and passes', async () => {
    const scope = '/acme/rate-limited';
    await withFault(
      { operationId: 'listProductTypes', path: `${scope}/`, status: 429, retryAfter: 0, times: 2 },
      async () => {
        const result = await contract([
          '--base-url',
          `${server.url}${scope}`,
          '--api-key',
          'staging-key',
          '--settle-ms',
          '200',
          '--only',
          'listProductTypes',
        ]);
        const said = `contract: GET ${server.url}${scope}/product-types answered 429 (Retry-After: 0); asking again in 0.0 s`;
        expect(result.stderr).toContain(`${said} (try 2 of 5)`);
        expect(result.stderr).toContain(`${said} (try 3 of 5)`);
        expect(result.stdout).not.toMatch(/FAIL /);
        expect(result.code).toBe(0);
      },
    );
    const generatedRun = (at: string) =>
      contract([
        '--generated',
        '--base-url',
        `${server.url}${at}`,
        '--api-key',
        'staging-key',
        '--only',
        'listProductTypes',
        '--examples',
        '3',
      ]);
    // The generated checks too: a valid request answered 429 would count as refused.
    await withFault(
      { operationId: 'listProductTypes', path: `${scope}/`, status: 429, retryAfter: 0, times: 2 },
      async () => {
        const result = await generatedRun(scope);
        expect(result.stderr).toContain('answered 429 (Retry-After: 0); asking again in 0.0 s (try 3 of 5)');
        expect(result.code).toBe(0);
      },
    );
    // Busy through every try: the generated check fails saying so, without shrinking through waits.
    const busyScope = '/acme/rate-limited-busy';
    await withFault(
      { operationId: 'listProductTypes', path: `${busyScope}/`, status: 429, retryAfter: 0 },
      async () => {
        const result = await generatedRun(busyScope);
        expect(result.code).toBe(1);
        expect(result.stdout).toMatch(
          /answered 429 5 times in a row; the deployment is busy: try again later/,
        );
        const journal = await fetch(
          `${server.url}/__admin/requests?path=${busyScope}/product-types&limit=1000`,
          {
            headers: { 'x-api-key': 'staging-key' },
          },
        );
        // Five tries for the valid requests and five for the invalid ones, no more.
        expect(((await journal.json()) as { data: unknown[] }).data.length).toBeLessThanOrEqual(10);
      },
    );
  }, 120_000);

  it('passes [published] against a deployment refusing with other documented statuses than the mock', async () => {
    // the client needs a refusal; which 4xx is the mock's choice (docs/behaviour.md, "What the published client calls beyond the
    // specification")
    const other = (url: string, status: number): number | undefined => {
      if (status === 404 && url.includes('/product-recommendations-by-productId/')) return 400;
      if (status === 400 && /\/(product-ean-by-epc|products-by-epc)\//.test(url)) return 404;
      if (status === 400 && url.includes('additionalRawFilter=')) return 403;
      return undefined;
    };
    const proxy = await startProxy(server.url, (req, answer) => {
      const status = other(req.url, answer.status);
      return status === undefined
        ? undefined
        : { ...answer, status, body: JSON.stringify({ ...JSON.parse(answer.body), status }) };
    });
    try {
      const result = await contract([
        ...['--base-url', `${proxy.url}/acme/published-statuses`],
        ...['--api-key', 'staging-key', '--settle-ms', '200', '--only', 'published'],
      ]);
      expect(result.stdout).not.toMatch(/FAIL /);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/passed by tier: .*published (\d+)\/\1/);
    } finally {
      await proxy.close();
    }
  }, 240_000);
});
