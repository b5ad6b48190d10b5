import { describe, expect, it } from 'vitest';
import { resolveSeed } from '../../src/seed/resolve.js';

describe('the default seed, none and counts', () => {
  it('defaults to the bundled demo dataset; none is empty; a count gives the same data every time', async () => {
    expect(JSON.stringify(await resolveSeed())).toBe(JSON.stringify(await resolveSeed('demo')));
    expect(await resolveSeed('none')).toEqual({ products: [], productTypes: [] });
    const first = await resolveSeed('30');
    expect(first.products).toHaveLength(30);
    expect(JSON.stringify(await resolveSeed('30'))).toBe(JSON.stringify(first));
  });
});
