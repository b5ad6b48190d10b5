// startServing on the process's main thread (--no-tune) with a --data file: from the lock taken to
// the caller's own stop, a SIGINT or SIGTERM always finds a listener that releases the lock
// (src/cli/serve/startSignals.ts). The server is a stand-in that takes the real lock and serves a seed
// large enough to have its search prepared before the start returns.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startServing, type ServeOptions } from '../../src/cli/serve/startServing.js';
import type { RunningServer } from '../../src/server.js';
import { lockDataFile, lockPathOf } from '../../src/store/dataLock.js';

const during = vi.hoisted(() => ({ prepare: (): void => undefined }));

vi.mock('../../src/server.js', async (original) => {
  const actual = await original<typeof import('../../src/server.js')>();
  return {
    ...actual,
    startServer: async (options: { data: string }) => {
      const unlock = await lockDataFile(options.data);
      // 50,000 stand-ins: the size from which the search is prepared at start (startServing.ts).
      const products = Array.from({ length: 50_000 }, (_, i) => ({ productGroupId: `p${i}` }));
      return {
        url: 'http://127.0.0.1:1',
        seed: () => ({ products, productTypes: [] }),
        close: unlock,
      } as unknown as RunningServer;
    },
  };
});
vi.mock('../../src/query/searchIndex.js', () => ({ prepareSearch: () => during.prepare() }));

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const listening = () => SIGNALS.map((signal) => process.listeners(signal));
/** The listeners added to a signal since `before` was read. */
const added = (before: ReturnType<typeof listening>) =>
  SIGNALS.map((signal, i) => process.listeners(signal).filter((l) => !before[i]?.includes(l)));

let dir: string;
let file: string;
let before: ReturnType<typeof listening>;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-start-serving-'));
  file = join(dir, 'catalog.json');
  before = listening();
});
afterEach(async () => {
  added(before).forEach((listeners, i) => listeners.forEach((l) => process.off(SIGNALS[i] as string, l)));
  during.prepare = () => undefined;
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

const options = (): ServeOptions => ({
  port: 0,
  host: '127.0.0.1',
  region: 'eu',
  apiKey: [],
  seed: 'none',
  data: file,
  tune: false,
  logFormat: 'pretty',
  quiet: true,
});

describe('a signal while serve --no-tune starts on a --data file', () => {
  it('while a large seed has its search prepared, releases the lock and ends the process by the signal', async () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => true);
    let lockWhenSignalled: boolean | undefined;
    during.prepare = () => {
      const [onInterrupt] = added(before)[0] ?? [];
      expect(onInterrupt).toBeTypeOf('function');
      lockWhenSignalled = existsSync(lockPathOf(file));
      (onInterrupt as (signal: NodeJS.Signals) => void)('SIGINT');
    };
    await startServing(options(), { progress: () => undefined, seeded: () => undefined });
    expect(lockWhenSignalled).toBe(true);
    expect(existsSync(lockPathOf(file))).toBe(false);
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGINT');
  });

  it("puts the caller's stop in place while the start's own listeners are still there, then removes those", async () => {
    let whenStopPut: ReturnType<typeof added> = [];
    const stop = () => undefined;
    const running = await startServing(
      options(),
      { progress: () => undefined, seeded: () => undefined },
      () => {
        whenStopPut = added(before);
        SIGNALS.forEach((signal) => process.once(signal, stop));
      },
    );
    expect(whenStopPut.map((listeners) => listeners.length)).toEqual([1, 1]);
    expect(added(before)).toEqual([[stop], [stop]]);
    await running.close();
    expect(existsSync(lockPathOf(file))).toBe(false);
  });
});
