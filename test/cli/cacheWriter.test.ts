import { describe, expect, it } from 'vitest';
import { writerArguments } from '../../src/cli/cacheWriter.js';

describe("the cache writer's command line", () => {
  const DEFAULT_MIB = 4144;

  it('gives the seed command of a million products a heap that holds them: the default ran out', () => {
    const args = writerArguments('1000000', '/cache/demo-1000000.json', DEFAULT_MIB);
    expect(args[0]).toBe('--max-old-space-size=9024');
    expect(args.slice(2)).toEqual(['seed', '--seed', '1000000', '--out', '/cache/demo-1000000.json']);
  });

  it("leaves node's default heap to a catalog it holds, and a heap the user sized in NODE_OPTIONS", () => {
    expect(writerArguments('100000', '/c.json', DEFAULT_MIB)[0]).not.toMatch(/^--max-old-space-size/);
    expect(
      writerArguments('1000000', '/c.json', DEFAULT_MIB, '--max-old-space-size=20000').some((arg) =>
        arg.startsWith('--max-old-space-size'),
      ),
    ).toBe(false);
  });
});
