// Finds the products a search can match without reading every product's text.
import { ALL_FIELDS, knowParts, searchParts, SEARCH_FIELDS, type SearchRanker } from '../domain/search.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';

/**
 * The distinct texts ("parts", see searchParts) of a field over a snapshot, and which products hold
 * each. Products share most parts (names, descriptions, tags), so a search word is looked for in each
 * distinct text once instead of in every product's text (docs/performance.md, "Search index").
 */
interface PartIndex {
  parts: readonly string[];
  /**
   * Per part, ascending positions in the snapshot of the products holding it: part id's holders are
   * positions[holderStarts[id]] up to positions[holderStarts[id + 1]]. Two flat arrays rather than an
   * array per part: no array header and slack per part.
   */
  holderStarts: Int32Array;
  positions: Int32Array;
}

/** Searches of one snapshot and field; the index is built once they are frequent enough to pay for it. */
interface SearchState {
  searches: number;
  index?: PartIndex;
}

/**
 * Building the index costs about six scans: a snapshot searched only a few times between writes is
 * scanned, one that keeps being searched (a stable catalog) gets an index.
 */
const SCANS_BEFORE_INDEX = 4;
const states = snapshotCache<SearchState>(Object.keys(SEARCH_FIELDS).length + 1);

/** Products holding a word, in snapshot order and as a set for intersecting. */
interface WordHolders {
  ordered: readonly number[];
  set: ReadonlySet<number>;
}

/** Looking a word up scans every distinct token; the words a search box repeats are kept per snapshot. */
const words = snapshotCache<WordHolders>(256);

/**
 * The products, in snapshot order, whose text holds every word of the search: each only needs its
 * relevance (SearchRanker.scoreOfHolder). Before the snapshot's index is built: the snapshot itself,
 * whose products the ranker decides.
 */
export function searchCandidates(snapshot: Snapshot, search: SearchRanker): Snapshot {
  const state = states(snapshot, search.field, () => ({ searches: 0 }));
  if (!state.index && ++state.searches < SCANS_BEFORE_INDEX) return snapshot;
  state.index ??= buildIndex(snapshot, search.field);
  let positions: number[] | undefined;
  const index = state.index;
  for (const word of search.words) {
    const holders = words(snapshot, `${search.field}\n${word}`, () => {
      const set = holdersOf(index, word);
      return { set, ordered: [...set].sort((a, b) => a - b) };
    });
    positions = positions ? positions.filter((p) => holders.set.has(p)) : [...holders.ordered];
    if (positions.length === 0) break;
  }
  return (positions ?? []).map((p) => snapshot[p] as Snapshot[number]);
}

/**
 * Above this many products the index is not built ahead: at a million it added about 26 s to the
 * start and made the first search of a common word slower (8.5 s against 2.8 s scanning).
 */
export const INDEX_AHEAD_UP_TO = 250_000;

/**
 * Lowercases every product's search texts now, and up to INDEX_AHEAD_UP_TO products builds the index
 * of a search over every field as well, instead of at its fourth search: for a large catalog before
 * the server says it is ready, so that its first search neither prepares the texts of the whole
 * catalog nor scans every product (docs/performance.md, "Start-up").
 */
export function prepareSearch(snapshot: Snapshot): void {
  const state = states(snapshot, ALL_FIELDS, () => ({ searches: 0 }));
  // A seed file's index gave it one (useIndex): its products are read only when used.
  if (state.index) return;
  if (snapshot.length > INDEX_AHEAD_UP_TO) {
    for (const product of snapshot) searchParts(product, ALL_FIELDS);
    return;
  }
  state.index = buildIndex(snapshot, ALL_FIELDS);
}

/**
 * The index of a search over every field, as a seed file's index holds it (src/seed/seedIndex.ts),
 * with each product's productName part: what a start needs to search the seed without reading any
 * product (docs/performance.md, "Seed files served as read").
 */
export interface IndexedSearch extends PartIndex {
  /** Per product, the id of its productName's part in `parts`, or -1. */
  nameParts: Int32Array;
}

/** The index of a search over every field of `snapshot`, to be written beside it. */
export function indexedSearchOf(snapshot: Snapshot): IndexedSearch {
  const index = buildIndex(snapshot, ALL_FIELDS);
  const ids = new Map(index.parts.map((part, id) => [part, id]));
  const nameParts = new Int32Array(snapshot.length);
  snapshot.forEach((product, position) => {
    const name = searchParts(product, 'productName')[0];
    nameParts[position] = name === undefined ? -1 : (ids.get(name) ?? -1);
  });
  return { ...index, nameParts };
}

/**
 * Takes `indexed` as the index of `snapshot`'s searches over every field, and each product's name
 * text from it: a search then reads only the products of the page it answers. For a seed file read
 * through its index (src/seed/resolve.ts).
 */
export function useIndex(snapshot: Snapshot, { nameParts, ...index }: IndexedSearch): void {
  if (nameParts.length !== snapshot.length) throw new Error("The search index is not the catalog's");
  states(snapshot, ALL_FIELDS, () => ({ searches: 0 })).index = index;
  snapshot.forEach((product, position) => {
    const id = nameParts[position] as number;
    knowParts(product, 'productName', id < 0 ? [] : [index.parts[id] as string]);
  });
}

/**
 * Two passes over flat arrays: the parts of every product as ids, then the holders of each part. Many
 * parts are one product's own (its id, its variants' codes), and a list per part made 100,000-product
 * catalogs build about 200,000 small arrays (docs/performance.md, "Search index").
 */
function buildIndex(snapshot: Snapshot, field: string): PartIndex {
  const partIds = new Map<string, number>();
  const parts: string[] = [];
  const counts: number[] = [];
  // Each product's part ids, one after the other; productEnds[i] is where product i's end.
  let ids = new Int32Array(snapshot.length * 8 + 16);
  let used = 0;
  const productEnds = new Int32Array(snapshot.length);
  snapshot.forEach((product, position) => {
    const start = used;
    for (const part of searchParts(product, field)) {
      let id = partIds.get(part);
      if (id === undefined) {
        partIds.set(part, (id = parts.length));
        parts.push(part);
        counts.push(0);
      }
      // A part repeated in one product holds it once.
      if (heldAlready(ids, start, used, id)) continue;
      if (used === ids.length) {
        const grown = new Int32Array(ids.length * 2);
        grown.set(ids);
        ids = grown;
      }
      ids[used++] = id;
      counts[id] = (counts[id] as number) + 1;
    }
    productEnds[position] = used;
  });
  const holderStarts = new Int32Array(parts.length + 1);
  for (let id = 0; id < parts.length; id++) {
    holderStarts[id + 1] = (holderStarts[id] as number) + (counts[id] as number);
  }
  // Filled in ascending position: each part's holders come out in snapshot order.
  const next = holderStarts.slice(0, parts.length);
  const positions = new Int32Array(used);
  let at = 0;
  for (let position = 0; position < snapshot.length; position++) {
    for (const end = productEnds[position] as number; at < end; at++) {
      const id = ids[at] as number;
      positions[(next[id] as number)++] = position;
    }
  }
  return { parts, holderStarts, positions };
}

/** Whether ids[start..end) holds id: a product has a handful of parts, a view per check cost more. */
function heldAlready(ids: Int32Array, start: number, end: number, id: number): boolean {
  for (let i = start; i < end; i++) if (ids[i] === id) return true;
  return false;
}

/** Positions of the products holding a part that contains the word. */
function holdersOf(index: PartIndex, word: string): Set<number> {
  const found = new Set<number>();
  index.parts.forEach((part, id) => {
    if (!part.includes(word)) return;
    const end = index.holderStarts[id + 1] as number;
    for (let i = index.holderStarts[id] as number; i < end; i++) found.add(index.positions[i] as number);
  });
  return found;
}
