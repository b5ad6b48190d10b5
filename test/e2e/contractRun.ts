// Runs the built CLI's `contract` command as a user would, for the e2e tests of that command.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy, type Exchange } from '../proxy.js';

export const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** The command's options must decide the target, not CONTRACT_* variables of the surrounding run. */
export const withoutContractEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONTRACT_')));

/**
 * Runs `contract` with these arguments (and only the CONTRACT_* variables of `env`) and resolves to its
 * exit code and everything it printed.
 */
export function runContract(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, 'contract', ...args],
      { env: { ...withoutContractEnv(), ...env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? Number((err as { code?: number }).code ?? 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * A strict mock (one key, an empty seed) behind a proxy that records every request it passes on,
 * started before the enclosing describe's tests and closed after them. `url` is the proxy's.
 */
export function recordedTarget(key: string): { readonly url: string; readonly seen: Exchange[] } {
  let server: RunningServer | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  const seen: Exchange[] = [];
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [key], seed: { products: [], productTypes: [] } });
    proxy = await startProxy(server.url, (req) => {
      seen.push(req);
      return undefined;
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.close();
  });
  return {
    get url() {
      if (!proxy) throw new Error('recordedTarget: used before its beforeAll ran');
      return proxy.url;
    },
    seen,
  };
}

/**
 * A strict mock that takes the key `staging-key`, as a team's staging would, and a temporary folder
 * for reports, started before the enclosing describe's tests and removed after them.
 */
export function stagingTarget(): {
  readonly server: RunningServer;
  readonly dir: string;
  withFault(rule: object, test: () => Promise<void>): Promise<void>;
} {
  let server: RunningServer | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: ['staging-key'] });
    dir = await mkdtemp(join(tmpdir(), 'pcm-contract-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('stagingTarget: used before its beforeAll ran');
    return value;
  };
  return {
    get server() {
      return ready(server);
    },
    get dir() {
      return ready(dir);
    },
    /** Runs `test` while the server holds the fault rule, then removes the rule. */
    withFault: (rule, test) => withFault(ready(server).url, 'staging-key', rule, test),
  };
}

/** Every product id and product type id a scope of a server holds, sorted, read with `key`. */
export async function held(base: string, key: string): Promise<{ products: string[]; types: string[] }> {
  const headers = { 'x-api-key': key };
  const products = await (
    await fetch(`${base}/products?limit=1000&select=productGroupId`, { headers })
  ).json();
  const types = await (await fetch(`${base}/product-types`, { headers })).json();
  return {
    products: (products.data.list as { productGroupId: string }[]).map((p) => p.productGroupId).sort(),
    types: (types.data as { productTypeId: string }[]).map((t) => t.productTypeId).sort(),
  };
}

/** Runs `test` while the server at `serverUrl` holds the fault rule, then removes the rule. */
export async function withFault(
  serverUrl: string,
  apiKey: string,
  rule: object,
  test: () => Promise<void>,
): Promise<void> {
  const created = await fetch(`${serverUrl}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(rule),
  });
  if (created.status !== 201)
    throw new Error(`fault rule refused: ${created.status} ${await created.text()}`);
  const { id } = ((await created.json()) as { data: { id: string } }).data;
  try {
    await test();
  } finally {
    await fetch(`${serverUrl}/__admin/faults/${id}`, { method: 'DELETE', headers: { 'x-api-key': apiKey } });
  }
}
