// A named snapshot and a restore of a 10,000-product scope (docs/behaviour.md, "Scope snapshots"):
// how long each takes and how much heap it adds, measured in a node of its own with --expose-gc so
// that the heap figures are those of the snapshot, not of garbage not yet collected. The scope is
// the costly case: every one of its products written by the scope itself (its own table holds them
// all), not read through from the seed.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CatalogProduct } from '../src/domain/types.js';
import { COUNTED_DATASET } from '../src/seed/defaults.js';
import { generateDataset } from '../src/seed/index.js';
import { NamedSnapshots } from '../src/store/namedSnapshots.js';
import { Store } from '../src/store/store.js';
import type { ScopeKey } from '../src/domain/types.js';
import type { TargetRow } from './report.js';

export interface ScopeSnapshotFigures {
  products: number;
  rounds: number;
  /** Medians over the rounds. */
  snapshotMs: number;
  restoreMs: number;
  /** A restore with --data: the difference journaled and flushed before it is applied. */
  restoreDataMs: number;
  snapshotHeapMiB: number;
  restoreHeapMiB: number;
}

const SNAPSHOT_TARGETS = { ms: 50, heapMiB: 10 };
const ROUNDS = 11;
const CHANGED = 100;
const MiB = 1024 * 1024;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** Runs in the probe's node: gc is there (--expose-gc). */
async function probe(count: number): Promise<ScopeSnapshotFigures> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('the snapshot probe needs node --expose-gc');
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const { products } = generateDataset(COUNTED_DATASET, { count });
  const key: ScopeKey = { region: 'eu', tenantId: 'bench', environment: 'dev' };
  const dir = await mkdtemp(join(tmpdir(), 'catalog-bench-snapshots-'));
  const figures = { snapshotMs: [] as number[], restoreMs: [] as number[], restoreDataMs: [] as number[] };
  const heaps = { snapshot: [] as number[], restore: [] as number[] };
  try {
    for (const file of [undefined, join(dir, 'catalog.json')]) {
      const store = await Store.open({ file });
      await store.write(key, () => ({ change: { products: [...products] }, result: undefined }));
      // As a scope a test has read: its products in order already.
      store.scope(key).products();
      const snapshots = new NamedSnapshots(store);
      for (let round = 0; round < ROUNDS; round++) {
        const before = heap();
        let started = performance.now();
        snapshots.save(key, `round-${round}`);
        const snapshotMs = performance.now() - started;
        const afterSnapshot = heap();
        // What a test does between the two: changes a few products.
        const changed = products.slice(round * CHANGED, (round + 1) * CHANGED).map(
          (p) =>
            ({
              ...p,
              productName: [{ isoLanguageId: 'en', productName: `changed ${round}` }],
            }) as CatalogProduct,
        );
        await store.write(key, () => ({ change: { products: changed }, result: undefined }));
        const beforeRestore = heap();
        started = performance.now();
        await snapshots.restore(key, `round-${round}`);
        const restoreMs = performance.now() - started;
        const afterRestore = heap();
        if (file) {
          figures.restoreDataMs.push(restoreMs);
        } else {
          figures.snapshotMs.push(snapshotMs);
          figures.restoreMs.push(restoreMs);
          heaps.snapshot.push(afterSnapshot - before);
          heaps.restore.push(afterRestore - beforeRestore);
        }
        if (store.scope(key).products().length !== count) throw new Error('the restore lost products');
      }
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    products: count,
    rounds: ROUNDS,
    snapshotMs: median(figures.snapshotMs),
    restoreMs: median(figures.restoreMs),
    restoreDataMs: median(figures.restoreDataMs),
    snapshotHeapMiB: median(heaps.snapshot) / MiB,
    restoreHeapMiB: median(heaps.restore) / MiB,
  };
}

/** Measures in a node of its own (with --expose-gc), so the run's other figures are not disturbed. */
export async function measureScopeSnapshots(count = 10_000): Promise<ScopeSnapshotFigures> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--probe', String(count)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout) as ScopeSnapshotFigures;
}

export function snapshotTargets(figures: ScopeSnapshotFigures): TargetRow[] {
  const { ms, heapMiB } = SNAPSHOT_TARGETS;
  const row = (name: string, what: string, measured: number, limit: number, unit: string): TargetRow => ({
    name,
    what,
    measured,
    limit: `< ${limit} ${unit}`,
    met: measured < limit,
    shown: `${measured.toFixed(unit === 'ms' ? 1 : 2)} ${unit}`,
  });
  const scope = `a ${figures.products.toLocaleString('en-US')}-product scope`;
  return [
    row('snapshotMs', `snapshot of ${scope}`, figures.snapshotMs, ms, 'ms'),
    row('restoreMs', `restore of ${scope}`, figures.restoreMs, ms, 'ms'),
    row('snapshotHeap', `heap a snapshot of ${scope} adds`, figures.snapshotHeapMiB, heapMiB, 'MiB'),
    row('restoreHeap', `heap a restore of ${scope} adds`, figures.restoreHeapMiB, heapMiB, 'MiB'),
  ];
}

export function formatSnapshotFigures(f: ScopeSnapshotFigures): string {
  return (
    `scope snapshots (${f.products} products, median of ${f.rounds}): snapshot ${f.snapshotMs.toFixed(1)} ms, ` +
    `${f.snapshotHeapMiB.toFixed(2)} MiB; restore ${f.restoreMs.toFixed(1)} ms, ${f.restoreHeapMiB.toFixed(2)} MiB; ` +
    `restore with --data ${f.restoreDataMs.toFixed(1)} ms`
  );
}

if (process.argv[2] === '--probe') {
  const figures = await probe(Number(process.argv[3] ?? 10_000));
  process.stdout.write(JSON.stringify(figures));
}
