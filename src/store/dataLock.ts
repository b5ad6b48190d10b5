// One server per --data file: FILE.lock names the process that holds it. Two servers on one file
// would each answer from their own memory, and one's compaction would delete the journal the other
// appends to, losing writes it had answered (docs/behaviour.md, "Storage and --data").
import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

interface Holder {
  pid: number;
  host: string;
  /** Which opening of the file in that process holds it: a close releases only its own. */
  token: string;
}

export const lockPathOf = (file: string): string => `${file}.lock`;

async function readHolder(lock: string): Promise<Holder | undefined> {
  try {
    const holder = JSON.parse(await readFile(lock, 'utf8')) as Partial<Holder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string'
      ? { pid: holder.pid, host: holder.host, token: String(holder.token) }
      : undefined;
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
 * is gone: a process killed with SIGKILL leaves its lock, which the next start takes over. This
 * process's own pid is taken over too: in a container the restarted server often gets the pid of
 * the one before.
 */
export async function lockProblem(file: string): Promise<string | undefined> {
  const lock = lockPathOf(file);
  const holder = await readHolder(lock);
  if (!holder) return undefined;
  const stop =
    "two servers on one file lose each other's writes. Stop that server, or name another --data file";
  if (holder.host !== hostname()) {
    return (
      `--data ${file} is in use by process ${holder.pid} on ${holder.host}: ${stop}; ` +
      `if no server runs there any more, delete ${lock}`
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
  const own: Holder = { pid: process.pid, host: hostname(), token };
  const draft = `${lock}.${process.pid}.${token}`;
  await writeFile(draft, JSON.stringify(own) + '\n');
  try {
    // A few tries: each finds a holder that is still there (refused) or gone (taken over).
    for (let tries = 1; ; tries++) {
      try {
        await link(draft, lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || tries === 5) throw err;
        const problem = await lockProblem(file);
        if (problem) throw new Error(problem);
        // Its holder is gone: the lock is taken over.
        await unlink(lock).catch((gone: NodeJS.ErrnoException) => {
          if (gone.code !== 'ENOENT') throw gone;
        });
      }
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  return async () => {
    if ((await readHolder(lock))?.token === token) await unlink(lock).catch(() => undefined);
  };
}
