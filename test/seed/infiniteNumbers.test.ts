import { describe, expect, it } from 'vitest';
import { findInfiniteNumber, holdsInfiniteNumber } from '../../src/seed/infiniteNumbers.js';

describe('numbers too large for a double in a seed file', () => {
  it('are found in what JSON.parse made of the text, at any depth', () => {
    expect(holdsInfiniteNumber(JSON.parse('{"a":[1,{"b":[[2,-1e400]]}]}'))).toBe(true);
    expect(holdsInfiniteNumber(JSON.parse('{"a":[1e308,-1e308,1e-400,"1e400",null,true],"b":{}}'))).toBe(
      false,
    );
    // Deeper than the stack goes, as JSON.parse takes it.
    const deep = JSON.parse(`${'['.repeat(20_000)}1e400${']'.repeat(20_000)}`) as unknown;
    expect(holdsInfiniteNumber(deep)).toBe(true);
  });

  it('are placed in the text by the keys and indexes that lead to them, not by text in strings', () => {
    const text = '{"say \\"1e400\\", [x":"1e400 ] }", "list":[[], {}, [1, 2], {"k\\\\":[0, {"n": 12e999}]}]}';
    expect(holdsInfiniteNumber(JSON.parse(text))).toBe(true);
    expect(findInfiniteNumber(text)).toEqual({
      offset: text.indexOf('12e999'),
      written: '12e999',
      path: ['list', 3, 'k\\', 1, 'n'],
    });
    expect(findInfiniteNumber('[1, "1e400", 1e300]')).toBeUndefined();
    expect(findInfiniteNumber(` ${'9'.repeat(400)} `)).toMatchObject({ offset: 1, path: [] });
  });
});
