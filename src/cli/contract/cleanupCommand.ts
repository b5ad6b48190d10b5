// `contract --cleanup <prefix>`: removes what a contract run left on a deployment (one interrupted past
// its own removal, or whose deletes failed). Only a run's prefix is taken: the deployment's own
// records never start with one.
import type { Target } from '../../contract/suite/target.js';
import { describeFailure, EXIT_MISCONFIGURED, preflight, type CheckedRun } from '../../contract/preflight.js';
import { noticeOnStderr } from '../../contract/retry.js';
import { runPrefixProblem } from '../../contract/runPrefix.js';
import { sweepAndReport } from '../../contract/sweep.js';
import { watchInterruption } from '../terminal/interruption.js';

const CLEANUP: CheckedRun = {
  command: 'contract --cleanup',
  purpose: 'a cleanup',
  untouched: 'nothing was removed',
};

/** Resolves to the exit code: 0 nothing under the prefix remains, 1 something may, 2 refused. */
export async function runCleanup(
  prefix: string,
  target: Omit<Target, 'baseUrl'> & { baseUrl?: string },
): Promise<number> {
  const refuse = (why: string) => {
    console.error(`contract --cleanup: ${why}`);
    return EXIT_MISCONFIGURED;
  };
  const problem = runPrefixProblem(prefix);
  if (problem) return refuse(problem);
  const { baseUrl, apiKey } = target;
  if (baseUrl === undefined)
    return refuse('give the deployment to remove the records from, with --base-url or CONTRACT_BASE_URL');
  if (target.readonly)
    return refuse('it deletes, and read-only (--readonly, CONTRACT_READONLY) forbids that');
  const failure = await preflight(baseUrl, apiKey, noticeOnStderr('contract --cleanup'));
  if (failure) {
    console.error(describeFailure(failure, CLEANUP));
    return EXIT_MISCONFIGURED;
  }
  const interruption = watchInterruption();
  try {
    const clean = await sweepAndReport(
      { baseUrl, apiKey },
      prefix,
      // long after the run: no write is on its way, only deletes may take settleMs to show
      { settleMs: target.settleMs, lateWrites: false, signal: interruption.stop },
      (line) => console.log(line),
      true,
    );
    if (interruption.received()) return interruption.exitCode();
    return clean ? 0 : 1;
  } finally {
    interruption.dispose();
  }
}
