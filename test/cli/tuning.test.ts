import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedFileBytes, serverOnOwnThread } from '../../src/cli/serve/tuning.js';

describe('process tuning: where the server runs', () => {
  it('runs the server on a tuned thread of its own by default', () => {
    expect(serverOnOwnThread(true, false)).toBe(true);
  });

  it('keeps it on the main thread with --no-tune', () => {
    expect(serverOnOwnThread(false, false)).toBe(false);
  });

  it('keeps it on the main thread under an inspector, which attaches there', () => {
    expect(serverOnOwnThread(true, true)).toBe(false);
    expect(serverOnOwnThread(false, true)).toBe(false);
  });
});

describe('process tuning: the size of the seed file', () => {
  it('is the size of the file --seed names, and 0 for anything else', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tuning-'));
    try {
      const file = join(dir, 'seed.json');
      await writeFile(file, '{"products": []}');
      expect(seedFileBytes(file)).toBe(16);
      expect(seedFileBytes(dir)).toBe(0);
      expect(seedFileBytes(join(dir, 'missing.json'))).toBe(0);
      // A dataset name or a count names no file, even where a file of that name exists.
      await writeFile(join(dir, 'demo'), 'x');
      const cwd = process.cwd();
      process.chdir(dir);
      try {
        expect(seedFileBytes('demo')).toBe(0);
        expect(seedFileBytes('none')).toBe(0);
      } finally {
        process.chdir(cwd);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
