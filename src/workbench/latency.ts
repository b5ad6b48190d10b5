// `--latency N` or `--latency A-B`: a delay added to every API answer.
import { MAX_DELAY_MS } from './prefer.js';

export interface LatencyRange {
  minMs: number;
  maxMs: number;
}

/** Parses "200" or "100-800" (ms); throws a message for the command line otherwise. */
export function parseLatency(value: string): LatencyRange {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  const minMs = Number(match?.[1]);
  const maxMs = match?.[2] === undefined ? minMs : Number(match[2]);
  if (!match || minMs > maxMs || maxMs > MAX_DELAY_MS) {
    throw new Error(
      `--latency must be milliseconds N or a range A-B (A <= B <= ${MAX_DELAY_MS}), not "${value}"`,
    );
  }
  return { minMs, maxMs };
}

/** A delay drawn uniformly from the range; `random` returns a number in [0, 1). */
export function chooseLatency(range: LatencyRange | undefined, random: () => number = Math.random): number {
  if (!range) return 0;
  return range.minMs + Math.floor(random() * (range.maxMs - range.minMs + 1));
}
