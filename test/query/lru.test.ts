// The least-recently-used map behind the snapshot caches and the demo pictures (src/query/lru.ts).
import { describe, expect, it } from 'vitest';
import { lru } from '../../src/query/lru.js';

describe('lru', () => {
  it('builds a value once, keeps at most its limit, and drops the least recently used first', () => {
    const built: string[] = [];
    const cache = lru<string, string>(2);
    const get = (key: string) => cache(key, () => (built.push(key), key.toUpperCase()));
    expect([get('a'), get('b'), get('a')]).toEqual(['A', 'B', 'A']);
    expect(built).toEqual(['a', 'b']);
    // 'a' was used after 'b': 'b' is the one a third key drops.
    get('c');
    get('a');
    expect(built).toEqual(['a', 'b', 'c']);
    get('b');
    expect(built).toEqual(['a', 'b', 'c', 'b']);
  });
});
