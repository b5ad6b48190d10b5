import { describe, expect, it } from 'vitest';
import { syntaxErrorOffset, withLine } from '../../src/domain/jsonPosition.js';

const parseError = (text: string): string => {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} is JSON`);
};

describe('the position of a JSON syntax error', () => {
  it('is found by a scan where node 20 gives none: an unexpected token, an early end', () => {
    // The offsets written out by hand: the first character that cannot continue the text.
    expect(syntaxErrorOffset('{"a":tru}')).toBe(8);
    expect(syntaxErrorOffset('[1,]')).toBe(3);
    expect(syntaxErrorOffset('[,1]')).toBe(1);
    expect(syntaxErrorOffset('{"x":')).toBe(5);
    expect(syntaxErrorOffset('{"a":"x\ty"}')).toBe(7);
    expect(syntaxErrorOffset('{"a":"\\u12"}')).toBe(10);
    expect(syntaxErrorOffset('{"a":1}}')).toBe(7);
  });

  it('is none for JSON', () => {
    for (const text of ['{}', '[]', ' 1 ', '"x"', '{"a":[1,{"b":null}],"c":"\\u00e9","d":-1.5e3,"e":true}']) {
      expect(syntaxErrorOffset(text)).toBeUndefined();
    }
  });

  it('is given as a line and column in the message, also where the message had no position', () => {
    const text = '{\n  "a": [1,\n    ]\n}';
    expect(withLine(parseError(text), text)).toMatch(/ \(line 3 column 5\)$/);
    // An early end is placed after the last character, not on the empty line after it.
    const cut = '{\n  "a": [1,\n';
    expect(withLine(parseError(cut), cut)).toMatch(/ \(line 2 column 11\)$/);
  });
});
