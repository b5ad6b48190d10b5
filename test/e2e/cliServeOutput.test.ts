// The serve command's output and its options (split from cliServe.test.ts so that the files run side by side).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { endProcessGroup } from '../processGroup.js';

import { cli, runCli } from './runCli.js';

describe('product-catalog-mock serve: its output and its options', () => {
  /** What the server prints after its banner while `path` is requested (without a token: a 401). */
  async function logOf(args: string[], path = '/acme/dev/products?limit=1'): Promise<string[]> {
    let banner = '';
    const result = await runCli(['--port', '0', '--seed', 'none', ...args], async (url, stop, output) => {
      banner = `API reference: ${url}/docs\n`;
      await (await fetch(url + path)).arrayBuffer();
      await (await fetch(`${url}/__admin/health`)).arrayBuffer();
      // Once the health check's line is out, the request's is too; --quiet prints neither.
      for (let i = 0; i < 50 && !output().includes('/__admin/health'); i++) await sleep(20);
      stop();
    });
    // After the banner, when it is on stdout, and before the line that says the server stopped.
    const start = result.stdout.includes(banner) ? result.stdout.indexOf(banner) + banner.length : 0;
    return result.stdout
      .slice(start)
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('product-catalog-mock stopped'));
  }

  /** Everything the CLI printed on stdout while serving one request, line by line. */
  async function stdoutOf(args: string[]): Promise<{ stdout: string[]; stderr: string }> {
    const result = await runCli(['--port', '0', '--seed', 'none', ...args], async (url, stop, output) => {
      await (await fetch(`${url}/__admin/health`)).arrayBuffer();
      for (let i = 0; i < 50 && !output().includes('/__admin/health'); i++) await sleep(20);
      stop();
    });
    return { stdout: result.stdout.split('\n').filter(Boolean), stderr: result.stderr };
  }

  it('logs a readable line per request, with the message of an error', async () => {
    const [line] = await logOf([]);
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: GET \/acme\/dev\/products\?limit=1 401 [\d.]+ ms - Missing access token/,
    );
  }, 90_000);

  it('logs one JSON object per request with --log-format json, and nothing with --quiet', async () => {
    const lines = await logOf(['--log-format', 'json']);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/acme/dev/products?limit=1',
        status: 401,
        error: expect.any(String),
      }),
      expect.objectContaining({ method: 'GET', url: '/__admin/health', status: 200 }),
    ]);
    expect(await logOf(['--quiet'])).toEqual([]);
    // nothing but JSON on stdout from the start: the banner goes to stderr
    const whole = await stdoutOf(['--log-format', 'json']);
    expect(whole.stdout.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ method: 'GET', url: '/__admin/health', status: 200 }),
    ]);
    expect(whole.stderr).toMatch(
      /^product-catalog-mock listening on http:\/\/127\.0\.0\.1:\d+\n {2}serving: .*\n {2}try: curl /,
    );
  }, 90_000);

  const ESC = String.fromCharCode(27);

  /** The environment of a test, without the colour settings of the one it runs in. */
  function colourEnv(set: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env = { ...process.env, ...set };
    for (const name of ['NO_COLOR', 'FORCE_COLOR']) if (!(name in set)) delete env[name];
    return env;
  }

  /** The request log of one request, as it is written. */
  async function rawLogOf(env: NodeJS.ProcessEnv): Promise<string> {
    const result = await runCli(
      ['--port', '0', '--seed', 'none'],
      async (url, stop, output) => {
        await (await fetch(`${url}/__admin/health`)).arrayBuffer();
        for (let i = 0; i < 50 && !output().includes('/__admin/health'); i++) await sleep(20);
        stop();
      },
      [],
      env,
    );
    return result.stdout;
  }

  it('writes no escape codes to a pipe, unless FORCE_COLOR asks for colour', async () => {
    expect(await rawLogOf(colourEnv({}))).not.toContain('\x1b[');
    expect(await rawLogOf(colourEnv({ FORCE_COLOR: '0' }))).not.toContain('\x1b[');
    const forced = await rawLogOf(colourEnv({ FORCE_COLOR: '1' }));
    expect(forced).toMatch(new RegExp(`${ESC}\\[\\d+mINFO${ESC}\\[\\d+m: .*GET /__admin/health 200`));
  }, 90_000);

  it.skipIf(!existsSync('/usr/bin/script'))(
    'colours the log on a terminal, but not with NO_COLOR set',
    async () => {
      /** What a terminal shows of the log of one request. */
      const screen = async (env: NodeJS.ProcessEnv): Promise<string> => {
        const command = [process.execPath, cli, '--port', '0', '--seed', 'none'].join(' ');
        const child = spawn('script', ['-qfec', command, '/dev/null'], {
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
          env,
        });
        let shown = '';
        let asked = false;
        try {
          await new Promise<void>((resolve, reject) => {
            child.stdout.on('data', (d: Buffer) => {
              shown += d.toString();
              const url = /API reference: (http:\/\/\S+)\/docs/.exec(shown)?.[1];
              if (url && !asked) {
                asked = true;
                void fetch(`${url}/__admin/health`).catch(reject);
              }
              if (/__admin\/health[^\n]*\n/.test(shown)) resolve();
            });
            child.once('exit', () => reject(new Error(`ended before its log line:\n${shown}`)));
          });
        } finally {
          await endProcessGroup(child);
        }
        return shown.slice(shown.indexOf('API reference'));
      };
      expect(await screen(colourEnv({ TERM: 'xterm' }))).toMatch(new RegExp(`${ESC}\\[\\d+mINFO`));
      expect(await screen(colourEnv({ TERM: 'xterm', NO_COLOR: '1' }))).not.toContain('\x1b[');
    },
    60_000,
  );

  it('refuses --watch without a seed file, --compact-after without --data, a --latency it cannot read, and an --api-key no request could use', async () => {
    const watch = await runCli(['--port', '0', '--watch']);
    expect(watch.code).toBe(1);
    expect(watch.stderr).toMatch(/--watch needs --seed FILE/);
    const latency = await runCli(['--port', '0', '--latency', 'slow']);
    expect(latency.code).not.toBe(0);
    expect(latency.stderr).toMatch(/--latency must be milliseconds N or a range A-B/);
    const key = await runCli(['--port', '0', '--api-key', 'k=']);
    expect(key.code).not.toBe(0);
    expect(key.stderr).toMatch(/"k=" binds the key to no tenant/);
    // Taken without --data, it would be ignored without a word.
    const compact = await runCli(['--port', '0', '--seed', 'none', '--compact-after', '8']);
    expect(compact.code).toBe(1);
    expect(compact.stderr).toBe(
      'product-catalog-mock: --compact-after sizes the journal of a --data file: give --data FILE with it\n',
    );
  }, 90_000);

  it('says when npm took the options meant for it (npm start --seed none, without --), and exits with 1', async () => {
    // What npm hands a script for `npm start --seed none --public-reads`: the settings it took as its
    // own as npm_config_* variables, and `none` as an argument.
    const byNpm = {
      ...process.env,
      npm_lifecycle_event: 'start',
      npm_lifecycle_script: 'node dist/src/cli/cli.js',
      npm_config_seed: 'true',
      npm_config_public_reads: 'true',
    };
    const took = await runCli(['none'], undefined, [], byNpm);
    expect(took.code).toBe(1);
    expect(took.stderr).toMatch(
      /^error: npm took --public-reads, --seed as settings of its own, so the mock did not get them: put -- before the mock's options, as in npm start -- --public-reads \.\.\.\n/,
    );
    // `npm start --public-reads -- --public-reads`: the mock got it all the same.
    const both = await runCli(['--port', '0', '--seed', 'none', '--public-reads'], undefined, [], {
      ...process.env,
      npm_lifecycle_event: 'start',
      npm_lifecycle_script: 'node dist/src/cli/cli.js',
      npm_config_public_reads: 'true',
    });
    expect(both.stdout).toMatch(/listening on/);
    // A script that runs more than the mock: the setting may be another program's.
    const shared = await runCli(['--port', '0', '--seed', 'none'], undefined, [], {
      ...process.env,
      npm_lifecycle_event: 'dev',
      npm_lifecycle_script: 'concurrently "vite" "product-catalog-mock --port 0"',
      npm_config_public_reads: 'true',
    });
    expect(shared.stdout).toMatch(/listening on/);
  }, 90_000);

  it('names a mistyped command as unknown, and its help points to the options of serve', async () => {
    const typo = await runCli(['servee']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toBe(
      "error: unknown command 'servee' (commands: serve, seed, contract, record, drift)\n" +
        '(product-catalog-mock --help lists the commands)\n',
    );
    // With serve named, a word after it is an argument too many, not a command.
    const extra = await runCli(['serve', '--seed', 'none', 'extra']);
    expect(extra.code).toBe(1);
    expect(extra.stderr).toBe(
      "error: serve takes no arguments, got 'extra' (an option is written --name value)\n" +
        '(product-catalog-mock serve --help lists its options)\n',
    );
    const help = await runCli(['--help']);
    expect(help.stdout).toMatch(
      /Its options, such as --port, --seed, --data and\n--api-key: product-catalog-mock serve --help/,
    );
    // docs/datasets.md, "Write a dataset to a file": --seed takes the same values as serve's, none too.
    const seedHelp = (await runCli(['seed', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(seedHelp).toMatch(/a bundled dataset name, a product count, a \.json file, or none/);
  }, 90_000);

  // A newcomer reads either; an option added to one and not the other is found by no one else.
  it('says what is wrong in a mistaken option in two lines, the second where the options are listed', async () => {
    // The whole help after the mistake pushed it off the top of a terminal of 24 lines.
    const cases: [string[], string][] = [
      [
        ['--bogus'],
        "error: unknown option '--bogus'\n(product-catalog-mock serve --help lists its options)\n",
      ],
      [
        ['serve', '--log-format', 'xml'],
        "error: option '--log-format <format>' argument 'xml' is invalid. Allowed choices are pretty, json.\n" +
          '(product-catalog-mock serve --help lists its options)\n',
      ],
      [
        ['seed', '--out'],
        "error: option '--out <file>' argument missing\n(product-catalog-mock seed --help lists its options)\n",
      ],
      [
        ['record'],
        "error: required option '--base-url <url>' not specified\n" +
          '(product-catalog-mock record --help lists its options)\n',
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await runCli(args);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 1, stderr });
    }
    // contract's exit code for a misconfigured run
    const contract = await runCli(['contract', '--bogus']);
    expect([contract.code, contract.stderr]).toEqual([
      2,
      "error: unknown option '--bogus'\n(product-catalog-mock contract --help lists its options)\n",
    ]);
  }, 90_000);

  it("lists in serve --help the options of docs/cli.md's table, and no others", async () => {
    const guide = readFileSync(join(packageRoot, 'docs/cli.md'), 'utf8');
    const table = guide.split('| option | default | meaning |')[1]?.split('\n\n')[0] ?? '';
    const longFlag = (text: string) => /--[a-z][\w-]*/.exec(text)?.[0];
    const documented = table
      .split('\n')
      .map((row) => (row.startsWith('| `') ? longFlag(row.split('|')[1] as string) : undefined))
      .filter((flag): flag is string => flag !== undefined && flag !== '--version'); // the program's, not serve's
    const help = (await runCli(['serve', '--help'])).stdout;
    const listed = help
      .split('\n')
      .filter((line) => /^ {2}-/.test(line))
      .map((line) => longFlag(line) as string);
    expect(listed.sort()).toEqual(documented.sort());
    // The bound docs/cli.md gives --latency, which its refusal names too.
    expect(help.replace(/\s+/g, ' ')).toMatch(/--latency <ms> delay every API answer: .*\(at most 60000\)/);
  }, 90_000);

  it('says a port in use is in use, and exits with 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await runCli(['--port', String(port), '--seed', 'none']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot listen: port ${port} on 127.0.0.1 is in use`);
      // Before the seed is built: a missing seed file would be the first complaint otherwise, and a
      // large seed generated in full before the refusal.
      const early = await runCli(['--port', String(port), '--seed', '/no-such-dir/seed.json']);
      expect(early.code).toBe(1);
      expect(early.stderr).toBe(
        `product-catalog-mock: Cannot listen: port ${port} on 127.0.0.1 is in use: stop what listens ` +
          'there, or give another port (0 picks a free one)\n',
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 90_000);
});
