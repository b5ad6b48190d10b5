// Turns of the event loop taken by a request's work, so that other requests are answered meanwhile
// (docs/performance.md, "Large request bodies").

/**
 * Longest a large write works before it lets other requests in, as a list query's passes do
 * (docs/performance.md, "List queries in turns").
 */
const TURN_MS = 10;

/** A turn of the event loop for everyone else: setImmediate under node, a timer in a browser. */
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

/**
 * A pause to call between two pieces of work: a turn of the event loop once TURN_MS have passed
 * since the last, else undefined (no promise to wait for).
 */
export type Pause = () => Promise<void> | undefined;

/** A Pause whose first turn comes TURN_MS from now. */
export function turnTaker(): Pause {
  let started = performance.now();
  return () => {
    if (performance.now() - started < TURN_MS) return undefined;
    return nextTurn().then(() => {
      started = performance.now();
    });
  };
}
