// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startProxy } from '../proxy.js';
import { cli, withoutContractEnv, stagingTarget } from './contractRun.js';
import { contract, lookAtReport, run } from './contractCli.js';

describe('product-catalog-mock contract', () => {
  const staging = stagingTarget();

  it('read-only with --only: says why each test was skipped, in the console and in JUnit alike', async () => {
    const junit = join(staging.dir, 'readonly.xml');
    const { stdout } = await run(
      process.execPath,
      [
        ...[
          cli,
          'contract',
          '--base-url',
          `${staging.server.url}/acme/ro`,
          '--api-key',
          'staging-key',
          '--readonly',
        ],
        ...['--only', 'getProduct,published', '--junit', junit],
      ],
      { env: withoutContractEnv(), maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toMatch(/^ {2}\d+ tests: read-only run: this test writes$/m);
    expect(stdout).toMatch(/^ {2}\d+ tests: not selected by --only getProduct,published$/m);
    const summary = /Tests: 0 failed, (\d+) passed, (\d+) skipped \((\d+)\)/.exec(stdout);
    const report = await readFile(junit, 'utf8');
    const suites = /<testsuites[^>]*tests="(\d+)" failures="0" errors="0" skipped="(\d+)"/.exec(report);
    expect([suites?.[1], suites?.[2]]).toEqual([summary?.[3], summary?.[2]]);
    const skips = report.match(/<skipped message="[^"]+"\/>/g) ?? [];
    expect(skips.length).toBe(Number(summary?.[2]));
    expect(report).not.toMatch(/<skipped message=""/);
  }, 240_000);

  it('fails (exit 1) against a server that alters prices, and its reports say where and how to repeat it', async () => {
    // every price a read answers is one more than what was written
    const proxy = await startProxy(staging.server.url, (req, answer) =>
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
      const junit = join(staging.dir, 'broken.xml');
      const html = join(staging.dir, 'broken.html');
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
    const proxy = await startProxy(staging.server.url, (req, answer) => {
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
});
