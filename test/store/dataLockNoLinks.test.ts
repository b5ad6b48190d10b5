// A --data file on a file system without hard links (exFAT, some network mounts): the lock is made
// by an exclusive create instead (src/store/dataLock.ts), and still refuses a second server.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const refused = () =>
    Promise.reject(Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' }));
  return { ...fs, default: { ...fs, link: refused }, link: refused };
});

const { Store } = await import('../../src/store/store.js');

describe('the lock of a --data file where links are refused', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-nolink-'));
    file = join(dir, 'catalog.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('is taken and released all the same', async () => {
    const store = await Store.open({ file });
    expect(JSON.parse(await readFile(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await store.close();
  });

  it('still refuses a file another running process holds', async () => {
    const holder = { pid: process.ppid, host: hostname(), token: 'theirs' };
    await writeFile(`${file}.lock`, JSON.stringify(holder) + '\n');
    await expect(Store.open({ file })).rejects.toThrow(`in use by another server, process ${process.ppid}`);
  });
});
