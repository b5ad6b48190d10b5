// The contract command's settings: options and CONTRACT_* variables are read one way for the suite and
// the generated checks alike, and a value that cannot be read stops the run (exit 2) before any request.
import { describe, expect, it } from 'vitest';
import { recordedTarget, runContract as contract } from './contractRun.js';

const KEY = 'settings-key';

describe('contract settings', () => {
  const recorded = recordedTarget(KEY);
  const seen = recorded.seen;
  const target = (path: string) => ['--base-url', `${recorded.url}${path}`, '--api-key', KEY];

  it.each([
    [
      'CONTRACT_SETTLE_MS=abc',
      [],
      { CONTRACT_SETTLE_MS: 'abc' },
      /^contract: CONTRACT_SETTLE_MS must be a whole number of milliseconds/,
    ],
    [
      'CONTRACT_SETTLE_MS=" " (Number() reads 0)',
      [],
      { CONTRACT_SETTLE_MS: ' ' },
      /^contract: CONTRACT_SETTLE_MS must be a whole number of milliseconds \(digits only\), got " "/,
    ],
    [
      '--settle-ms 0x10 (Number() reads 16)',
      ['--settle-ms', '0x10'],
      {},
      /^error: option '--settle-ms <ms>' argument '0x10' is invalid/,
    ],
    [
      '--settle-ms abc',
      ['--settle-ms', 'abc'],
      {},
      /^error: option '--settle-ms <ms>' argument 'abc' is invalid/,
    ],
    [
      // two jobs sharing an inherited prefix would sweep each other's live records
      'an inherited CONTRACT_RUN_PREFIX',
      [],
      { CONTRACT_RUN_PREFIX: 'ct-abc-12345678-' },
      /^contract: CONTRACT_RUN_PREFIX is set \("ct-abc-12345678-"\), but this command makes a new prefix for every run/,
    ],
    [
      'CONTRACT_READONLY=on',
      [],
      { CONTRACT_READONLY: 'on' },
      /^contract: CONTRACT_READONLY must be one of 1, true, yes/,
    ],
    [
      'CONTRACT_NO_DESTRUCTIVE=y',
      ['--generated'],
      { CONTRACT_NO_DESTRUCTIVE: 'y' },
      /CONTRACT_NO_DESTRUCTIVE must/,
    ],
    [
      'CONTRACT_ONLY=listProduct',
      [],
      { CONTRACT_ONLY: 'listProduct' },
      /^--only listProduct: not an operationId/,
    ],
  ])(
    '%s: exit 2 with a message, no stack trace, and nothing sent',
    async (_what, args, env, message) => {
      const before = seen.length;
      const { code, output } = await contract([...target('/acme/settings'), ...args], env);
      expect(output).toMatch(message);
      expect(code).toBe(2);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain('\u001b[');
      expect(seen.length).toBe(before);
    },
    60_000,
  );

  it('the suite reads CONTRACT_READONLY in any case: TRUE writes nothing', async () => {
    const start = seen.length;
    const { code, output } = await contract([...target('/acme/ro-suite'), '--only', 'listProductTypes'], {
      CONTRACT_READONLY: 'TRUE',
    });
    expect(output).toMatch(/read-only/);
    expect(code).toBe(0);
    const sent = seen.slice(start);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`)).toEqual([]);
  }, 180_000);

  it('--generated reads CONTRACT_READONLY, CONTRACT_ONLY, CONTRACT_SKIP and CONTRACT_NO_DESTRUCTIVE', async () => {
    const start = seen.length;
    const readonly = await contract(
      [...target('/acme/ro-gen'), '--generated', '--examples', '2', '--seed', '3'],
      {
        CONTRACT_READONLY: 'Yes',
        CONTRACT_ONLY: 'listProductTypes,pushProducts,getProductType',
        CONTRACT_SKIP: 'getProductType',
      },
    );
    expect(readonly.code).toBe(0);
    expect(readonly.output).toMatch(/, read-only/);
    // pushProducts is selected but writes: read-only leaves it out; --skip leaves out getProductType
    expect(readonly.output.match(/^(ok|x ) \w+/gm)).toEqual(['ok listProductTypes']);
    expect(seen.slice(start).filter((r) => r.method !== 'GET')).toEqual([]);

    const careful = await contract(
      [...target('/acme/nd-gen'), '--generated', '--examples', '1', '--seed', '3'],
      {
        CONTRACT_NO_DESTRUCTIVE: 'TRUE',
        CONTRACT_ONLY: 'deleteProducts,deleteProductTypes,listProductTypes',
      },
    );
    expect(careful.code).toBe(0);
    expect(careful.output.match(/^(ok|x ) \w+/gm)).toEqual(['ok listProductTypes']);
  }, 120_000);
});
