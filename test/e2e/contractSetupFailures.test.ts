// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
// These: a failed setup, a wrong count, scopes not kept apart (split from contractCommand.test.ts so that
// the files run side by side).
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startProxy } from '../proxy.js';
import { stagingTarget } from './contractRun.js';
import { contract } from './contractCli.js';

describe('product-catalog-mock contract: failed setups and scopes', () => {
  const staging = stagingTarget();
  const { withFault } = staging;

  it('reports a failed setup as a failure of its operation, with the curl line and the difference', async () => {
    // every push to this scope fails: the shared setup of the list tests pushes their catalog
    const scope = '/acme/setup-fails';
    await withFault({ operationId: 'pushProducts', path: `${scope}/`, status: 503 }, async () => {
      const junit = join(staging.dir, 'setup.xml');
      const result = await contract([
        ...['--base-url', `${staging.server.url}${scope}`, '--api-key', 'staging-key'],
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
    const proxy = await startProxy(staging.server.url, (req, answer) => {
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
    const proxy = await startProxy(staging.server.url, (req, answer) => {
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
      staging.server.url,
      () => undefined,
      async (req) => {
        const res = await fetch(
          staging.server.url + req.url.replace(/^\/[^/]+\/[^/]+\//, '/acme/one-scope/'),
          {
            method: req.method,
            headers: { 'x-api-key': 'staging-key', 'content-type': 'application/json' },
            body: req.body === '' ? undefined : req.body,
          },
        );
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
});
