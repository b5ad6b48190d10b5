import { describe, expect, it } from 'vitest';
import { flat, flatText } from '../../src/seed/flat.js';

describe('flatText', () => {
  it('gives the text the template literal gives, whatever its values', () => {
    const noun = 'tröja';
    const material = 'ull';
    expect(flatText`${noun} i ${material}`).toBe(`${noun} i ${material}`);
    expect(flatText`${noun}`).toBe(noun);
    expect(flatText`no values`).toBe('no values');
    expect(flatText`${''}${material}${''}, ${noun}.`).toBe(`${material}, ${noun}.`);
  });

  it('agrees with flat over the same parts', () => {
    expect(flatText`${'Aria'} ${'Wool'} ${'Coat'}`).toBe(flat('Aria', ' ', 'Wool', ' ', 'Coat'));
  });
});
