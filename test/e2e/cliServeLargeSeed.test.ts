// The serve command with a large seed: its progress and ready lines (split from cliServe.test.ts so that the files run side by side).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { endProcessGroup } from '../processGroup.js';
import { ctrlCWhileDrawing } from './ctrlC.js';
import { runSeedCommand } from '../../src/cli/seed/seedCommand.js';

/** A stderr that is no terminal and keeps nothing, for the seed command's summary. */
const quiet = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;

import { cli, runCli } from './runCli.js';
import { INDEX_SUFFIX } from '../../src/seed/seedIndex.js';

describe('product-catalog-mock serve: a large seed', () => {
  it('says when a large seed is ready, before the banner', async () => {
    const result = await runCli(['--port', '0', '--seed', '10000', '--quiet'], async (_url, stop) => stop());
    expect(result.stdout).toMatch(
      /^seed "10000": 10,000 products ready in \d+\.\d s\nproduct-catalog-mock listening on /,
    );
  }, 60_000);

  /** What a terminal shows of a start with these arguments, until it listens. */
  async function screenOf(args: string[]): Promise<string> {
    // `script` gives the CLI a terminal (its stderr a TTY), as a person starting it has.
    const command = [process.execPath, cli, ...args].join(' ');
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let screen = '';
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d: Buffer) => {
          screen += d.toString();
          if (/listening on http/.test(screen)) resolve();
        });
        child.once('exit', () => reject(new Error(`ended before listening:\n${screen}`)));
      });
    } finally {
      await endProcessGroup(child);
    }
    return screen;
  }

  it.skipIf(!existsSync('/usr/bin/script'))(
    'draws the progress of a large seed in a terminal, then the ready line',
    async () => {
      const screen = await screenOf(['--port', '0', '--seed', '12000', '--quiet']);
      expect(screen).toMatch(/seeding .* \d+\/12000 products/);
      expect(screen).toMatch(/seed "12000": 12,000 products ready in \d+\.\d s/);
    },
    90_000,
  );

  it.skipIf(!existsSync('/usr/bin/script'))(
    'Ctrl-C while the progress bar is drawn leaves the terminal as it was and says so',
    async () => {
      const command = [process.execPath, cli, '--port', '0', '--seed', '50000', '--quiet'];
      const { code, screen } = await ctrlCWhileDrawing(command, /seeding .* \d+\/50000 products/);
      expect(code).toBe(130); // script -e: the CLI's status, killed by SIGINT
      // No mode of the terminal to give back (src/cli/terminal/progressBarOptions.ts); the word on a line of its own.
      expect(screen).not.toContain('\x1b[?25l');
      expect(screen).not.toContain('\x1b[?7l');
      expect(screen).toMatch(
        /\n\r?product-catalog-mock: stopped by SIGINT while starting, before it served anything/,
      );
      expect(screen).not.toMatch(/listening on/);
    },
    90_000,
  );

  it.skipIf(!existsSync('/usr/bin/script'))(
    'draws the check of a large seed file in a terminal, then the ready line',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'large-seed-'));
      try {
        const file = join(dir, 'large.json');
        await runSeedCommand({ seed: '10000', out: file, stderr: quiet });
        // Through the index the seed command wrote: nothing to check, ready at once.
        const indexed = await screenOf(['--port', '0', '--seed', file, '--quiet']);
        expect(indexed).not.toMatch(/checking/);
        expect(indexed).toMatch(/10,000 products ready in \d+\.\d s/);
        await rm(file + INDEX_SUFFIX);
        const screen = await screenOf(['--port', '0', '--seed', file, '--quiet']);
        // 85 MB, under the size a file must be read record by record at: its reading shows too.
        expect(screen).toMatch(/reading seed file .* \d+\/\d+ MB/);
        expect(screen).toMatch(/checking .* \d+\/10000 products/);
        expect(screen).toMatch(/10,000 products ready in \d+\.\d s/);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
