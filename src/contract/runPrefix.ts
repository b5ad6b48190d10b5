// The prefix of every id a contract run writes, ct-<time>-<random>-. Anything that deletes by prefix
// takes only a prefix of this shape, so it can never reach a deployment's own records.
import { randomBytes } from 'node:crypto';

const SHAPE = 'ct-[a-z0-9]+-[a-f0-9]{8}-';
const WHOLE = new RegExp(`^${SHAPE}$`);
const START = new RegExp(`^${SHAPE}`);

/** ct-<time>-<random>-: sortable by start time, unique across parallel runs. */
export function newRunPrefix(now = Date.now()): string {
  return `ct-${now.toString(36)}-${randomBytes(4).toString('hex')}-`;
}

/** The run prefix an id (or a narrower prefix, such as a suite file's) starts with, if any. */
export const runPrefixOf = (id: string): string | undefined => START.exec(id)?.[0];

/** Why this is not a run prefix as newRunPrefix makes them; undefined when it is one. */
export function runPrefixProblem(value: string): string | undefined {
  if (WHOLE.test(value)) return undefined;
  return (
    `"${value}" is not the prefix of a contract run, which looks like ${newRunPrefix()} (each run ` +
    `prints its own at the start); only such a prefix is taken, so that no record of the deployment's ` +
    `own can ever match`
  );
}
