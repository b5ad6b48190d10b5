// `contract --cleanup` runs nothing: an option that shapes a run beside it is refused, not ignored.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolve } from 'node:path';
import {
  contractEnv,
  defaultTokenNotice,
  runContract,
  type ContractOptions,
} from '../../src/cli/contract/contractCommand.js';

const cleanup = { cleanup: 'ct-mwtqi3co-468ec119-', baseUrl: 'http://127.0.0.1:9/acme/dev', apiKey: 'k' };

describe('contract --cleanup beside an option of a run', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each<[string, ContractOptions]>([
    ['--only', { only: ['listProducts'] }],
    ['--skip', { skip: ['spec'] }],
    ['--generated', { generated: true }],
    ['--junit', { junit: 'report.xml' }],
    ['--report', { report: 'report.html' }],
    ['--no-destructive', { destructive: false }],
    ['--items-without-ids', { itemsWithoutIds: true }],
    ['--examples', { examples: 5 }],
    ['--seed', { seed: 1 }],
  ])('refuses %s with exit 2, naming it, before anything is sent', async (option, opts) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = vi.spyOn(globalThis, 'fetch');
    expect(await runContract({ ...cleanup, ...opts }, {})).toBe(2);
    expect(printed).toHaveBeenCalledWith(
      expect.stringMatching(`^contract --cleanup: ${option} is an option of a run`),
    );
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('the reports a run writes', () => {
  it('are named relative to where the command runs, as an option or as a variable: the suite runs elsewhere', () => {
    const env = contractEnv({}, { CONTRACT_JUNIT: 'out/ci.xml', CONTRACT_REPORT: 'r.html' });
    expect([env.CONTRACT_JUNIT, env.CONTRACT_REPORT]).toEqual([resolve('out/ci.xml'), resolve('r.html')]);
    const opts = contractEnv({ junit: 'a.xml' }, { CONTRACT_JUNIT: 'b.xml' });
    expect(opts.CONTRACT_JUNIT).toBe(resolve('a.xml'));
    expect(contractEnv({}, {}).CONTRACT_JUNIT).toBeUndefined();
  });
});

describe('a report in a directory that does not exist', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['--junit', { junit: '/nonexistent-dir/ci.xml' }],
    ['--report', { report: '/nonexistent-dir/run.html' }],
    ['--junit', { junit: '/nonexistent-dir/ci.xml', generated: true }],
  ] as const)('is refused (%s) with exit 2 before anything is sent', async (option, opts) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = vi.spyOn(globalThis, 'fetch');
    const run = { baseUrl: 'http://127.0.0.1:9/acme/dev', apiKey: 'k', ...opts };
    expect(await runContract(run, {})).toBe(2);
    expect(printed).toHaveBeenCalledWith(
      `contract: ${option} ${Object.values(opts)[0]}: the directory /nonexistent-dir does not exist; nothing was sent`,
    );
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('an option of the generated checks without --generated', () => {
  afterEach(() => vi.restoreAllMocks());

  // The suite takes neither: the run went ahead as if it had not been given.
  it.each<[string, ContractOptions]>([
    ['--examples', { examples: 5 }],
    ['--seed', { seed: 7 }],
  ])('%s is refused with exit 2, naming --generated, before anything is sent', async (option, opts) => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = vi.spyOn(globalThis, 'fetch');
    const run = { baseUrl: 'http://127.0.0.1:9/acme/dev', apiKey: 'k', ...opts };
    expect(await runContract(run, {})).toBe(2);
    expect(printed).toHaveBeenCalledWith(
      `contract: ${option} shapes the generated checks, and this run is the suite: give --generated with it, or leave it out`,
    );
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('a value the suite cannot read, given as an option', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is refused in the words of the command line, not as the variable the option sets', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = vi.spyOn(globalThis, 'fetch');
    expect(await runContract({ baseUrl: 'notaurl', apiKey: 'k' }, {})).toBe(2);
    expect(printed).toHaveBeenCalledWith(
      'contract: --base-url must be an http(s) URL ending in /{tenantId}/{environment}, got "notaurl"',
    );
    // as a variable, it is named as one
    expect(await runContract({ apiKey: 'k' }, { CONTRACT_BASE_URL: 'notaurl' })).toBe(2);
    expect(printed).toHaveBeenLastCalledWith(expect.stringMatching(/^contract: CONTRACT_BASE_URL must be /));
    expect(sent).not.toHaveBeenCalled();
  });
});

describe('a run against a deployment without a token', () => {
  const base = 'https://staging.example/acme/dev';

  it('says which token it sends instead, and only then', () => {
    expect(defaultTokenNotice(contractEnv({ baseUrl: base }, {}))).toMatch(
      /^contract: no key given \(--api-key-file, CONTRACT_API_KEY or --api-key\): sending x-api-key "contract-test-token"/,
    );
    expect(defaultTokenNotice(contractEnv({ baseUrl: base }, { CONTRACT_API_KEY: '  ' }))).toBeDefined();
    expect(defaultTokenNotice(contractEnv({ baseUrl: base, apiKey: 'k' }, {}))).toBeUndefined();
    expect(defaultTokenNotice(contractEnv({ baseUrl: base }, { CONTRACT_API_KEY: 'k' }))).toBeUndefined();
    // the mock in-process accepts any token: nothing to say
    expect(defaultTokenNotice(contractEnv({}, {}))).toBeUndefined();
  });

  it('is printed before the run sends anything', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = vi.spyOn(globalThis, 'fetch');
    // a selection of nothing is refused before anything is sent: the notice comes first
    expect(await runContract({ baseUrl: 'http://127.0.0.1:9/acme/dev', only: ['noSuchOperation'] }, {})).toBe(
      2,
    );
    expect(printed.mock.calls[0]?.[0]).toMatch(/^contract: no key given/);
    expect(printed.mock.calls[1]?.[0]).toMatch(/noSuchOperation/);
    expect(sent).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
