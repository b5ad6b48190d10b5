// Finds the products a search can match without reading every product's text.
import { searchText, SEARCH_FIELDS, type SearchRanker } from './search.js';
import { snapshotCache, type Snapshot } from './snapshotCache.js';

/**
 * Every distinct whitespace-free run ("token") of a field's text over a snapshot, and which products
 * hold it. A search word has no whitespace, so a text contains it exactly when one of the text's
 * tokens does: scanning the distinct tokens finds the same products as scanning every text.
 */
interface TokenIndex {
  /** The distinct tokens joined by newlines, searched with indexOf. */
  text: string;
  /** Where each token starts in `text`, then the end of `text`. */
  starts: Int32Array;
  /**
   * Per token, ascending positions in the snapshot of the products holding it: token id's positions
   * are positions[holderStarts[id]] up to positions[holderStarts[id + 1]]. Two flat arrays rather
   * than an array per token: no array header and slack per token (docs/performance.md, "Search index").
   */
  holderStarts: Int32Array;
  positions: Int32Array;
}

/** Searches of one snapshot and field; the index is built once they are frequent enough to pay for it. */
interface SearchState {
  searches: number;
  index?: TokenIndex;
}

/**
 * Building the index costs a few dozen scans: a snapshot searched only a few times between writes is
 * scanned, one that keeps being searched (a stable catalog) gets an index.
 */
const SCANS_BEFORE_INDEX = 8;
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

function buildIndex(snapshot: Snapshot, field: string): TokenIndex {
  const ids = new Map<string, number>();
  const tokens: string[] = [];
  const holders: number[][] = [];
  snapshot.forEach((product, position) => {
    for (const token of searchText(product, field).split(/\s+/)) {
      if (token === '') continue;
      const id = ids.get(token);
      if (id === undefined) {
        ids.set(token, tokens.length);
        tokens.push(token);
        holders.push([position]);
      } else {
        const list = holders[id] as number[];
        // Positions come in ascending order: a repeated token of one product is its last entry.
        if (list[list.length - 1] !== position) list.push(position);
      }
    }
  });
  const starts = new Int32Array(tokens.length + 1);
  let offset = 0;
  tokens.forEach((token, id) => {
    starts[id] = offset;
    offset += token.length + 1;
  });
  starts[tokens.length] = offset;
  const holderStarts = new Int32Array(holders.length + 1);
  holders.forEach((list, id) => (holderStarts[id + 1] = (holderStarts[id] as number) + list.length));
  const positions = new Int32Array(holderStarts[holders.length] as number);
  holders.forEach((list, id) => positions.set(list, holderStarts[id]));
  return { text: tokens.join('\n'), starts, holderStarts, positions };
}

/** Positions of the products holding a token that contains the word. */
function holdersOf(index: TokenIndex, word: string): Set<number> {
  const found = new Set<number>();
  let from = 0;
  for (let at = index.text.indexOf(word, from); at >= 0; at = index.text.indexOf(word, from)) {
    const id = tokenAt(index.starts, at);
    const end = index.holderStarts[id + 1] as number;
    for (let i = index.holderStarts[id] as number; i < end; i++) found.add(index.positions[i] as number);
    from = index.starts[id + 1] as number;
  }
  return found;
}

/** The token whose span holds this offset: the last start at or before it. */
function tokenAt(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle;
  }
  return low;
}
