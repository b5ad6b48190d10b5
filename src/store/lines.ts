// Reads a file line by line with the byte offset where each line ends: a journal is cut back to
// its last whole line, and no line, however large the file, is ever joined with the others.
import { createReadStream } from 'node:fs';

export interface Line {
  text: string;
  /** Byte offset just past this line (and its newline, when it has one). */
  end: number;
  /** False for a last line the file ends without a newline: a write that was cut short. */
  terminated: boolean;
}

const NEWLINE = 0x0a;

export async function* readLines(path: string): AsyncGenerator<Line> {
  let parts: Buffer[] = [];
  let offset = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      parts.push(chunk.subarray(from, at));
      const bytes = Buffer.concat(parts);
      offset += bytes.length + 1;
      parts = [];
      from = at + 1;
      yield { text: bytes.toString('utf8'), end: offset, terminated: true };
    }
    if (from < chunk.length) parts.push(chunk.subarray(from));
  }
  if (parts.length > 0) {
    const bytes = Buffer.concat(parts);
    yield { text: bytes.toString('utf8'), end: offset + bytes.length, terminated: false };
  }
}
