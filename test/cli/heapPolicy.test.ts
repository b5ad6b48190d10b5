import { describe, expect, it } from 'vitest';
import {
  HEAP_GROWING_PERCENT,
  MAX_HEAP_SLACK_MIB,
  collectGarbage,
  collectsAfterLoad,
  growingPercent,
  heapGrowthFlag,
  oldGenerationLimit,
  pretenuringFlag,
  LARGE_SEED_YOUNG_GENERATION_MIB,
  YOUNG_GENERATION_MIB,
  youngGenerationLimit,
} from '../../src/cli/terminal/heapPolicy.js';
import { WHOLE_FILE_LIMIT } from '../../src/seed/defaults.js';
import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';

describe('the command line heap policy', () => {
  it('limits heap growth by default', () => {
    expect(heapGrowthFlag([])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--enable-source-maps', '--max-old-space-size=512'])).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves a growth the user chose on node's command line alone", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=100'])).toBeUndefined();
    expect(heapGrowthFlag(['--inspect', '--heap_growing_percent=30'])).toBeUndefined();
  });

  it('caps the growth of a large heap at 400 MiB, down to 10%', () => {
    expect(MAX_HEAP_SLACK_MIB).toBe(400);
    expect(growingPercent(100)).toBe(20);
    expect(growingPercent(2000)).toBe(20);
    expect(growingPercent(3200)).toBe(13);
    expect(growingPercent(4000)).toBe(10);
    expect(growingPercent(10_000)).toBe(10);
    expect(heapGrowthFlag([], 3200)).toBe('--heap-growing-percent=13');
  });

  it("sizes the server thread's young generation unless the user sized it for node", () => {
    expect(youngGenerationLimit([], '')).toBe(YOUNG_GENERATION_MIB);
    expect(youngGenerationLimit(['--heap-growing-percent=30'], '--max-old-space-size=512')).toBe(
      YOUNG_GENERATION_MIB,
    );
    expect(youngGenerationLimit(['--max-semi-space-size=16'], '')).toBeUndefined();
    expect(youngGenerationLimit([], '--enable-source-maps --max_semi_space_size=2')).toBeUndefined();
  });

  it('gives a thread loading a large seed a larger young generation', () => {
    expect(LARGE_SEED_YOUNG_GENERATION_MIB).toBeGreaterThan(YOUNG_GENERATION_MIB);
    // Seed files read record by record, not those parsed whole.
    const large = { fileBytes: WHOLE_FILE_LIMIT + 1 };
    expect(youngGenerationLimit([], '', large)).toBe(LARGE_SEED_YOUNG_GENERATION_MIB);
    expect(youngGenerationLimit([], '', { fileBytes: WHOLE_FILE_LIMIT })).toBe(YOUNG_GENERATION_MIB);
    // Generated seeds beyond the 100,000 of the benchmark's large run.
    expect(youngGenerationLimit([], '', { products: 1_000_000 })).toBe(LARGE_SEED_YOUNG_GENERATION_MIB);
    expect(youngGenerationLimit([], '', { products: 100_000 })).toBe(YOUNG_GENERATION_MIB);
    expect(youngGenerationLimit(['--min-semi-space-size=1'], '', large)).toBeUndefined();
  });

  it("turns V8's pretenuring off unless the user chose either way", () => {
    expect(pretenuringFlag(['--heap-growing-percent=30'])).toBe('--no-allocation-site-pretenuring');
    expect(pretenuringFlag(['--allocation-site-pretenuring'])).toBeUndefined();
    expect(pretenuringFlag(['--no_allocation_site_pretenuring'])).toBeUndefined();
  });

  it('raises the old generation for a generated catalog the default heap would not hold, unless the user sized it', () => {
    expect(oldGenerationLimit({ products: 100_000 }, 4096, [])).toBeUndefined();
    const million = oldGenerationLimit({ products: 1_000_000 }, 4096, []);
    expect(million).toBeGreaterThan(6 * 1024);
    expect(million).toBeLessThan(12 * 1024);
    expect(oldGenerationLimit({ products: 1_000_000 }, 4096, ['--max-old-space-size=2048'])).toBeUndefined();
    expect(
      oldGenerationLimit({ products: 1_000_000 }, 4096, [], '--max_old_space_size=2048'),
    ).toBeUndefined();
  });

  it('raises it for a seed file the default heap would not hold once read: as many MiB as the file has, and 1 GiB', () => {
    // The seed command's file of a million products: 8.6 GB, about 4.6 GiB of heap once read.
    expect(oldGenerationLimit({ fileBytes: 8_588_692_856 }, 4144, [])).toBe(8191 + 1024);
    // 100,000 products' file (854 MB) reads into about 460 MiB: the default holds it.
    expect(oldGenerationLimit({ fileBytes: 853_953_160 }, 4144, [])).toBeUndefined();
    expect(
      oldGenerationLimit({ fileBytes: 8_588_692_856 }, 4144, [], '--max-old-space-size=4000'),
    ).toBeUndefined();
    // Both known: the larger of the two allowances (a count's 8 MiB per 1,000 products).
    expect(oldGenerationLimit({ products: 1_000_000, fileBytes: 5 * 2 ** 30 }, 4144, [])).toBe(8000 + 1024);
    expect(oldGenerationLimit({ products: 500_000, fileBytes: 5 * 2 ** 30 }, 4144, [])).toBe(5120 + 1024);
  });

  it('collects the garbage of a load at once, and gives no gc function to code after it', () => {
    const usedMiB = () => getHeapStatistics().used_heap_size / (1024 * 1024);
    let load: { id: string; prices: number[] }[] | undefined = Array.from({ length: 400_000 }, (_, i) => ({
      id: `P-${i}`,
      prices: [i, i + 0.5],
    }));
    const withLoad = usedMiB();
    expect(load.length).toBe(400_000);
    load = undefined;
    collectGarbage();
    expect(withLoad - usedMiB()).toBeGreaterThan(20);
    // Unless node itself was given --expose-gc, which then stays as it was.
    const started = typeof (globalThis as { gc?: unknown }).gc;
    expect(runInNewContext('typeof gc')).toBe(started);
  });

  it('collects a catalog once loaded up to 256 MiB of heap, where loading it has not', () => {
    expect(collectsAfterLoad(70)).toBe(true);
    expect(collectsAfterLoad(256)).toBe(true);
    expect(collectsAfterLoad(257)).toBe(false);
    expect(collectsAfterLoad(600)).toBe(false);
  });
});
