// Finds the products a search can match without reading every product's text.
import { searchParts, SEARCH_FIELDS, type SearchRanker } from '../domain/search.js';
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
 * The products, in snapshot order, whose text holds every word of the search; the ranker still decides
 * (and scores) each of them. Before the snapshot's index is built: the whole snapshot.
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

function buildIndex(snapshot: Snapshot, field: string): PartIndex {
  const partIds = new Map<string, number>();
  const parts: string[] = [];
  const holders: number[][] = [];
  snapshot.forEach((product, position) => {
    for (const part of searchParts(product, field)) {
      let id = partIds.get(part);
      if (id === undefined) {
        partIds.set(part, (id = parts.length));
        parts.push(part);
        holders.push([]);
      }
      const list = holders[id] as number[];
      // Positions come in ascending order: a part repeated in one product is its last entry.
      if (list[list.length - 1] !== position) list.push(position);
    }
  });
  const holderStarts = new Int32Array(holders.length + 1);
  holders.forEach((list, id) => (holderStarts[id + 1] = (holderStarts[id] as number) + list.length));
  const positions = new Int32Array(holderStarts[holders.length] as number);
  holders.forEach((list, id) => positions.set(list, holderStarts[id]));
  return { parts, holderStarts, positions };
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
