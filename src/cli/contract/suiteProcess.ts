// The contract suite as a child process: vitest's CLI on the suite shipped in this package, in a
// process group of its own, so that stopping the run stops vitest's workers too, not vitest alone.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { packageRoot } from '../../openapi/packageRoot.js';
import { groupEnded, signalGroup } from '../terminal/processGroup.js';

/**
 * Runs the suite with this environment; resolves to its exit code once every process of it has ended.
 * When `stop` aborts, the signal `received()` names is passed to the whole group; when `abandon`
 * aborts (this process is about to exit without waiting), the group is killed at once.
 */
export function runSuite(
  env: NodeJS.ProcessEnv,
  stop: AbortSignal,
  received: () => NodeJS.Signals | undefined,
  abandon?: AbortSignal,
): Promise<number> {
  const require = createRequire(import.meta.url);
  const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const config = join(packageRoot, 'contract-tests', 'vitest.config.ts');
  // detached: a group of its own, which a signal to this process alone does not reach; this process
  // decides when the suite stops, and that it stops whole
  const child = spawn(process.execPath, [vitest, 'run', '--config', config], {
    cwd: packageRoot,
    env,
    stdio: 'inherit',
    detached: true,
  });
  const pgid = child.pid;
  const forward = () => {
    if (pgid === undefined) return;
    signalGroup(pgid, received() ?? 'SIGTERM');
    // and SIGKILL for whatever has not ended after the grace period
    void groupEnded(pgid);
  };
  // synchronous: this process exits right after, and a group left alive would go on writing
  const kill = () => {
    if (pgid !== undefined) signalGroup(pgid, 'SIGKILL');
  };
  stop.addEventListener('abort', forward, { once: true });
  abandon?.addEventListener('abort', kill, { once: true });
  return new Promise((done, fail) => {
    child.once('error', (err) => {
      stop.removeEventListener('abort', forward);
      abandon?.removeEventListener('abort', kill);
      fail(err);
    });
    child.once('exit', (code, signal) => {
      stop.removeEventListener('abort', forward);
      // vitest's workers may outlive vitest for a moment, and a write of theirs with them (abandon
      // still kills them until they are gone)
      void (pgid === undefined ? Promise.resolve() : groupEnded(pgid)).then(() => {
        abandon?.removeEventListener('abort', kill);
        done(code === 0 && !signal ? 0 : 1);
      });
    });
  });
}
