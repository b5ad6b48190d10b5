// Where in a JSON text a parse failed, as a person editing it looks for it: by line and column.

/** The line and column of the character at `offset` of `text`, counted from 1. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/**
 * Where a JSON.parse of `text` failed: the offset its message gives, else the one a scan of the text
 * finds. Node 20 gives none for an unexpected token ("Unexpected token '}', ... is not valid JSON")
 * or for a text that ends early ("Unexpected end of JSON input"); the latter is placed after the
 * text's last character that is not white space.
 */
export function errorOffset(message: string, text: string): number | undefined {
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  const found = syntaxErrorOffset(text);
  return found === undefined ? undefined : Math.min(found, text.trimEnd().length);
}

/** A JSON.parse message without where the error is, for a caller that says it in its own terms. */
export function withoutPosition(message: string): string {
  return message.replace(/ in JSON at position \d+/, '').replace(/ \(line \d+ column \d+\)/, '');
}

/**
 * A JSON.parse message with the line and column of the error, as newer versions of V8 word it:
 * node 20 gives an offset alone, or nothing, and a person editing a seed file or a request body
 * looks for a line.
 */
export function withLine(message: string, text: string): string {
  if (/\bline \d+/.test(message)) return message;
  const offset = errorOffset(message, text);
  if (offset === undefined) return message;
  const { line, column } = positionOf(text, offset);
  return `${message} (line ${line} column ${column})`;
}

const WHITE_SPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPED = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

/**
 * The offset of the first character that makes `text` not JSON (text.length when it ends early),
 * or undefined when it is JSON. Only for a text JSON.parse refused: it is a plain scan, not fast.
 */
export function syntaxErrorOffset(text: string): number | undefined {
  const open: string[] = [];
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITE_SPACE.has(text[i]!)) i++;
  };
  /** Past the string that starts at i; false where it breaks off (at i). */
  const string = (): boolean => {
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') return ++i > 0;
      if (c < ' ') return false;
      if (c === '\\') {
        const next = text[++i];
        if (next === 'u') {
          for (let k = 0; k < 4; k++) if (!/[0-9a-fA-F]/.test(text[++i] ?? '')) return false;
        } else if (next === undefined || !ESCAPED.has(next)) return false;
      }
    }
    return false;
  };
  let expect: 'value' | 'firstValue' | 'key' | 'firstKey' | 'after' = 'value';
  for (;;) {
    skip();
    if (expect === 'after') {
      const container = open.at(-1);
      if (container === undefined) return i < text.length ? i : undefined;
      const c = text[i];
      if (c === ',') {
        i++;
        expect = container === '{' ? 'key' : 'value';
      } else if ((c === '}' && container === '{') || (c === ']' && container === '[')) {
        open.pop();
        i++;
      } else return i;
      continue;
    }
    if (i >= text.length) return i;
    const c = text[i]!;
    if (expect === 'key' || expect === 'firstKey') {
      if (c === '}' && expect === 'firstKey') {
        open.pop();
        i++;
        expect = 'after';
        continue;
      }
      if (c !== '"' || !string()) return i;
      skip();
      if (text[i] !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    if (c === ']' && expect === 'firstValue') {
      open.pop();
      i++;
      expect = 'after';
    } else if (c === '{' || c === '[') {
      open.push(c);
      i++;
      expect = c === '{' ? 'firstKey' : 'firstValue';
    } else if (c === '"') {
      if (!string()) return i;
      expect = 'after';
    } else {
      const literal = LITERALS.find((word) => word[0] === c);
      if (literal) {
        for (const letter of literal) if (text[i++] !== letter) return i - 1;
      } else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return i;
        i = NUMBER.lastIndex;
      }
      expect = 'after';
    }
  }
}
