// Run by npm (`npm start`, an npm script, npx), this process's parent is a shell npm started. npm
// passes a SIGTERM it gets on to that shell, which ends without passing it on: `kill <npm's pid>`
// would leave the server serving, orphaned, on its port. Under npm the server ends with its parent
// instead. Not otherwise: a server started with nohup, or in the background of a shell that then
// closes, is meant to outlive its parent (docs/cli.md, "Command line").

/** How often the parent is looked for: a second, as long as a stop may lag the parent's end. */
const CHECK_MS = 1000;

/** Whether npm started this process: npm sets npm_lifecycle_event for the scripts it runs and for npx. */
const startedByNpm = (env: NodeJS.ProcessEnv = process.env): boolean => env.npm_lifecycle_event !== undefined;

/**
 * Calls `stop` once, when this process's parent has ended (the process is then given another
 * parent); returns what stops the watching. The timer keeps nothing alive.
 */
function whenOrphaned(stop: () => void, checkMs = CHECK_MS): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, checkMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Under npm, `stop` when the parent ends; otherwise nothing. */
export function stopWithNpm(stop: () => void): void {
  if (startedByNpm()) whenOrphaned(stop);
}
