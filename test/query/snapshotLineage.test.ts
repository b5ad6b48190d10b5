// What writes changed between a snapshot and one a few writes back: the records the older one held
// and the newer one does not, and the reverse; the chain is cut past MAX_STEPS_BACK writes.
import { describe, expect, it } from 'vitest';
import { Scope, newRecord } from '../../src/store/scope.js';
import { MAX_STEPS_BACK, lineageTo } from '../../src/query/snapshotLineage.js';
import type { CatalogProduct } from '../../src/domain/types.js';

const record = (id: string, version = 0) => ({ productGroupId: id, version }) as unknown as CatalogProduct;

function scopeOf(...products: CatalogProduct[]): Scope {
  const scope = new Scope(newRecord());
  scope.putProducts(products);
  return scope;
}

describe('the lineage of a snapshot several writes back', () => {
  it('leaves out a record added and removed since, and a version replaced twice', () => {
    const p2 = record('p2');
    const scope = scopeOf(record('p1'), p2, record('p3'));
    const first = scope.products();
    scope.putProducts([record('p2', 1)]);
    scope.products();
    scope.putProducts([record('p4')]);
    scope.products();
    const latest = record('p2', 2);
    scope.putProducts([latest]);
    scope.deleteProducts(['p4']);
    const last = scope.products();
    const lineage = lineageTo(last, (s) => s === first);
    expect(lineage?.previous).toBe(first);
    expect(lineage?.removed).toEqual([p2]);
    expect(lineage?.removed[0]).toBe(p2);
    expect(lineage?.added).toHaveLength(1);
    expect(lineage?.added[0]).toBe(latest);
  });

  it('says nothing changed for a record deleted and put back as it was', () => {
    const p1 = record('p1');
    const scope = scopeOf(p1, record('p2'));
    const first = scope.products();
    scope.deleteProducts(['p1']);
    scope.products();
    scope.putProducts([p1]);
    const last = scope.products();
    expect(lineageTo(last, (s) => s === first)).toEqual({ previous: first, removed: [], added: [] });
  });

  it(`reaches back ${MAX_STEPS_BACK} writes and no further`, () => {
    const scope = scopeOf(record('p1'));
    const snapshots = [scope.products()];
    for (let i = 1; i <= MAX_STEPS_BACK + 1; i++) {
      scope.putProducts([record('p1', i)]);
      snapshots.push(scope.products());
    }
    const last = snapshots[snapshots.length - 1]!;
    expect(lineageTo(last, (s) => s === snapshots[1])?.previous).toBe(snapshots[1]);
    expect(lineageTo(last, (s) => s === snapshots[0])).toBeUndefined();
  });
});
