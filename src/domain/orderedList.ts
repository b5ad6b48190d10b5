// A list kept in one order, changed by a few items without sorting it again.

/** The first position in `list` (in the order `compare` gives) whose item does not come before `item`. */
export function positionOf<T>(
  list: readonly T[],
  item: T,
  compare: (a: T, b: T) => number,
  from = 0,
): number {
  let low = from;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(list[middle] as T, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Up to this many items removed and added, the list is copied whole and changed in place. */
const SPLICE_UP_TO = 32;

/**
 * `list` without the items of `removed` (in any order) and with those of `added`, in the order
 * `compare` gives, which must be total (no two different items equal) and the order of `list` and
 * `added`. An item of `removed` that `list` does not hold is skipped. Each item is placed by a
 * binary search, and the rest of the list is copied without being read: at 100,000 products, a
 * pass that looked at every product took 30 to 40 ms (records far apart in memory), one that built
 * a list item by item about 11 ms, a copy about 3 ms (docs/performance.md, "Snapshots after a
 * write").
 */
export function replaceInOrder<T>(
  list: readonly T[],
  removed: readonly T[],
  added: readonly T[],
  compare: (a: T, b: T) => number,
): T[] {
  const gone: number[] = [];
  for (const item of removed) {
    const at = positionOf(list, item, compare);
    if (list[at] === item) gone.push(at);
  }
  if (gone.length + added.length <= SPLICE_UP_TO) {
    const result = list.slice();
    // From the end, so that each position still names its item.
    for (const at of gone.sort((a, b) => b - a)) result.splice(at, 1);
    for (const item of added) result.splice(positionOf(result, item, compare), 0, item);
    return result;
  }
  return merged(list, new Set(gone), added, compare);
}

/** replaceInOrder for many items: one pass, each item of the list copied or skipped. */
function merged<T>(
  list: readonly T[],
  gone: ReadonlySet<number>,
  added: readonly T[],
  compare: (a: T, b: T) => number,
): T[] {
  const result = new Array<T>(list.length - gone.size + added.length);
  let from = 0;
  let at = 0;
  for (const item of added) {
    // The first item of the list not before `item`, skipping those removed.
    const before = positionOf(list, item, compare, from);
    for (; from < before; from++) if (!gone.has(from)) result[at++] = list[from] as T;
    result[at++] = item;
  }
  for (; from < list.length; from++) if (!gone.has(from)) result[at++] = list[from] as T;
  return result;
}
