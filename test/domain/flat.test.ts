import { describe, expect, it } from 'vitest';
// Whether the string is flat V8 does not show to a test: the heap measurements are in
// docs/performance.md, "Generated catalogs: shared values and flat strings".
import { flatText } from '../../src/domain/flat.js';

describe('flatText', () => {
  it('gives the text the template literal gives, whatever its values', () => {
    const noun = 'tröja';
    const material = 'ull';
    expect(flatText`${noun} i ${material}`).toBe(`${noun} i ${material}`);
    expect(flatText`${noun}`).toBe(noun);
    expect(flatText`no values`).toBe('no values');
    expect(flatText`${''}${material}${''}, ${noun}.`).toBe(`${material}, ${noun}.`);
  });
});
