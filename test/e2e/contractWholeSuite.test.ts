// `product-catalog-mock contract` run the way a team runs it against staging: a separate server, a
// base URL, a token; afterwards the server must hold nothing the suite wrote.
// These: the whole suite through the CLI (split from contractCommand.test.ts so that the files run side
// by side). A whole run takes twice as long as a run of a few operations, so it is made where what is
// asserted depends on the whole suite: it passes, and read-only it writes nothing.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiDocument } from '../../src/generated/apiDocument.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { cli, withoutContractEnv, stagingTarget } from './contractRun.js';
import { run } from './contractCli.js';

describe('product-catalog-mock contract: the whole suite', () => {
  const staging = stagingTarget();

  // The three URL prefixes of docs/behaviour.md, "Addressing", each a separate scope of the server:
  // the whole suite under the longest; under the others, the operations that write, read back what
  // they wrote and clean it up.
  const prefixes: [string, string[]][] = [
    ['/regions/us/products/v1/tenants/acme/staging', []],
    ['/api/tenants/acme/qa', ['--only', 'pushProducts,upsertProductTypes']],
    ['/acme/dev', ['--only', 'pushProducts,upsertProductTypes']],
  ];

  it.each(prefixes)(
    'passes against a conforming server under %s (%j), reports JUnit, and cleans up after itself',
    async (prefix, only) => {
      const base = `${staging.server.url}${prefix}`;
      const junit = join(staging.dir, `report-${prefixes.findIndex(([p]) => p === prefix)}.xml`);
      // resolves only on exit code 0
      await run(
        process.execPath,
        [cli, 'contract', '--base-url', base, '--api-key', 'staging-key', '--junit', junit, ...only],
        {
          env: withoutContractEnv(),
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const report = await readFile(junit, 'utf8');
      const [, tests, skipped] = /<testsuites[^>]*tests="(\d+)"[^>]*skipped="(\d+)"/.exec(report) ?? [];
      expect(Number(tests)).toBeGreaterThan(100);
      expect(report).toMatch(/<testsuites[^>]*failures="0"/);
      // the whole suite skips only what a run against a deployment leaves out (items without ids)
      const ran = Number(tests) - Number(skipped);
      expect(ran).toBeGreaterThan(only.length === 0 ? 100 : 5);

      const headers = { 'x-api-key': 'staging-key' };
      const products = await (await fetch(`${base}/products?limit=1`, { headers })).json();
      expect(products.data.count).toBe(0);
      const types = await (await fetch(`${base}/product-types`, { headers })).json();
      expect(types.data).toEqual([]);
    },
    240_000,
  );

  it('read-only, the whole suite: sends no write a deployment could store (the journal holds what reached it)', async () => {
    const scope = '/acme/ro-whole';
    const args = [cli, 'contract', '--base-url', `${staging.server.url}${scope}`, '--api-key', 'staging-key'];
    const { stdout } = await run(process.execPath, [...args, '--readonly'], {
      env: withoutContractEnv(),
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stdout).toMatch(/Tests: 0 failed, [1-9]\d* passed/);
    const journal = await fetch(`${staging.server.url}/__admin/requests?tenantId=acme&limit=1000`, {
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
});
