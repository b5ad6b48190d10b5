// `seed --seed COUNT` beyond V8's default heap runs again in a node sized for it (src/cli/seed/heapRerun.ts).
// A million products take minutes; the command's own refusal of a missing folder, made before it
// generates anything, shows the rerun in a second. The mechanism is run from the built module, as
// the command line runs it: in a process of its own, which the test signals as a terminal would.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { rerunArguments } from '../../src/cli/seed/heapRerun.js';
import { cli } from './runCli.js';

const heapRerun = pathToFileURL(join(packageRoot, 'dist', 'src', 'cli', 'seed', 'heapRerun.js')).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-heap-rerun-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** No heap a CI or a user set in NODE_OPTIONS: the tests choose the heap on node's command line. */
const ENV = { ...process.env };
delete ENV.NODE_OPTIONS;

const started: ChildProcess[] = [];
afterEach(() => {
  // A test that failed midway leaves no process: each was started as a process group's leader.
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

async function run(args: string[]) {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: ENV,
    detached: true,
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let ended = false;
  void exited.then(() => (ended = true));
  /** Resolves once stdout holds `text`; fails if the process ends first. */
  const printed = async (text: string) => {
    while (!stdout.includes(text)) {
      if (ended) throw new Error(`ended before printing ${text}: ${stdout}${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

it('puts the heap flag before the node flags and command line this process was given', () => {
  expect(
    rerunArguments(9024, ['--enable-source-maps'], ['/usr/bin/node', 'cli.js', 'seed', '--seed', '1000000']),
  ).toEqual(['--max-old-space-size=9024', '--enable-source-maps', 'cli.js', 'seed', '--seed', '1000000']);
});

it('leaves out the inspector: the command run again would ask for the port this process holds', () => {
  const execArgv = ['--inspect=9229', '--inspect-brk', '--enable-source-maps', '--inspect-port=0'];
  expect(rerunArguments(9024, execArgv, ['node', 'cli.js'])).toEqual([
    '--max-old-space-size=9024',
    '--enable-source-maps',
    'cli.js',
  ]);
});

it('seed --seed 1000000 runs again with a heap that holds a million products, and says so', async () => {
  const out = join(dir, 'missing', 'catalog.json');
  const { exited, output } = await run([cli, 'seed', '--seed', '1000000', '--out', out]);
  const [code] = await exited;
  const { stderr } = output();
  expect(stderr).toMatch(
    /1,000,000 products need a larger heap than node's default \([\d,]+ MiB\): running with --max-old-space-size=9024/,
  );
  // The command run again is the one that refuses the folder, with its own exit code.
  expect(stderr).toContain('--out');
  expect(stderr).toContain('missing');
  expect(code).toBe(1);
});

it('seed with a user-sized heap, or a count the default heap holds, runs once', async () => {
  const out = join(dir, 'missing', 'catalog.json');
  for (const args of [
    ['--max-old-space-size=2048', cli, 'seed', '--seed', '1000000', '--out', out],
    [cli, 'seed', '--seed', '10', '--out', out],
  ]) {
    const { exited, output } = await run(args);
    const [code] = await exited;
    expect(output().stderr).not.toContain('larger heap');
    expect(output().stderr).toContain('missing');
    expect(code).toBe(1);
  }
});

it('refuses a count past the maximum at once, without a second node sized for it', async () => {
  const { exited, output } = await run([cli, 'seed', '--seed', '2000000', '--out', join(dir, 'big.json')]);
  const [code] = await exited;
  expect(output().stderr).not.toContain('larger heap');
  expect(output().stderr).toContain('at most 1,000,000 products');
  expect(code).toBe(1);
});

/** A process that runs `script` through runNodeInPlace and exits with what it resolves to. */
function inPlace(script: string): string[] {
  const parent = `
    const { runNodeInPlace } = await import(${JSON.stringify(heapRerun)});
    process.exitCode = await runNodeInPlace(['--max-old-space-size=321', '-e', ${JSON.stringify(script)}]);
  `;
  return ['--input-type=module', '-e', parent];
}

it('runs the command on the same streams with the heap asked for, and exits with its code', async () => {
  const { exited, output } = await run(
    inPlace(`
      console.log(process.execArgv[0], Math.round(require('v8').getHeapStatistics().heap_size_limit / 2 ** 20));
      console.error('on stderr');
      process.exit(7);
    `),
  );
  const [code] = await exited;
  const [flag, heapMiB] = output().stdout.trim().split(' ');
  expect(flag).toBe('--max-old-space-size=321');
  // The old generation asked for, and the young one beside it: far below the default of gigabytes.
  expect(Number(heapMiB)).toBeGreaterThanOrEqual(321);
  expect(Number(heapMiB)).toBeLessThan(500);
  expect(output().stderr).toContain('on stderr');
  expect(code).toBe(7);
});

it('lets the command take a Ctrl-C the terminal sends to the whole group once, and outlives it', async () => {
  // The command counts the SIGINTs it gets, says so for each, and exits with 10 + that count on a
  // SIGTERM. A SIGINT passed on by this process would reach it before the SIGTERM, which this
  // process passes on after.
  const { child, exited, printed } = await run(
    inPlace(`
      let count = 0;
      process.on('SIGINT', () => console.log('SIGINT ' + ++count));
      process.on('SIGTERM', () => process.exit(10 + count));
      console.log('ready');
      setInterval(() => undefined, 1000);
    `),
  );
  await printed('ready');
  // As a terminal's Ctrl-C: to the foreground process group, which the test's process leads.
  process.kill(-child.pid!, 'SIGINT');
  await printed('SIGINT 1');
  child.kill('SIGTERM');
  const [code] = await exited;
  expect(code).toBe(11);
});

it('passes a SIGTERM sent to it alone on to the command, and exits as the signal ended it', async () => {
  const { child, exited, printed } = await run(
    inPlace(`
      console.log('ready');
      setInterval(() => undefined, 1000);
    `),
  );
  await printed('ready');
  child.kill('SIGTERM');
  const [code] = await exited;
  // 128 + 15: the command ended by the SIGTERM passed on; left running, it would never end.
  expect(code).toBe(143);
});
