// How this command line was started, so that a command it prints to be run again (record's
// --resume) can be pasted as it is: `npm start -- record ...`, `npx product-catalog-mock record ...`,
// `node dist/src/cli/cli.js record ...` or the installed `product-catalog-mock record ...`.
import { basename, delimiter, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

const NAME = 'product-catalog-mock';

/** This package's own npm scripts that run the command line with no words of their own (`npm start`). */
const OWN_SCRIPT = 'node dist/src/cli/cli.js';

export interface Started {
  env: NodeJS.ProcessEnv;
  /** process.argv: node, then the script node was given. */
  argv: readonly string[];
  cwd: string;
}

const thisProcess = (): Started => ({ env: process.env, argv: process.argv, cwd: process.cwd() });

/**
 * The words that start this command line again the way it was started, where that can be known;
 * otherwise `npx product-catalog-mock`, which runs it from the folder of a project that has it (or,
 * once published, anywhere). npx does not say which package it was given (a tarball's path, say):
 * under it, that form too.
 */
export function startWords({ env, argv, cwd }: Started = thisProcess()): string[] {
  const event = env.npm_lifecycle_event;
  if (event !== undefined && event !== 'npx') {
    // `npm start -- record ...` in this package's folder; another script names words of its own.
    if (env.npm_package_name === NAME && env.npm_lifecycle_script === OWN_SCRIPT) {
      return event === 'start' ? ['npm', 'start', '--'] : ['npm', 'run', event, '--'];
    }
    return ['npx', NAME];
  }
  if (event === 'npx') return ['npx', NAME];
  const script = argv[1];
  if (script === undefined) return ['npx', NAME];
  if (basename(script) === NAME) {
    // The installed command: by its name where the shell finds it so, else by its path.
    const onPath = (env.PATH ?? '')
      .split(delimiter)
      .some((dir) => dir !== '' && resolve(dir) === dirname(script));
    return [onPath ? NAME : shownPath(script, cwd)];
  }
  return ['node', shownPath(script, cwd)];
}

/** A file as a command names it: from the working folder when it is inside it, else absolute. */
function shownPath(file: string, cwd: string): string {
  const inside = relative(cwd, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return file;
  // A word without a slash would be looked up on PATH.
  return inside.includes(sep) ? inside : `.${sep}${inside}`;
}
