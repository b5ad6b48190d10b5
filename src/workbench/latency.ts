// `--latency N` or `--latency A-B`: a delay added to every API answer.
import { MAX_DELAY_MS } from './prefer.js';

export interface LatencyRange {
  minMs: number;
  maxMs: number;
}

/** Whether the mock delays by this range: whole milliseconds, 0 <= minMs <= maxMs <= MAX_DELAY_MS. */
function isRange(minMs: unknown, maxMs: unknown): boolean {
  return (
    Number.isInteger(minMs) &&
    Number.isInteger(maxMs) &&
    (minMs as number) >= 0 &&
    (minMs as number) <= (maxMs as number) &&
    (maxMs as number) <= MAX_DELAY_MS
  );
}

/** Parses "200" or "100-800" (ms); throws a message for the command line otherwise. */
export function parseLatency(value: string): LatencyRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  const minMs = Number(match?.[1]);
  const maxMs = match?.[2] === undefined ? minMs : Number(match[2]);
  if (!match || !isRange(minMs, maxMs)) {
    throw new Error(
      `--latency must be milliseconds N or a range A-B (A <= B <= ${MAX_DELAY_MS}), not "${value}"`,
    );
  }
  return { minMs, maxMs };
}

/**
 * The `latency` option given in code, checked as `--latency` is: a range it would refuse (`{ minMs:
 * 2000 }` without maxMs draws NaN, which a timer takes as no delay) is refused with a message.
 */
export function checkLatency(range: LatencyRange | undefined): LatencyRange | undefined {
  if (range === undefined) return undefined;
  const { minMs, maxMs } = (
    typeof range === 'object' && range !== null ? range : {}
  ) as Partial<LatencyRange>;
  if (!isRange(minMs, maxMs)) {
    throw new Error(
      `latency must be { minMs, maxMs }, whole milliseconds with 0 <= minMs <= maxMs <= ${MAX_DELAY_MS}, not ${JSON.stringify(range)}`,
    );
  }
  return range;
}

/** A delay drawn uniformly from the range; `random` returns a number in [0, 1). */
export function chooseLatency(range: LatencyRange | undefined, random: () => number = Math.random): number {
  if (!range) return 0;
  return range.minMs + Math.floor(random() * (range.maxMs - range.minMs + 1));
}
