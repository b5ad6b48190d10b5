// A list derived from a snapshot, carried over to the snapshot a write made from it.
import { replaceInOrder } from '../domain/orderedList.js';
import { productOrder, sortProducts, type SortKey } from '../domain/sort.js';
import type { CatalogProduct } from '../domain/types.js';
import type { Lineage } from './snapshotLineage.js';

/**
 * `list`, the products of the previous snapshot passing `admits` in the order of `sort` (then `rank`,
 * higher first, then productGroupId), made the same list for the snapshot `lineage` leads to: the
 * records the write removed taken out, the ones it added that pass put in their places. Exactly what
 * sorting and filtering the new snapshot would give, for a copy of the list and a few comparisons per
 * product written (docs/performance.md, "Snapshots after a write").
 */
export function carryOver(
  list: readonly CatalogProduct[],
  { removed, added }: Lineage,
  sort: readonly SortKey[],
  admits?: (product: CatalogProduct) => boolean,
  rank?: (product: CatalogProduct) => number,
): CatalogProduct[] {
  const entering = admits ? added.filter(admits) : added;
  // `added` is in productGroupId order, so the position breaks the last tie as productOrder does.
  const inOrder = sort.length > 0 || rank ? sortProducts(entering, sort, rank, true) : entering;
  return replaceInOrder(list, removed, inOrder, productOrder(sort, rank));
}
