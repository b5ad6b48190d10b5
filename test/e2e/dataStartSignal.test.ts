// A signal while serve reads its --data file at start (src/cli/serve/startSignals.ts): the lock it took
// is released, and the process ends as a signal ends it at any other time of its start. The journal
// is a named pipe no one writes to, so the start waits in its replay, lock taken, for as long as
// the test needs: no timing decides what the test sees.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');
const canMakeFifo = existsSync('/usr/bin/mkfifo') || existsSync('/bin/mkfifo');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-start-signal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts serve on a --data file whose journal blocks its replay; resolves once it holds the lock. */
async function startInReplay(args: string[]) {
  const file = join(dir, 'catalog.json');
  execFileSync('mkfifo', [`${file}.journal-0`]);
  const child = spawn(process.execPath, [cli, '--port', '0', '--seed', 'none', '--data', file, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  try {
    await vi.waitFor(() => expect(existsSync(`${file}.lock`)).toBe(true), { timeout: 20_000, interval: 20 });
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`the start took no lock: ${String(err)}\n${output}`);
  }
  return { child, exited, output: () => output };
}

describe.skipIf(!canMakeFifo)('a signal while serve replays its --data journal', () => {
  for (const [signal, args] of [
    ['SIGINT', []],
    ['SIGTERM', []],
    ['SIGINT', ['--no-tune']],
  ] as const) {
    it(`${signal}${args.length ? ` with ${args.join(' ')}` : ''} releases the lock, and ends the process as at any other time of its start`, async () => {
      const { child, exited, output } = await startInReplay([...args]);
      try {
        child.kill(signal);
        const [code, by] = await exited;
        expect({ code, by }).toEqual({ code: null, by: signal });
        // The same word as a signal while the seed is built; --no-tune says nothing then either.
        if (args.length === 0)
          expect(output()).toBe(
            `product-catalog-mock: stopped by ${signal} while starting, before it served anything\n`,
          );
        else expect(output()).toBe('');
        expect((await readdir(dir)).sort()).toEqual(['catalog.json.journal-0']);
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    }, 90_000);
  }
});
