// Compaction of a --data file: a new journal and a snapshot written in the background while
// requests are answered (docs/behaviour.md, "Storage and --data").
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, open, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '../../src/store/store.js';
import type { ScopeKey } from '../../src/domain/types.js';
import { FIRST_RETRY_MS, MAX_RETRY_MS } from '../../src/store/compactionRetry.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const key: ScopeKey = { region: 'eu', tenantId: 'acme', environment: 'dev' };
const product = (id: string) => ({ productGroupId: id, note: 'x'.repeat(100) }) as CatalogProduct;
const put = (store: Store, products: CatalogProduct[]) =>
  store.write(key, () => ({ change: { products }, result: undefined }));

let dir: string;
let file: string;
const opened: Store[] = [];
const openStore = async (compactBytes?: number) => {
  const store = await Store.open({ file, compactBytes });
  opened.push(store);
  return store;
};
const journals = async () => (await readdir(dir)).filter((name) => name.includes('.journal-')).sort();

type Write = (...args: unknown[]) => Promise<unknown>;

/** The prototype of node's file handles, whose write a test replaces. */
async function fileHandles(): Promise<{ write: Write }> {
  const probe = await open(join(dir, 'probe'), 'w');
  await probe.close();
  await rm(join(dir, 'probe'));
  return Object.getPrototypeOf(probe) as { write: Write };
}

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
const isSnapshot = (data: unknown) => Buffer.isBuffer(data) && data.includes('"generation":');
const isJournalHeader = (data: unknown) => Buffer.isBuffer(data) && data.includes('"journal":');

/** Holds every write of a snapshot's lines until `release`; `reached` resolves at the first. */
async function holdSnapshots() {
  const handle = await fileHandles();
  const write = handle.write;
  let release = () => undefined as void;
  let reach = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  vi.spyOn(handle, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const snapshot = Buffer.isBuffer(args[0]) && args[0].includes('"generation":');
    if (!snapshot) return write.apply(this, args);
    reach();
    return released.then(() => write.apply(this, args));
  });
  return { reached, release };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-compaction-'));
  file = join(dir, 'catalog.json');
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('compaction', () => {
  it('writes one snapshot at a time: writes meanwhile go on in the one new journal', async () => {
    const store = await openStore(500);
    const { reached, release } = await holdSnapshots();
    for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
    await reached;
    const during = await journals();
    for (let i = 0; i < 10; i++) await put(store, [product(`b${i}`)]);
    expect(await journals()).toEqual(during);
    release();
    await store.close();
    const reopened = await openStore();
    expect(reopened.scope(key).products()).toHaveLength(15);
  });

  it('is finished before the store lets go of its file: no temporary file is left behind', async () => {
    const store = await openStore(500);
    const { reached, release } = await holdSnapshots();
    for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
    await reached;
    const closed = store.close().then(() => 'closed');
    // Not a measure of speed: the close must still be waiting for the snapshot when this ends.
    const held = new Promise((resolve) => setTimeout(() => resolve('waiting'), 300));
    expect(await Promise.race([closed, held])).toBe('waiting');
    release();
    await closed;
    const files = await readdir(dir);
    expect(files.filter((name) => !name.includes('.journal-'))).toEqual(['catalog.json']);
    expect((await readFile(file, 'utf8')).trim().split('\n').at(-1)).toMatch(/^\{"end":\d+\}$/);
  });

  it.skipIf(process.platform === 'win32').each(['tmp', 'journal-1'])(
    'follows no symbolic link put where its %s goes while it serves: the file it names stays as it was',
    async (suffix) => {
      const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const store = await openStore(500);
      // A link planted beside the data file while the server runs: the temporary snapshot's target
      // was overwritten, and the next journal's truncated.
      const victim = join(dir, 'precious');
      await writeFile(victim, 'keep me\n');
      await symlink(victim, `${file}.${suffix}`);
      for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
      await vi.waitFor(() => expect(said).toHaveBeenCalled());
      const what = suffix === 'tmp' ? 'temporary snapshot' : 'journal';
      expect(String(said.mock.calls[0]?.[0])).toContain(
        `its ${what} ${file}.${suffix} is a symbolic link; the server writes only files of its own beside the data file, and follows no link there: remove the link, or name another --data file`,
      );
      expect(await readFile(victim, 'utf8')).toBe('keep me\n');
      // Every write is still kept.
      await store.close();
      await rm(`${file}.${suffix}`);
      expect((await openStore()).scope(key).products()).toHaveLength(5);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'refuses to start on a journal or temporary snapshot that is a symbolic link, naming it',
    async () => {
      const victim = join(dir, 'precious');
      await writeFile(victim, 'keep me\n');
      for (const name of [`${file}.journal-0`, `${file}.tmp`]) {
        await symlink(victim, name);
        const what = name.endsWith('.tmp') ? 'temporary snapshot' : 'journal';
        await expect(openStore()).rejects.toThrow(`--data ${file}: its ${what} ${name} is a symbolic link`);
        await rm(name);
      }
      expect(await readFile(victim, 'utf8')).toBe('keep me\n');
    },
  );

  it('tries a snapshot the disk refuses again later, in the same journal, saying so once, and once more when it works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = await fileHandles();
    const write = handle.write;
    const disk = { full: true, tries: 0 };
    vi.spyOn(handle, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
      if (!isSnapshot(args[0])) return write.apply(this, args);
      disk.tries++;
      return disk.full ? Promise.reject(diskFull()) : write.apply(this, args);
    });
    const store = await openStore(500);
    for (let i = 0; i < 5; i++) await put(store, [product(`a${i}`)]);
    await vi.waitFor(() => expect(said).toHaveBeenCalledTimes(1));
    const started = await journals();
    expect(started).toEqual(['catalog.json.journal-0', 'catalog.json.journal-1']);

    // Many times --compact-after later, before the wait is over: no try, no journal, no word.
    for (let i = 0; i < 30; i++) await put(store, [product(`b${i}`)]);
    expect(disk.tries).toBe(1);
    expect(await journals()).toEqual(started);
    // Once it is over, the same snapshot is tried again, and no journal is started for it.
    vi.setSystemTime(Date.now() + FIRST_RETRY_MS);
    await put(store, [product('c0')]);
    await vi.waitFor(() => expect(disk.tries).toBe(2));
    // The wait has doubled: half of it later, no try.
    vi.setSystemTime(Date.now() + FIRST_RETRY_MS);
    await put(store, [product('c1')]);
    expect(disk.tries).toBe(2);
    expect(await journals()).toEqual(started);
    expect(said).toHaveBeenCalledTimes(1);

    disk.full = false;
    vi.setSystemTime(Date.now() + MAX_RETRY_MS);
    await put(store, [product('c2')]);
    await vi.waitFor(() => expect(said).toHaveBeenCalledTimes(2));
    // The snapshot covers the first journal, which is gone; no part of a failed snapshot is left.
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['catalog.json', 'catalog.json.journal-1']));
    expect((await readdir(dir)).filter((name) => name !== 'catalog.json.lock')).toHaveLength(2);
    await store.close();
    const reopened = await openStore();
    expect(reopened.scope(key).products()).toHaveLength(38);
    expect(String(said.mock.calls[0]?.[0])).toMatch(
      /could not write a snapshot for --data .*catalog\.json \(ENOSPC: no space left on device, write\)\. Every write is still kept in its journal/,
    );
    expect(String(said.mock.calls[1]?.[0])).toMatch(
      /compaction of --data .* works again, after 2 failed tries/,
    );
  });

  it('starts a journal afresh after a try that wrote a part of its header: every write after it is read back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = await openStore(500);
    const handle = await fileHandles();
    const write = handle.write;
    // The next journal's header: half of it written, then the disk is full.
    let cut = true;
    vi.spyOn(handle, 'write').mockImplementation(function (this: unknown, ...args: unknown[]) {
      const [data, offset] = args;
      if (!cut || !isJournalHeader(data)) return write.apply(this, args);
      if (!offset) return write.call(this, data, 0, Math.floor((data as Buffer).length / 2));
      cut = false;
      return Promise.reject(diskFull());
    });
    let written = 0;
    while (cut) await put(store, [product(`a${written++}`)]);
    // The next try, then a write in the journal it started, which is the last at the restart.
    vi.setSystemTime(Date.now() + FIRST_RETRY_MS);
    await put(store, [product('b0')]);
    await put(store, [product('b1')]);
    await store.close();
    const reopened = await openStore();
    expect(reopened.scope(key).products()).toHaveLength(written + 2);
    expect(said).toHaveBeenCalledTimes(2);
    expect(String(said.mock.calls[0]?.[0])).toMatch(/could not start a new journal for --data .*\(ENOSPC/);
    expect(String(said.mock.calls[1]?.[0])).toMatch(/works again, after one failed try/);
  });
});
