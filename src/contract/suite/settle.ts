// Real search indexes lag behind writes: a read after a write retries until it passes or the wait is over.
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs attempt until it stops throwing; after settleMs the last failure is the test's failure. */
export async function eventually<T>(settleMs: number, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + settleMs;
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      const left = deadline - Date.now();
      if (left <= 0) throw err;
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  }
}
