// The lock of a --data file left by a server of another user that no longer runs, in a directory
// such as /tmp whose sticky bit lets only a file's owner move it: the take-over's rename is refused
// (EPERM). Root passes that check, so the refusal is simulated (src/store/dataLock.ts).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const refused = (from: string, to: string) =>
    Promise.reject(
      Object.assign(new Error(`EPERM: operation not permitted, rename '${from}' -> '${to}'`), {
        code: 'EPERM',
      }),
    );
  return { ...fs, default: { ...fs, rename: refused }, rename: refused };
});

const { Store } = await import('../../src/store/store.js');

describe("the lock of a --data file left by another user's server that no longer runs", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-foreign-lock-'));
    file = join(dir, 'catalog.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is refused naming the lock, its process and what to do, and is left as it was', async () => {
    // No process has a pid this high on Linux (pid_max is at most 2^22).
    const gone = JSON.stringify({ pid: 2 ** 23, host: hostname(), token: 'theirs' }) + '\n';
    await writeFile(`${file}.lock`, gone);
    await expect(Store.open({ file })).rejects.toThrow(
      `the lock ${file}.lock, left by process ${2 ** 23}, which no longer runs, cannot be taken over by this user`,
    );
    await expect(Store.open({ file })).rejects.toThrow(
      'delete it as its owner or as root, or name another --data file',
    );
    expect(await readFile(`${file}.lock`, 'utf8')).toBe(gone);
  });
});
