// The seed as served: a seed generated for the server's origin is served as it is; any other is rebased.
import { describe, expect, it } from 'vitest';
import { resolveSeed } from '../../src/seed/resolve.js';
import { SeedSource } from '../../src/workbench/seedSource.js';

const ORIGIN = 'http://127.0.0.1:5173';
const logos = (products: readonly { brand?: { brandLogo?: string }[] }[]) =>
  products.flatMap((p) => (p.brand ?? []).map((b) => b.brandLogo));

describe('SeedSource.bindOrigin', () => {
  it('keeps a seed generated for that origin, records and all', async () => {
    const seed = await resolveSeed('demo', { mediaOrigin: ORIGIN });
    const source = new SeedSource(seed, undefined, ORIGIN);
    expect(source.bindOrigin(ORIGIN)).toBe(seed);
    expect(source.current.products[0]).toBe(seed.products[0]);
  });

  it('rebases a seed on the placeholder origin onto the server', async () => {
    const seed = await resolveSeed('demo');
    const source = new SeedSource(seed);
    const bound = source.bindOrigin(ORIGIN);
    expect(bound).not.toBe(seed);
    expect(logos(bound.products).every((url) => url?.startsWith(`${ORIGIN}/__media/`))).toBe(true);
  });
});
