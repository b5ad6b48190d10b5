// When a compaction of a --data file that failed (a full disk, say) is tried again, and what the
// operator is told: the failure once, then once more when a later try works. Tried again at every
// write, it would print the same error at every write and, before DataFile kept its unwritten
// snapshot, start a journal at every try (docs/behaviour.md, "Storage and --data").

/** The first wait before a failed compaction is tried again; each failure doubles it, up to MAX. */
export const FIRST_RETRY_MS = 10_000;
export const MAX_RETRY_MS = 10 * 60_000;

export class CompactionRetry {
  readonly #file: string;
  readonly #say: (line: string) => void;
  /** Failed tries since the last that worked. */
  #failures = 0;
  /** Date.now() from which the next try may run: 0 until a try fails. */
  #notBefore = 0;

  constructor(file: string, say: (line: string) => void = (line) => console.error(line)) {
    this.#file = file;
    this.#say = say;
  }

  /** Whether a compaction may be tried now: always, unless the last try failed and its wait runs. */
  due(): boolean {
    return Date.now() >= this.#notBefore;
  }

  /** A try failed (`what` it could not do): said only for the first failure in a row. */
  failed(what: string, err: unknown): void {
    const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.#failures);
    this.#failures++;
    this.#notBefore = Date.now() + wait;
    if (this.#failures > 1) return;
    const why = err instanceof Error ? err.message : String(err);
    this.#say(
      `product-catalog-mock: could not ${what} for --data ${this.#file} (${why}). Every write is still ` +
        `kept in its journal; compaction is tried again after ${wait / 1000} s, then less and less often ` +
        `(at most every ${MAX_RETRY_MS / 60_000} min), without a word until it works`,
    );
  }

  /** A try worked: said when tries had failed before it. */
  succeeded(): void {
    if (this.#failures === 0) return;
    const tries = this.#failures === 1 ? 'one failed try' : `${this.#failures} failed tries`;
    this.#say(
      `product-catalog-mock: compaction of --data ${this.#file} works again, after ${tries}: the journals it covers are deleted`,
    );
    this.#failures = 0;
    this.#notBefore = 0;
  }
}
