// Ends a child started with `detached: true` together with everything it started: npx runs npm
// exec, which runs node; ending npx alone leaves that node server running.
import type { ChildProcess } from 'node:child_process';

const alive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves once the group is gone. */
export async function endProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pgid, sig);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pgid)) {
    if (Date.now() > deadline) signal('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
