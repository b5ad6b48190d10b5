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
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!match || size === 0) return undefined;
  const [, first = '', last = ''] = match;
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
