// `product-catalog-mock contract`: the package's contract suite, run by vitest against a deployment.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { packageRoot } from '../openapi/packageRoot.js';

export interface ContractOptions {
  baseUrl?: string;
  apiKey?: string;
  readonly?: boolean;
  junit?: string;
  settleMs?: number;
}

function milliseconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number of milliseconds');
  return n;
}

/** The environment the suite reads its target from (contract-tests/lib/target.ts). */
export function contractEnv(opts: ContractOptions, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const set = (value: string | undefined) => (value === undefined ? {} : { value });
  const vars: Record<string, { value: string } | object> = {
    CONTRACT_BASE_URL: set(opts.baseUrl),
    CONTRACT_API_KEY: set(opts.apiKey),
    CONTRACT_READONLY: set(opts.readonly ? '1' : undefined),
    // relative to where the command was run, not to the package the suite runs from
    CONTRACT_JUNIT: set(opts.junit === undefined ? undefined : resolve(opts.junit)),
    CONTRACT_SETTLE_MS: set(opts.settleMs === undefined ? undefined : String(opts.settleMs)),
  };
  const out: NodeJS.ProcessEnv = { ...env };
  for (const [name, v] of Object.entries(vars)) if ('value' in v) out[name] = v.value;
  return out;
}

/** Runs vitest's CLI on the suite shipped in this package; resolves to its exit code. */
export function runContract(opts: ContractOptions): Promise<number> {
  const require = createRequire(import.meta.url);
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const config = join(packageRoot, 'contract-tests', 'vitest.config.ts');
  const child = spawn(process.execPath, [vitest, 'run', '--config', config], {
    cwd: packageRoot,
    env: contractEnv(opts),
    stdio: 'inherit',
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

export function contractCommand(): Command {
  return new Command('contract')
    .description(
      'run the contract suite against a deployment (without --base-url: against this mock, in-process)',
    )
    .option('--base-url <url>', 'everything up to and including /{tenantId}/{environment}')
    .option('--api-key <key>', 'access token, sent in x-api-key')
    .option('--readonly', 'only read and error checks: write nothing')
    .option('--junit <file>', 'also write a JUnit XML report to this file')
    .option('--settle-ms <ms>', 'how long reads after writes may retry (default 5000)', milliseconds)
    .action(async (opts: ContractOptions) => {
      process.exitCode = await runContract(opts);
    });
}
