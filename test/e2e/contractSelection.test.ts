// --only and --skip decide what is written, not just which tests are counted: a setup whose tests are
// all left out does not run, and a write to an operation --skip names is never sent.
import { describe, expect, it } from 'vitest';
import { recordedTarget, runContract as contract } from './contractRun.js';

const KEY = 'selection-key';

describe('contract --only and --skip', () => {
  const recorded = recordedTarget(KEY);
  const seen = recorded.seen;

  /** Runs the suite on its own scope; resolves to its output and the writes the proxy saw. */
  async function run(scope: string, args: string[]) {
    const start = seen.length;
    const result = await contract(['--base-url', `${recorded.url}/acme/${scope}`, '--api-key', KEY, ...args]);
    const writes = seen
      .slice(start)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname.replace(`/acme/${scope}`, '')}`);
    return { ...result, writes };
  }

  it('--only listProductTypes: no setup of other tests runs, nothing but product types is written', async () => {
    const { code, output, writes } = await run('only', ['--only', 'listProductTypes']);
    expect(output).toMatch(/Tests: 0 failed, [1-9]\d* passed/);
    expect(code).toBe(0);
    // the selected tests write their own product types, and cleanup deletes them; no product is written
    expect(writes.length).toBeGreaterThan(0);
    expect([...new Set(writes)].sort()).toEqual(['DELETE /product-types', 'POST /product-types']);
  }, 180_000);

  it('--skip upsertProductTypes: no test sends POST /product-types, whatever it is named', async () => {
    const { code, output, writes } = await run('skip', [
      '--skip',
      'upsertProductTypes',
      '--only',
      'spec,published',
    ]);
    expect(code).toBe(0);
    expect(writes).not.toContain('POST /product-types');
    expect(writes).toContain('POST /products-push');
    // tests named for another operation that would upsert are skipped, saying why
    expect(output).toMatch(/^ {2}\d+ tests?: --skip upsertProductTypes: it sends POST \/product-types$/m);
  }, 180_000);
});
