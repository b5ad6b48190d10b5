// Whether the request log's readable form is in colour: one rule for the server on either thread.

/**
 * On a terminal, unless `NO_COLOR` is set (to anything but the empty string) or `TERM` is `dumb`;
 * anywhere when `FORCE_COLOR` is set to anything but `0` or `false` (a log piped to `less -R`, a CI
 * log that shows colours), and never when it is `0` or `false`. `FORCE_COLOR` wins over `NO_COLOR`,
 * as in node itself. Colour followed only whether stdout was a terminal: `NO_COLOR=1` still coloured it.
 */
export function logInColour(stdout: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  if (env.NO_COLOR) return false;
  return Boolean(stdout.isTTY) && env.TERM !== 'dumb';
}
