// `product-catalog-mock seed`, the built command as a user runs it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { ctrlCWhileDrawing } from './ctrlC.js';

const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** Runs `seed` with stdout going to `stdout` (a pipe when absent); resolves to what it printed. */
async function seed(args: string[], stdout?: number) {
  const child = spawn(process.execPath, [cli, 'seed', ...args], {
    stdio: ['ignore', stdout ?? 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout: out, stderr: err };
}

/** Runs `seed` with its stdout piped to cat by a shell, as `seed ... | cat`. */
async function viaPipe(args: string[]) {
  const child = spawn('/bin/sh', ['-c', '"$@" | cat', 'sh', process.execPath, cli, 'seed', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await once(child, 'close');
  return { stdout: out, stderr: err };
}

describe('seed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-seed-cmd-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const expected = async () => JSON.parse(JSON.stringify(await resolveSeed('5'))) as unknown;

  it('refuses an empty --out, which was said to be a directory', async () => {
    // As a script's unset variable gives it: --out "$FILE".
    const { code, stderr } = await seed(['--seed', '5', '--out', '']);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^error: option '--out <file>' argument '' is invalid\. names no file: give the path of the file to write\n/,
    );
  }, 60_000);

  it('--out - writes the dataset to standard output, even one a program gives as a socket', async () => {
    // node's spawn gives the child's stdout as a socket, which /dev/stdout cannot open (ENXIO)
    const { code, stdout, stderr } = await seed(['--seed', '5', '--out', '-']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(await expected());
    const mb = (Buffer.byteLength(stdout) / 1e6).toFixed(1);
    expect(stderr).toMatch(
      new RegExp(
        `^Wrote 5 products \\(\\d+ variants\\) and 20 product types from seed "5" to standard output \\(${mb} MB\\)`,
      ),
    );
  }, 60_000);

  it.skipIf(!existsSync('/dev/stdout') || !existsSync('/bin/sh'))(
    '--out /dev/stdout | cat: stdout holds the dataset alone, the summary is on stderr',
    async () => {
      // Through a shell's pipe: node gives a child's stdout as a socket, which /dev/stdout cannot open.
      const { stdout, stderr } = await viaPipe(['--seed', '5', '--out', '/dev/stdout']);
      expect(JSON.parse(stdout)).toEqual(await expected());
      expect(stderr).toMatch(
        /^Wrote 5 products \(\d+ variants\) and 20 product types from seed "5" to \/dev\/stdout/,
      );
    },
    60_000,
  );

  it.skipIf(!existsSync('/dev/stdout'))(
    '--out /dev/stdout > FILE: the file holds the dataset alone',
    async () => {
      const file = join(dir, 'redirected.json');
      const handle = await open(file, 'w');
      try {
        const { code, stderr } = await seed(['--seed', '5', '--out', '/dev/stdout'], handle.fd);
        expect(code).toBe(0);
        expect(stderr).toMatch(/^Wrote 5 products/);
      } finally {
        await handle.close();
      }
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(await expected());
    },
    60_000,
  );

  it.skipIf(!existsSync('/usr/bin/script'))(
    'Ctrl-C while the products are generated stops the command there and says so, leaving no file',
    async () => {
      const file = join(dir, 'interrupted.json');
      // In a terminal, so that its bar shows when the generation is under way.
      const command = [process.execPath, cli, 'seed', '--seed', '100000', '--out', file];
      const { code, screen } = await ctrlCWhileDrawing(command, /generating .* \d+\/100000 products/);
      expect(code).toBe(130);
      expect(screen).toMatch(new RegExp(`\n\r?seed: interrupted; nothing was written to ${file}\\.`));
      // Stopped during the generation, not after it: the bar never reached the end.
      expect(screen).not.toMatch(/100000\/100000 products/);
      expect(existsSync(file)).toBe(false);
    },
    90_000,
  );
});
