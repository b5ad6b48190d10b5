// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
// These: what a failure report says (split from contractCommand.test.ts so that the files run side by side).
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startProxy } from '../proxy.js';
import { held, stagingTarget } from './contractRun.js';
import { contract } from './contractCli.js';

describe('product-catalog-mock contract: failure reports', () => {
  const staging = stagingTarget();
  const { withFault } = staging;
  it('reports a failed cleanup as a failure of its delete, with the curl line, as a failed setup', async () => {
    // every delete of products in this scope fails: the cleanup after the files that wrote some
    const scope = '/acme/cleanup-fails';
    await withFault({ operationId: 'deleteProducts', path: `${scope}/`, status: 503 }, async () => {
      const junit = join(staging.dir, 'cleanup.xml');
      const result = await contract([
        ...['--base-url', `${staging.server.url}${scope}`, '--api-key', 'staging-key'],
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
    const proxy = await startProxy(staging.server.url, (_req, answer) =>
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
    const proxy = await startProxy(staging.server.url, (req, answer) =>
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
    const proxy = await startProxy(staging.server.url, (req) =>
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
        ...['--base-url', `${staging.server.url}${scope}`, '--api-key', 'staging-key'],
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
    expect(await held(`${staging.server.url}${scope}`, 'staging-key')).toEqual({ products: [], types: [] });
  }, 240_000);

  it('names where a field that was not selected, or is missing, is: not "$[0]"', async () => {
    // a deployment that leaves out productName when it is selected
    const proxy = await startProxy(staging.server.url, (req, answer) => {
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
          `${staging.server.url}${scope}`,
          '--api-key',
          'staging-key',
          '--settle-ms',
          '200',
          '--only',
          'listProductTypes',
        ]);
        const said = `contract: GET ${staging.server.url}${scope}/product-types answered 429 (Retry-After: 0); asking again in 0.0 s`;
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
        `${staging.server.url}${at}`,
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
          `${staging.server.url}/__admin/requests?path=${busyScope}/product-types&limit=1000`,
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
    const proxy = await startProxy(staging.server.url, (req, answer) => {
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
