// A contract run stopped by a signal, sent to the command's own process as `kill -INT <pid>` does:
// the run stops whole (nothing is sent after the command has exited), what it wrote is removed, the
// exit code is the conventional one; and `--cleanup <prefix>` removes a run's records afterwards.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { startProxy, type Answer, type Exchange } from '../proxy.js';
import { cli, held, runContract as contract, withoutContractEnv } from './contractRun.js';

const KEY = 'interrupt-key';
const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `contract` with these arguments as a process of its own; `exited` resolves to its code and output. */
function startContract(args: string[]) {
  const child = spawn(process.execPath, [cli, 'contract', ...args], {
    env: withoutContractEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) =>
      resolve({
        code,
        get output() {
          return output;
        },
      }),
    ),
  );
  return { child, exited };
}

describe('contract stopped by a signal', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  /**
   * Runs `contract` through a proxy that sends `signal` to the command once `when` has been answered by
   * the server (its records exist, and the run has not yet heard so); resolves once the command has
   * exited and a moment has passed, with everything the proxy saw after the exit.
   */
  async function interrupt(
    scope: string,
    args: string[],
    signal: NodeJS.Signals,
    when: (req: Exchange, answer: Answer) => boolean,
    /** How many times the signal is sent, 100 ms apart. */
    times = 1,
  ) {
    const seen: Exchange[] = [];
    let sent = false;
    let run: ReturnType<typeof startContract> | undefined;
    const proxy = await startProxy(server.url, (req, answer) => {
      seen.push(req);
      if (!sent && run && when(req, answer)) {
        sent = true;
        const child = run.child;
        // apart: signals of one kind sent at once may reach the process as one
        for (let i = 0; i < times; i++) setTimeout(() => child.kill(signal), i * 100);
      }
      return undefined;
    });
    try {
      run = startContract([
        '--base-url',
        `${proxy.url}/acme/${scope}`,
        '--api-key',
        KEY,
        '--settle-ms',
        '300',
        ...args,
      ]);
      const { code, output } = await run.exited;
      const atExit = seen.length;
      // an orphaned suite would go on writing: give it the time to
      await sleep(1500);
      return {
        code,
        output,
        sent,
        after: seen.slice(atExit),
        held: await held(`${server.url}/acme/${scope}`, KEY),
      };
    } finally {
      run?.child.kill('SIGKILL');
      await proxy.close();
    }
  }

  const pushTo = (path: string) => (req: Exchange) => req.method === 'POST' && req.url.startsWith(path);

  it('SIGINT to the command during the suite: exit 130, nothing sent after, every product removed', async () => {
    let pushes = 0;
    const result = await interrupt(
      'sigint',
      [],
      'SIGINT',
      (req) => pushTo('/acme/sigint/products-push')(req) && ++pushes === 10,
    );
    expect(result.sent).toBe(true);
    expect(result.code).toBe(130);
    expect(result.after).toEqual([]);
    expect(result.held).toEqual({ products: [], types: [] });
    const prefix = /ids prefixed (ct-[a-z0-9]+-[a-f0-9]{8}-)/.exec(result.output)?.[1];
    expect(result.output).toContain(
      `contract: SIGINT: stopping the run, then removing what it wrote under ${prefix}`,
    );
    // The products the push answered just before the signal created are gone (held, above): removed
    // here, or by the suite file's own cleanup when vitest ran it before the group ended (a race
    // under load that made "removed 0" come out); either way the command says nothing remains.
    expect(result.output).toMatch(
      new RegExp(
        `contract: removed \\d+ products? and \\d+ product types? under ${prefix}; nothing under it remains\\.`,
      ),
    );
  }, 180_000);

  it('SIGTERM to the command during the suite: exit 143, and the product types it wrote are removed', async () => {
    // once product types were written: an upsert refused (a batch past its bound) wrote none
    const result = await interrupt(
      'sigterm',
      [],
      'SIGTERM',
      (req, answer) => pushTo('/acme/sigterm/product-types')(req) && answer.status === 200,
    );
    expect(result.sent).toBe(true);
    expect(result.code).toBe(143);
    expect(result.after).toEqual([]);
    expect(result.held).toEqual({ products: [], types: [] });
    expect(result.output).toMatch(/contract: removed \d+ products? and [1-9]\d* product types? under ct-/);
  }, 180_000);

  it('a third SIGINT exits at once, yet kills the suite first and says what may remain and how to remove it', async () => {
    let pushes = 0;
    const result = await interrupt(
      'third',
      [],
      'SIGINT',
      (req) => pushTo('/acme/third/products-push')(req) && ++pushes === 10,
      3,
    );
    expect(result.sent).toBe(true);
    expect(result.code).toBe(130);
    // the suite's group was killed, not orphaned: it sends nothing after the command has exited
    expect(result.after).toEqual([]);
    const prefix = /ids prefixed (ct-[a-z0-9]+-[a-f0-9]{8}-)/.exec(result.output)?.[1];
    const command = new RegExp(
      `contract: a third signal: exiting now; records under ${prefix} may remain\\. Remove them with: ` +
        `product-catalog-mock contract --cleanup ${prefix} --base-url \\S+/acme/third --api-key`,
    );
    expect(result.output).toMatch(command);
    // and the command it printed removes them
    const base = `${server.url}/acme/third`;
    const cleanup = await contract(['--cleanup', prefix!, '--base-url', base, '--api-key', KEY]);
    expect(cleanup.code).toBe(0);
    expect(await held(base, KEY)).toEqual({ products: [], types: [] });
  }, 180_000);

  it('SIGINT during --generated: exit 130, nothing sent after, every product removed', async () => {
    let pushes = 0;
    const result = await interrupt(
      'generated',
      ['--generated', '--examples', '50', '--seed', '1'],
      'SIGINT',
      (req) => pushTo('/acme/generated/products-push')(req) && ++pushes === 30,
    );
    expect(result.sent).toBe(true);
    expect(result.code).toBe(130);
    expect(result.after).toEqual([]);
    expect(result.held).toEqual({ products: [], types: [] });
    expect(result.output).toMatch(
      /contract: removed \d+ products? and \d+ product types? under ct-[a-z0-9]+-[a-f0-9]{8}-; nothing under it remains\./,
    );
  }, 180_000);
});

describe('contract --cleanup', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, apiKeys: [KEY], seed: { products: [], productTypes: [] } });
  });
  afterAll(() => server.close());

  it("removes a run's products and product types, and nothing else", async () => {
    const base = `${server.url}/acme/cleanup`;
    const prefix = 'ct-mwtqi3co-468ec119-';
    const products = [`${prefix}reads-a`, `${prefix}b`, 'shop-1', 'ct-mwtqi3co-468ec11a-c'];
    await fetch(`${base}/products-push`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: products.map((productGroupId) => ({ productGroupId })) }),
    });
    await fetch(`${base}/product-types`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: [{ productTypeId: `${prefix}t` }, { productTypeId: 'shoes' }] }),
    });
    // a prefix inherited in the environment plays no part in --cleanup
    const { code, output } = await contract(['--cleanup', prefix, '--base-url', base, '--api-key', KEY], {
      CONTRACT_RUN_PREFIX: 'ct-mwtqi3co-468ec11a-',
    });
    expect(output).toBe(
      `contract: removed 2 products and 1 product type under ${prefix}; nothing under it remains.\n`,
    );
    expect(code).toBe(0);
    expect(await held(base, KEY)).toEqual({
      products: ['ct-mwtqi3co-468ec11a-c', 'shop-1'],
      types: ['shoes'],
    });
  }, 60_000);

  it.each([
    ['a prefix a run would not make', ['--cleanup', 'shop-'], /"shop-" is not the prefix of a contract run/],
    ['a run prefix cut short', ['--cleanup', 'ct-mwtqi3co-'], /is not the prefix of a contract run/],
    ['no base URL', ['--cleanup', 'ct-mwtqi3co-468ec119-', '--no-base'], /--base-url or CONTRACT_BASE_URL/],
    ['read-only', ['--cleanup', 'ct-mwtqi3co-468ec119-', '--readonly'], /read-only .* forbids that/],
    [
      'an option of a run',
      ['--cleanup', 'ct-mwtqi3co-468ec119-', '--junit', 'x.xml'],
      /^contract --cleanup: --junit is an option of a run, and --cleanup runs nothing.* Leave --junit out\.$/m,
    ],
    [
      '--no-destructive',
      ['--cleanup', 'ct-mwtqi3co-468ec119-', '--no-destructive'],
      /^contract --cleanup: --no-destructive is an option of a run/m,
    ],
  ])(
    'refuses %s: exit 2, and nothing is deleted',
    async (_what, args, message) => {
      const base = `${server.url}/acme/refuse`;
      await fetch(`${base}/products-push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          data: [{ productGroupId: 'shop-1' }, { productGroupId: 'ct-mwtqi3co-468ec119-x' }],
        }),
      });
      const target = args.includes('--no-base') ? [] : ['--base-url', base, '--api-key', KEY];
      const { code, output } = await contract([...args.filter((a) => a !== '--no-base'), ...target]);
      expect(output).toMatch(message);
      expect(code).toBe(2);
      expect((await held(base, KEY)).products).toEqual(['ct-mwtqi3co-468ec119-x', 'shop-1']);
    },
    60_000,
  );

  it('on a target that is not ready, speaks of the cleanup, not of a contract run', async () => {
    const base = `${server.url}/acme/not-ready`;
    await fetch(`${base}/products-push`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: [{ productGroupId: 'ct-mwtqi3co-468ec119-x' }] }),
    });
    const { code, output } = await contract([
      '--cleanup',
      'ct-mwtqi3co-468ec119-',
      '--base-url',
      base,
      '--api-key',
      'wrong-key',
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(
      /^contract --cleanup: the target is not ready for a cleanup; nothing was removed\.\n {2}tried: GET /,
    );
    expect(output).not.toMatch(/test|contract run/);
    expect((await held(base, KEY)).products).toEqual(['ct-mwtqi3co-468ec119-x']);
  }, 60_000);
});
