// A process group, as `spawn(..., { detached: true })` makes one: signalled whole, and waited for
// until none of its processes is left (vitest's workers, or what npx starts, outlive their parent).
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a group has to end after a signal before it is killed. */
const GRACE_MS = 5_000;

const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

export const signalGroup = (pgid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // the group has already ended
  }
};

/** Resolves once no process of the group is left; what is still there after `graceMs` gets SIGKILL. */
export async function groupEnded(pgid: number, graceMs = GRACE_MS): Promise<void> {
  const deadline = Date.now() + graceMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) signalGroup(pgid, 'SIGKILL');
    await sleep(50);
  }
}
