import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, heapGrowthFlag } from '../src/heapPolicy.js';

describe('the command line heap policy', () => {
  it('limits heap growth by default', () => {
    expect(heapGrowthFlag([], '')).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    expect(heapGrowthFlag(['--enable-source-maps'], '--max-old-space-size=512')).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  it("leaves a growth the user chose alone, on node's command line or in NODE_OPTIONS", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=100'], '')).toBeUndefined();
    expect(heapGrowthFlag([], '--inspect --heap_growing_percent=30')).toBeUndefined();
  });
});
