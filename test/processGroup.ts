// Ends a child started with `detached: true` together with everything it started: npx runs npm
// exec, which runs node; ending npx alone leaves that node server running.
import type { ChildProcess } from 'node:child_process';
import { groupEnded, signalGroup } from '../src/cli/terminal/processGroup.js';

/** SIGTERM to the child's process group, SIGKILL after `graceMs`; resolves once the group is gone. */
export async function endProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined) return;
  signalGroup(pgid, 'SIGTERM');
  await groupEnded(pgid, graceMs);
}
