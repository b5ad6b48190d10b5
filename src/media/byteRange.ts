// The one byte range a media request asks for, read by the same rule in the server's media route
// and in the msw handlers: a video player that asks for a range must get the same 206 from both
// (docs/behaviour.md, "Seeds", demo media).

/** A satisfiable range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range of a `Range` header when it names exactly one satisfiable byte range of a body of
 * `size` bytes; undefined otherwise (no header, another unit, several ranges, one outside the
 * body, or one that does not parse), when the whole body is the answer, as a server may always send.
 */
export function singleByteRange(header: string | null | undefined, size: number): ByteRange | undefined {
  const parts = rangeParts(header ?? '');
  if (!parts || size === 0) return undefined;
  const { first, last } = parts;
  if (first === '' && last === '') return undefined;
  let start: number;
  let end: number;
  if (first === '') {
    // A suffix: the last N bytes.
    start = Math.max(size - Number(last), 0);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}

/** Digits only, or nothing: a test of one pass, whatever the text holds. */
const DIGITS = /^\d*$/;

/**
 * The two ends of `bytes=FIRST-LAST`, each trimmed and digits or empty, spaces allowed around every
 * part; undefined for any other text. Read by cutting the text at `=` and at the first `-`, in one
 * pass each: a regular expression with optional spaces on both sides of optional digits
 * (`\s*(\d*)\s*-\s*(\d*)\s*$`) backtracks over every way of sharing a run of spaces between them,
 * and `bytes=<800 spaces>-<800 spaces>x` held the server for seconds (docs/behaviour.md, "Seeds").
 */
function rangeParts(header: string): { first: string; last: string } | undefined {
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return undefined;
  const spec = header.slice(eq + 1);
  const dash = spec.indexOf('-');
  if (dash < 0) return undefined;
  const first = spec.slice(0, dash).trim();
  const last = spec.slice(dash + 1).trim();
  return DIGITS.test(first) && DIGITS.test(last) ? { first, last } : undefined;
}
