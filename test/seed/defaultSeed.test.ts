import { describe, expect, it } from 'vitest';
import { resolveSeed } from '../../src/seed/resolve.js';
import { generatedCountOf, MAX_SEED_COUNT } from '../../src/seed/defaults.js';

describe('the default seed, none and counts', () => {
  it('defaults to the bundled demo dataset; none is empty; a count gives the same data every time', async () => {
    expect(JSON.stringify(await resolveSeed())).toBe(JSON.stringify(await resolveSeed('demo')));
    expect(await resolveSeed('none')).toEqual({ products: [], productTypes: [] });
    const first = await resolveSeed('30');
    expect(first.products).toHaveLength(30);
    expect(JSON.stringify(await resolveSeed('30'))).toBe(JSON.stringify(first));
  });

  it('counts the products a seed generates only up to the maximum, which resolving refuses past', async () => {
    expect(generatedCountOf('1000000')).toBe(1_000_000);
    expect(generatedCountOf(String(MAX_SEED_COUNT + 1))).toBeUndefined();
    expect(generatedCountOf('demo')).toBeUndefined();
    expect(generatedCountOf('catalog.json')).toBeUndefined();
    await expect(resolveSeed(String(MAX_SEED_COUNT + 1))).rejects.toThrow(/at most 1,000,000 products/);
  });
});
