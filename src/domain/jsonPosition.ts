// Where in a JSON text a parse failed, as a person editing it looks for it: by line and column.

/** The line and column of the character at `offset` of `text`, counted from 1. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') };
}

/**
 * A JSON.parse message that gives a position with the line and column of that position, as newer
 * versions of V8 word it: node 20 gives the offset alone, and a person editing a seed file or a
 * request body looks for a line.
 */
export function withLine(message: string, text: string): string {
  const at = /at position (\d+)/.exec(message);
  if (!at || /\bline \d+/.test(message)) return message;
  const { line, column } = positionOf(text, Number(at[1]));
  return `${message} (line ${line} column ${column})`;
}
