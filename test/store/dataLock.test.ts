// One server per --data file (src/store/dataLock.ts): a second one, whose compaction would delete the
// journal the first appends to, is refused; a lock left by a killed server is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Store } from '../../src/store/store.js';
import { releaseLockSync, takeOver } from '../../src/store/dataLock.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const key = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const put = (store: Store, id: string) =>
  store.write(key, () => ({
    change: { products: [{ productGroupId: id } as CatalogProduct] },
    result: undefined,
  }));

describe('the lock of a --data file', () => {
  let dir: string;
  let file: string;
  let lock: string;
  const opened: Store[] = [];
  const open = async () => {
    const store = await Store.open({ file });
    opened.push(store);
    return store;
  };
  const holdBy = (pid: number, host = hostname()) =>
    writeFile(lock, JSON.stringify({ pid, host, token: 'theirs' }) + '\n');

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-lock-'));
    file = join(dir, 'catalog.json');
    lock = `${file}.lock`;
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('is taken while a server has the file open, and released when it closes', async () => {
    const store = await open();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await store.close();
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a second server while another process holds the file, and touches nothing of it', async () => {
    const first = await open();
    await put(first, 'a');
    await first.close();
    const journal = await readFile(`${file}.journal-0`, 'utf8');
    // A journal whose last line is cut short: a start would cut it off, which is the holder's to do.
    await writeFile(`${file}.journal-0`, journal + '{"scope":');
    await holdBy(process.ppid); // a process that runs, and is not this one
    await expect(Store.open({ file })).rejects.toThrow(
      `--data ${file} is in use by another server, process ${process.ppid}: two servers on one file ` +
        "lose each other's writes. Stop that server, or name another --data file",
    );
    expect(await readFile(`${file}.journal-0`, 'utf8')).toBe(journal + '{"scope":');
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.ppid, token: 'theirs' });
  });

  it('refuses a lock of a running process it may not signal, as one of another user is', async () => {
    await holdBy(4243);
    const eperm = Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    const kill = vi.spyOn(process, 'kill').mockImplementation((pid) => {
      if (pid === 4243) throw eperm;
      return true;
    });
    try {
      await expect(Store.open({ file })).rejects.toThrow(`in use by another server, process 4243`);
    } finally {
      kill.mockRestore();
    }
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: 4243, token: 'theirs' });
  });

  it('released at once for a signal, only when this process holds it, with the drafts this process wrote', async () => {
    const store = await open();
    await writeFile(`${lock}.${process.pid}.draft`, '');
    await writeFile(`${lock}.1.draft`, '');
    releaseLockSync(file);
    expect(existsSync(lock)).toBe(false);
    expect(existsSync(`${lock}.${process.pid}.draft`)).toBe(false);
    expect(existsSync(`${lock}.1.draft`)).toBe(true);
    await store.close();
    // Another process's lock stays.
    await holdBy(process.ppid);
    releaseLockSync(file);
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('a close removes only its own lock: one that another server put in its place stays', async () => {
    const store = await open();
    // Its lock was deleted by hand and another server took the file.
    await holdBy(process.ppid);
    await store.close();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.ppid, token: 'theirs' });
  });

  it('refuses a lock of another machine, saying which file to delete when no server runs there', async () => {
    await holdBy(4242, 'elsewhere');
    await expect(Store.open({ file })).rejects.toThrow(
      `in use by process 4242 on elsewhere: two servers on one file lose each other's writes. ` +
        `Stop that server, or name another --data file; if no server runs there any more, delete ${lock}`,
    );
  });

  it('takes over the lock of a server that was killed, and keeps what it wrote', async () => {
    const first = await open();
    await put(first, 'a');
    await first.close();
    // A process that has ended: as a server killed with SIGKILL leaves its lock.
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    await holdBy(ended);
    const store = await open();
    expect(store.scope(key).product('a')).toBeDefined();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('a lock of no readable holder is taken over', async () => {
    await writeFile(lock, '');
    await open();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('refuses a second opening in this process while the first holds the file, and the first keeps it', async () => {
    const first = await open();
    await put(first, 'a');
    const held = await readFile(lock, 'utf8');
    await expect(Store.open({ file })).rejects.toThrow(
      `--data ${file} is already open in this process, by another mock: two mocks on one file lose ` +
        "each other's writes. Close that one first, or name another --data file",
    );
    expect(await readFile(lock, 'utf8')).toBe(held);
    await put(first, 'b');
    await first.close();
    // Once closed, the file opens again, with what the first wrote.
    const again = await open();
    expect(again.scope(key).product('b')).toBeDefined();
  });

  it("refuses a lock of this process read a fraction of a millisecond apart, as another thread's is", async () => {
    const first = await open();
    const held = JSON.parse(await readFile(lock, 'utf8')) as { started: number };
    await first.close();
    // Another thread of this process reads its start a little apart (test/e2e/dataLockThreads.test.ts
    // opens one for real).
    await writeFile(lock, JSON.stringify({ ...held, token: 'other thread', started: held.started + 0.4 }));
    await expect(Store.open({ file })).rejects.toThrow('is already open in this process');
  });

  it("takes over a lock naming this process's pid that an earlier process wrote, as a restarted container's", async () => {
    const first = await open();
    const held = JSON.parse(await readFile(lock, 'utf8')) as { started: number };
    await first.close();
    // Written by a process given this pid before: it started at least a second before this one.
    await writeFile(lock, JSON.stringify({ ...held, token: 'before', started: held.started - 1000 }));
    await open();
    expect(JSON.parse(await readFile(lock, 'utf8'))).not.toMatchObject({ token: 'before' });
    // A lock written before the start was recorded, naming this pid: the same.
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'older' }));
    await open();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid });
    expect(JSON.parse(await readFile(lock, 'utf8'))).not.toMatchObject({ token: 'older' });
  });

  it('takes over a lock of another machine that its holder stopped refreshing', async () => {
    await holdBy(4242, 'elsewhere');
    const past = new Date(Date.now() - 5 * 60_000);
    await utimes(lock, past, past);
    await open();
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it('keeps refreshing its own lock while it holds the file', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await open();
      const past = new Date(Date.now() - 5 * 60_000);
      await utimes(lock, past, past);
      vi.advanceTimersByTime(15_000);
      await expect.poll(async () => Date.now() - (await stat(lock)).mtimeMs).toBeLessThan(60_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a take-over that finds another start took the lock first puts that lock back', async () => {
    // Two starts found the same holder gone; the other one already put its own lock in place.
    await writeFile(lock, JSON.stringify({ pid: process.ppid, host: hostname(), token: 'first' }) + '\n');
    await takeOver(lock, { pid: 999_999, host: hostname(), token: 'gone' }, 'second');
    expect(JSON.parse(await readFile(lock, 'utf8'))).toMatchObject({ token: 'first' });
    await expect(Store.open({ file })).rejects.toThrow(`in use by another server, process ${process.ppid}`);
  });
});
