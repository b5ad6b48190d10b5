// One server per --data file: FILE.lock names the process that holds it. Two servers on one file
// would each answer from their own memory, and one's compaction would delete the journal the other
// appends to, losing writes it had answered (docs/behaviour.md, "Storage and --data").
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

interface Holder {
  pid: number;
  host: string;
  /** Which opening of the file in that process holds it: a close releases only its own. */
  token: string;
  /**
   * When the holding process started (ms since the epoch), telling it from a later process given
   * the same pid; absent in locks written before it was recorded.
   */
  started?: number;
}

export const lockPathOf = (file: string): string => `${file}.lock`;

/**
 * When this process started, in ms since the epoch: the same in each of its threads (uptime is the
 * process's), to within a millisecond. The clock and the uptime are read until no more than a
 * millisecond passed between two uptime readings, so a pause between them cannot skew it. Read once,
 * when the module loads: a clock adjusted later moves the clock but not the uptime.
 */
function processStarted(): number {
  for (;;) {
    const before = process.uptime();
    const now = Date.now();
    const after = process.uptime();
    if ((after - before) * 1000 <= 1) return now - ((before + after) / 2) * 1000;
  }
}
const STARTED = processStarted();

/**
 * How far two readings of one process's start may differ (the clock's millisecond, rounding): far
 * less than the life of a server that took a lock, which a later process with its pid follows.
 */
const SAME_START_MS = 5;

/** Whether the holder is this very process, not an earlier one whose pid it was given. */
const isThisProcess = (holder: Holder): boolean =>
  holder.pid === process.pid &&
  holder.started !== undefined &&
  Math.abs(holder.started - STARTED) <= SAME_START_MS;

/** How often a holder marks its lock as still held, and after how long unmarked another host's lock counts as left. */
const REFRESH_MS = 15_000;
const LEFT_AFTER_MS = 4 * REFRESH_MS;

/** Whether another host's lock has gone unrefreshed long enough to be a server that is gone. */
async function leftBehind(lock: string): Promise<boolean> {
  try {
    return Date.now() - (await stat(lock)).mtimeMs > LEFT_AFTER_MS;
  } catch {
    return true;
  }
}

async function readHolder(lock: string): Promise<Holder | undefined> {
  return holderOf(await readFile(lock, 'utf8').catch(() => ''));
}

/** The holder a lock's text names, or undefined when it names none. */
function holderOf(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<Holder>;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return undefined;
    return {
      pid: holder.pid,
      host: holder.host,
      token: String(holder.token),
      ...(typeof holder.started === 'number' && { started: holder.started }),
    };
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the lock stops this process from using `file`, or undefined when nobody holds it or its holder
 * is gone: a process killed with SIGKILL leaves its lock, which the next start takes over. A lock
 * naming this process's pid is taken over too when an earlier process wrote it: in a container the
 * restarted server often gets the pid of the one before. One this very process holds (another mock
 * in it, on any of its threads) is refused like any other server's.
 */
export async function lockProblem(file: string): Promise<string | undefined> {
  return holderProblem(file, await readHolder(lockPathOf(file)));
}

/** lockProblem for the holder already read from the lock. */
async function holderProblem(file: string, holder: Holder | undefined): Promise<string | undefined> {
  const lock = lockPathOf(file);
  if (!holder) return undefined;
  const stop =
    "two servers on one file lose each other's writes. Stop that server, or name another --data file";
  if (holder.host !== hostname()) {
    // A container started anew on the same volume has a new host name: its predecessor's lock,
    // no longer refreshed, is taken over once it is clearly left behind.
    if (await leftBehind(lock)) return undefined;
    return (
      `--data ${file} is in use by process ${holder.pid} on ${holder.host}: ${stop}; ` +
      `if no server runs there any more, delete ${lock} (a lock left unrefreshed for ${LEFT_AFTER_MS / 1000} s is taken over)`
    );
  }
  if (isThisProcess(holder)) {
    return (
      `--data ${file} is already open in this process, by another mock: two mocks on one file lose ` +
      "each other's writes. Close that one first, or name another --data file"
    );
  }
  if (holder.pid === process.pid || !alive(holder.pid)) return undefined;
  return `--data ${file} is in use by another server, process ${holder.pid}: ${stop}`;
}

/**
 * Takes the lock of `file` or throws why not; resolves to the function that releases it. The lock
 * file appears whole (a link of a file already written), so a start never reads half of one.
 */
export async function lockDataFile(file: string): Promise<() => Promise<void>> {
  const lock = lockPathOf(file);
  const token = randomUUID();
  const own: Holder = { pid: process.pid, host: hostname(), token, started: STARTED };
  const draft = draftPrefix(lock) + token;
  await writeFile(draft, JSON.stringify(own) + '\n');
  try {
    // A few tries: each finds a holder that is still there (refused) or gone (taken over).
    for (let tries = 1; ; tries++) {
      try {
        await place(draft, lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries === 5) throw err;
        // One read: the holder judged gone is the one takeOver checks it moves aside.
        const gone = await readHolder(lock);
        const problem = await holderProblem(file, gone);
        if (problem) throw new Error(problem);
        await takeOver(lock, gone, token);
      }
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  const refresh = setInterval(() => {
    const now = new Date();
    utimes(lock, now, now).catch(() => undefined);
  }, REFRESH_MS);
  refresh.unref();
  return async () => {
    clearInterval(refresh);
    if ((await readHolder(lock))?.token === token) await unlink(lock).catch(() => undefined);
  };
}

/**
 * Removes at once the lock of `file` if this process holds it, and the drafts this process writes
 * before it places one: for a signal that ends the process while its server is still starting
 * (src/cli/serve/startSignals.ts), once no thread of it can take the lock any more. The process then ends
 * without the close that would release it, and the next start would take over a lock left behind.
 */
export function releaseLockSync(file: string): void {
  const lock = lockPathOf(file);
  const drafts = basename(draftPrefix(lock));
  let names: string[] = [];
  try {
    names = readdirSync(dirname(lock));
  } catch {
    return;
  }
  for (const name of names.filter((name) => name.startsWith(drafts))) removeSync(join(dirname(lock), name));
  let text = '';
  try {
    text = readFileSync(lock, 'utf8');
  } catch {
    return;
  }
  const holder = holderOf(text);
  if (holder !== undefined && holder.host === hostname() && isThisProcess(holder)) removeSync(lock);
}

/** Removes a file if it can: one already gone, or that cannot go, is no reason to stop ending. */
function removeSync(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already, or not ours to remove
  }
}

/** How the drafts of this process's locks on `lock` are named, before a token of each. */
const draftPrefix = (lock: string): string => `${lock}.${process.pid}.`;

/**
 * Puts the draft in place as the lock, whole, only if there is none: a hard link where the file
 * system has them, else an exclusive create (exFAT and some network mounts refuse links).
 */
async function place(draft: string, lock: string): Promise<void> {
  try {
    await link(draft, lock);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw err;
    await writeFile(lock, await readFile(draft), { flag: 'wx' });
  }
}

/**
 * Removes the lock of a holder found gone. It is moved aside first, and only removed if it is still
 * that holder's: two starts that found the same holder gone would otherwise both remove it, the
 * second removing the first's new lock, and both serve the file.
 */
export async function takeOver(lock: string, gone: Holder | undefined, token: string): Promise<void> {
  const aside = `${lock}.${token}.left`;
  try {
    await rename(lock, aside);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // removed meanwhile: try again
    // Another user's lock in a directory such as /tmp, where only a file's owner may move it: a
    // bare "EPERM: operation not permitted, rename" would say neither which lock nor what to do.
    if (code === 'EPERM' || code === 'EACCES') {
      const who = gone === undefined ? 'a server' : `process ${gone.pid}`;
      throw new Error(
        `the lock ${lock}, left by ${who}, which no longer runs, cannot be taken over by this user (it belongs to another, in a directory that lets only its owner remove it): delete it as its owner or as root, or name another --data file`,
      );
    }
    throw err;
  }
  const moved = await readHolder(aside);
  if (moved !== undefined && moved.token !== gone?.token) {
    // Another start took it over meanwhile: its lock goes back, and the next try is refused.
    await place(aside, lock).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}
