// `seed --seed COUNT` beyond V8's default heap runs again in a node sized for it (src/cli/heapRerun.ts).
// A million products take minutes; the command's own refusal of a missing folder, made before it
// generates anything, shows the rerun in a second. The mechanism is run from the built module, as
// the command line runs it: in a process of its own, which the test signals as a terminal would.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { rerunArguments } from '../../src/cli/heapRerun.js';
import { cli } from './runCli.js';

const heapRerun = pathToFileURL(join(packageRoot, 'dist', 'src', 'cli', 'heapRerun.js')).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-heap-rerun-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function run(args: string[], options: { detached?: boolean } = {}) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return { child, exited, output: () => ({ stdout, stderr }) };
}

it('puts the heap flag before the node flags and command line this process was given', () => {
  expect(
    rerunArguments(9024, ['--enable-source-maps'], ['/usr/bin/node', 'cli.js', 'seed', '--seed', '1000000']),
  ).toEqual(['--max-old-space-size=9024', '--enable-source-maps', 'cli.js', 'seed', '--seed', '1000000']);
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
    expect(code).toBe(1);
  }
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

it('passes one Ctrl-C to the command when the terminal sends it to the whole group', async () => {
  // The command counts the SIGINTs it gets for a while, then exits with 10 + that count.
  const { child, exited, output } = await run(
    inPlace(`
      let count = 0;
      process.on('SIGINT', () => count++);
      console.log('ready');
      setTimeout(() => process.exit(10 + count), 1500);
    `),
    { detached: true },
  );
  while (!output().stdout.includes('ready')) await new Promise((r) => setTimeout(r, 20));
  // As a terminal's Ctrl-C: to the foreground process group, which the test's process leads.
  process.kill(-child.pid!, 'SIGINT');
  const [code] = await exited;
  expect(code).toBe(11);
});

it('passes a SIGTERM sent to it alone on to the command, and exits as the signal ended it', async () => {
  const { child, exited, output } = await run(
    inPlace(`
      console.log('ready');
      setTimeout(() => process.exit(0), 10_000);
    `),
  );
  while (!output().stdout.includes('ready')) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGTERM');
  const [code] = await exited;
  // 128 + 15: the command ended by the SIGTERM passed on, not left running for ten seconds.
  expect(code).toBe(143);
});
