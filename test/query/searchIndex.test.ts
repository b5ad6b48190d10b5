import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/domain/search.js';
import { INDEX_AHEAD_UP_TO, prepareSearch, searchCandidates } from '../../src/query/searchIndex.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const word = fc.stringMatching(/^[abc-]{1,4}$/);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));

const arbCatalog = fc
  .uniqueArray(
    fc.record({ id: fc.stringMatching(/^[a-c]{1,3}$/), name: text, tags: fc.array(text, { maxLength: 2 }) }),
    { selector: (r) => r.id, maxLength: 25 },
  )
  .map((rows) => {
    // Equal tags share one value, as a generated catalog's products do: the index reads each once.
    const shared = new Map<string, CatalogProduct['productTags']>();
    const tagsOf = (tags: string[]) => {
      const key = JSON.stringify(tags);
      if (!shared.has(key)) shared.set(key, [{ isoLanguageId: 'en', productTags: tags }]);
      return shared.get(key);
    };
    return rows
      .map((r): CatalogProduct => ({
        productGroupId: r.id,
        productName: [{ isoLanguageId: 'en', productName: r.name }],
        productTags: tagsOf(r.tags),
      }))
      .sort((a, b) => (a.productGroupId < b.productGroupId ? -1 : 1));
  });

describe('search candidates', () => {
  it('are exactly the products the search matches, in snapshot order, before and after the index is built', () => {
    fc.assert(
      fc.property(
        arbCatalog,
        fc.array(word, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        (catalog, words, byTags) => {
          const search = parseSearch(words.join(' ').toUpperCase(), byTags ? 'productTags' : undefined);
          if (!search) return;
          const expected = catalog.filter((p) => search(p) > 0).map((p) => p.productGroupId);
          // Enough rounds on one snapshot to pass from scanning to the index.
          for (let round = 0; round < 12; round++) {
            const candidates = searchCandidates(catalog, search);
            // Unindexed, the snapshot itself comes back for the ranker to decide; indexed, exactly the
            // matches, which are only scored (scoreOfHolder), never checked again.
            const found = candidates === catalog ? catalog.filter((p) => search(p) > 0) : candidates;
            expect(found.map((p) => p.productGroupId)).toEqual(expected);
            for (const p of found) expect(search.scoreOfHolder(p)).toBe(search(p));
          }
        },
      ),
    );
  });

  it('answers the first search of a snapshot indexed ahead (prepareSearch) from the index', () => {
    const catalog: CatalogProduct[] = [
      { productGroupId: 'a', productName: [{ isoLanguageId: 'en', productName: 'Red lamp' }] },
      { productGroupId: 'b', productName: [{ isoLanguageId: 'en', productName: 'Blue lamp' }] },
      { productGroupId: 'c', productTags: [{ isoLanguageId: 'en', productTags: ['red'] }] },
    ];
    const red = parseSearch('red');
    if (!red) throw new Error('blank search');
    prepareSearch(catalog);
    const first = searchCandidates(catalog, red);
    expect(first).not.toBe(catalog);
    expect(first.map((p) => p.productGroupId)).toEqual(['a', 'c']);
    // A name match ranks above a match elsewhere.
    expect(first.map((p) => red.scoreOfHolder(p))).toEqual([2, 1]);
  });

  it('builds no index ahead above INDEX_AHEAD_UP_TO products: their first search scans', () => {
    const catalog: CatalogProduct[] = Array.from({ length: INDEX_AHEAD_UP_TO + 1 }, (_, i) => ({
      productGroupId: `p${String(i).padStart(7, '0')}`,
    }));
    const search = parseSearch('p0000001');
    if (!search) throw new Error('blank search');
    prepareSearch(catalog);
    expect(searchCandidates(catalog, search)).toBe(catalog);
  });

  it('looks a word up in the index of the field searched, when one snapshot is searched by several fields', () => {
    const catalog: CatalogProduct[] = [
      { productGroupId: 'a', productName: [{ isoLanguageId: 'en', productName: 'Red lamp' }] },
      { productGroupId: 'b', productTags: [{ isoLanguageId: 'en', productTags: ['red'] }] },
    ];
    const inTags = parseSearch('red', 'productTags');
    const anywhere = parseSearch('red');
    if (!inTags || !anywhere) throw new Error('blank search');
    // The candidates the ranker then accepts: a missing candidate is a product the search misses.
    const found = (search: typeof inTags) =>
      searchCandidates(catalog, search)
        .filter((p) => search(p) > 0)
        .map((p) => p.productGroupId);
    // Enough rounds for both fields' indexes to be built; the tags search asks first each round.
    for (let round = 0; round < 12; round++) {
      expect(found(inTags)).toEqual(['b']);
      expect(found(anywhere)).toEqual(['a', 'b']);
    }
  });

  it('finds a word inside a token and never across two values', () => {
    const catalog: CatalogProduct[] = [
      { productGroupId: 'a', productName: [{ isoLanguageId: 'en', productName: 'Desk Lamp' }] },
      { productGroupId: 'b', productName: [{ isoLanguageId: 'en', productName: 'Lampshade' }] },
      {
        productGroupId: 'c',
        productName: [{ isoLanguageId: 'en', productName: 'Lamp' }],
        productTags: [{ isoLanguageId: 'en', productTags: ['shade'] }],
      },
    ];
    const ids = (search: string) => {
      const ranker = parseSearch(search);
      if (!ranker) throw new Error('blank search');
      let found: readonly CatalogProduct[] = [];
      for (let round = 0; round < 12; round++) found = searchCandidates(catalog, ranker);
      return found.map((p) => p.productGroupId);
    };
    expect(ids('amp')).toEqual(['a', 'b', 'c']);
    expect(ids('pshad')).toEqual(['b']);
    expect(ids('shade lamp')).toEqual(['b', 'c']);
    expect(ids('lampa')).toEqual([]);
  });
});
