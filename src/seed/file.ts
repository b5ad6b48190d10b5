// Dataset files: `{ "productTypes": [...], "products": [...] }`, one record per line so that
// large files stream out without building one huge string, and diff well.
import { createWriteStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import type { SeedData } from '../domain/types.js';
import { WHOLE_FILE_LIMIT } from './defaults.js';
import { errorOffset, positionOf, withLine, withoutPosition } from '../domain/jsonPosition.js';
import { findInfiniteNumber, holdsInfiniteNumber, infiniteNumberProblem } from './infiniteNumbers.js';
import { replaceFile } from './replaceFile.js';
import { ValueSharing } from './sharedValues.js';
import { removeSeedIndex, writeSeedIndex } from './seedIndex.js';
import { indexedSearchOf } from '../query/searchIndex.js';

export interface WriteOptions {
  /** Stops the write: the file is left as it was, and the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Products written so far and how many there are: every WRITE_PROGRESS_STEP products and at the
   * last one. Writing a large catalog takes seconds after it is generated or recorded.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Writes FILE.index beside the file (seedIndex.ts), so that a start serves it without parsing it
   * first; without, an index an earlier write left there is removed. Only for records that conform
   * as they are, such as a generated dataset's: a start through the index does not check them.
   */
  index?: boolean;
}

const WRITE_PROGRESS_STEP = 1000;

/**
 * Writes the dataset to `file` whole, or leaves it as it was (replaceFile.ts): a write cut short
 * must not destroy a good file that was there.
 */
export async function writeDatasetFile(
  data: SeedData,
  file: string,
  options: WriteOptions = {},
): Promise<void> {
  const lines: RecordLines = { starts: [], lengths: [] };
  await replaceFile(file, (path) => writeFileRecords(data, path, options, options.index ? lines : undefined));
  if (!options.index) return removeSeedIndex(file);
  // Not stopped from here: the file is in place, and an index is written in about a second.
  await writeSeedIndex(file, { ...data, ...lines, search: indexedSearchOf(data.products) });
}

/** Where each product's record is in the file, in bytes: what its index holds. */
interface RecordLines {
  starts: number[];
  lengths: number[];
}

/**
 * Writes the dataset to a stream this process does not own (`--out -`: standard output), which is
 * left open; resolves to the bytes written. A stop leaves what was written so far.
 */
export async function writeDatasetTo(
  data: SeedData,
  out: NodeJS.WritableStream,
  options: WriteOptions = {},
): Promise<number> {
  let bytes = 0;
  await writeRecords(data, out, options, (chunk) => (bytes += Buffer.byteLength(chunk)));
  return bytes;
}

async function writeFileRecords(
  data: SeedData,
  file: string,
  options: WriteOptions,
  lines?: RecordLines,
): Promise<void> {
  options.signal?.throwIfAborted();
  const out = createWriteStream(file, { encoding: 'utf8' });
  try {
    await writeRecords(data, out, options, undefined, lines);
    out.end();
    await Promise.race([
      once(out, 'finish'),
      once(out, 'error').then(([err]) => Promise.reject(err as Error)),
    ]);
  } finally {
    // Closed before the caller removes the file: a stream still opening it would create it again.
    if (!out.closed) {
      const closed = once(out, 'close').catch(() => undefined);
      out.destroy();
      await closed;
    }
  }
}

async function writeRecords(
  data: SeedData,
  out: NodeJS.WritableStream,
  { signal, onProgress }: WriteOptions,
  wrote?: (chunk: string) => void,
  lines?: RecordLines,
): Promise<void> {
  signal?.throwIfAborted();
  let bytes = 0;
  let onAbort: (() => void) | undefined;
  const failed = new Promise<never>((_, reject) => {
    out.once('error', reject);
    onAbort = () => reject(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  // Seen by the next wait on the stream, or by none when the write stops before it.
  failed.catch(() => undefined);
  const write = async (chunk: string) => {
    signal?.throwIfAborted();
    wrote?.(chunk);
    if (lines) bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await Promise.race([once(out as NodeJS.EventEmitter, 'drain'), failed]);
  };
  const section = async (
    name: string,
    records: readonly object[],
    last: boolean,
    progress?: typeof onProgress,
  ) => {
    await write(`"${name}": [\n`);
    for (let i = 0; i < records.length; i++) {
      const text = JSON.stringify(records[i]);
      if (lines && name === 'products') {
        lines.starts.push(bytes);
        lines.lengths.push(Buffer.byteLength(text));
      }
      await write(text + (i < records.length - 1 ? ',\n' : '\n'));
      const done = i + 1;
      if (done % WRITE_PROGRESS_STEP === 0 || done === records.length) progress?.(done, records.length);
    }
    await write(last ? ']\n' : '],\n');
  };
  try {
    await write('{\n');
    await section('productTypes', data.productTypes, false);
    await section('products', data.products, true, onProgress);
    await write('}\n');
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

export interface ReadOptions {
  /** Files up to this size are parsed as one document (WHOLE_FILE_LIMIT when absent). */
  wholeFileLimit?: number;
  /** The longest line a file read line by line may have (WHOLE_FILE_LIMIT when absent). */
  maxLineBytes?: number;
  /**
   * Bytes read so far and the file's size, after every read of 8 MiB of a file read line by line
   * that is larger than `readProgressFrom` or WHOLE_FILE_LIMIT.
   */
  onRead?: (bytes: number, size: number) => void;
  /** READ_PROGRESS_FROM when absent. */
  readProgressFrom?: number;
}

/**
 * Refuses a parsed file or record holding a number too large for a double (infiniteNumbers.ts),
 * saying where: `text` is what was parsed, `at` where it starts in the file, `prefix` the keys and
 * indexes that lead to it, `recordOf` the record a path from the file's top goes through.
 */
function refuseInfiniteNumbers(
  file: string,
  parsed: unknown,
  text: string,
  at: { line: number; prefix: (string | number)[] },
  recordOf: (section: unknown, index: unknown) => unknown,
): void {
  if (!holdsInfiniteNumber(parsed)) return;
  const found = findInfiniteNumber(text);
  if (!found) return;
  const { line, column } = positionOf(text, found.offset);
  const path = [...at.prefix, ...found.path];
  throw new Error(
    `Seed file "${file}", line ${at.line + line - 1} column ${column}: ${infiniteNumberProblem({ ...found, path }, recordOf(path[0], path[1]))}`,
  );
}

/**
 * A file of this many bytes or more reports its reading (a 30,000-product file, 255 MB, took
 * seconds to read before its check began): below it, about 8,000 products, reading takes a second
 * or two, and a bar would only flash.
 */
const READ_PROGRESS_FROM = 64 * 1024 * 1024;

/**
 * The parsed content of a dataset file. A file with the layout writeDatasetFile produces (one
 * record per line) is read line by line: above WHOLE_FILE_LIMIT it must have it; below, a file
 * laid out otherwise is parsed as one document. Errors carry Node's code (ENOENT) or a message
 * naming the file, and for a syntax error the line (and column where known).
 */
export async function readDatasetFile(file: string, options: ReadOptions = {}): Promise<unknown> {
  const {
    wholeFileLimit = WHOLE_FILE_LIMIT,
    maxLineBytes = WHOLE_FILE_LIMIT,
    readProgressFrom = READ_PROGRESS_FROM,
  } = options;
  const { size } = await stat(file);
  const large = size > wholeFileLimit;
  const onRead =
    options.onRead && (large || size >= readProgressFrom)
      ? (bytes: number) => options.onRead?.(bytes, size)
      : undefined;
  // Read line by line, a file's records come with its progress, in about half the time and memory
  // of one parse of the whole (docs/performance.md, "Seed files").
  try {
    return await readRecordPerLine(file, maxLineBytes, onRead);
  } catch (err) {
    if (!(err instanceof NotPerLine)) throw err;
    if (large) {
      throw new Error(
        `Seed file "${file}" is over ${Math.round(wholeFileLimit / 2 ** 20)} MB, so it must have the layout the seed ` +
          `command writes (one record per line); line ${err.line}: ${err.why}${err.column === undefined ? '' : ` (column ${err.column})`}`,
      );
    }
    // A file laid out otherwise (pretty-printed, on one line) is read whole; a record of a file laid
    // out per line that is broken is named by its own line, where the whole parse may point at the next.
    return readWhole(file, err.records > 0 ? err : undefined);
  }
}

async function readWhole(file: string, perLine?: NotPerLine): Promise<unknown> {
  const raw = await readFile(file, 'utf8');
  // A byte-order mark, as some editors write, is not JSON.
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    throw new Error(
      `Seed file "${file}" is not valid JSON: ${
        perLine
          ? `${perLine.why} (line ${perLine.line}${perLine.column === undefined ? '' : ` column ${perLine.column}`})`
          : withLine(message, text)
      }`,
    );
  }
  refuseInfiniteNumbers(file, parsed, text, { line: 1, prefix: [] }, (section, index) =>
    typeof section === 'string' && typeof index === 'number'
      ? (parsed as Record<string, unknown[] | undefined>)[section]?.[index]
      : undefined,
  );
  const products = (parsed as { products?: unknown } | null)?.products;
  if (Array.isArray(products)) {
    const sharing = new ValueSharing();
    for (const product of products) sharing.share(product);
  }
  return parsed;
}

/** Bytes read from the file at a time; a longer line makes the buffer grow to hold it. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/**
 * Whole lines are decoded in blocks of about this many bytes: per line, decoding cost more than
 * parsing; a block of 8 MB with any non-ASCII character made one two-byte string of every line
 * in it (docs/performance.md, "Seed files").
 */
const BLOCK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

class LineTooLong extends Error {}

/** A file that has not the one-record-per-line layout, or a record in it that is not JSON. */
class NotPerLine extends Error {
  constructor(
    readonly line: number,
    readonly why: string,
    /** Records read before it: a file that had some has the layout. */
    readonly records: number,
    readonly column?: number,
  ) {
    super(`line ${line}: ${why}`);
  }
}

/**
 * The file's lines, in blocks of whole lines decoded at once: node's line reader took more time
 * than parsing the records (docs/performance.md, "Seed files"). A line may end in \r\n.
 */
async function* lineBlocks(
  file: string,
  maxLineBytes: number,
  onRead?: (bytes: number) => void,
): AsyncGenerator<string[]> {
  const handle = await open(file, 'r');
  let total = 0;
  try {
    let buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, maxLineBytes));
    let held = 0;
    for (;;) {
      if (held === buffer.length) {
        // A string cannot hold much more; a longer "line" is a file without the layout.
        if (held >= maxLineBytes) throw new LineTooLong();
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, held);
        buffer = larger;
      }
      const { bytesRead } = await handle.read(buffer, held, buffer.length - held, null);
      const end = held + bytesRead;
      onRead?.((total += bytesRead));
      // A newline byte never occurs inside a multi-byte character, so a block ends on a whole one.
      const complete = bytesRead === 0 ? end : buffer.lastIndexOf(NEWLINE, end - 1) + 1;
      for (let from = 0; from < complete;) {
        let to = from + BLOCK_BYTES >= complete ? complete : buffer.indexOf(NEWLINE, from + BLOCK_BYTES) + 1;
        if (to === 0 || to > complete) to = complete;
        const lines = buffer.toString('utf8', from, to).split('\n');
        // The text after the block's last newline is empty, unless the file ends without one.
        if (lines[lines.length - 1] === '') lines.pop();
        yield lines;
        from = to;
      }
      if (bytesRead === 0) return;
      held = end - complete;
      buffer.copy(buffer, 0, complete, end);
    }
  } finally {
    await handle.close();
  }
}

async function readRecordPerLine(
  file: string,
  maxLineBytes: number,
  onRead?: (bytes: number) => void,
): Promise<unknown> {
  const sections: Record<string, unknown[]> = {};
  let current: unknown[] | undefined;
  // Shared as each product is parsed: the copies die young, before a collection has to keep them.
  const sharing = new ValueSharing();
  let sharingSection = false;
  let section = '';
  let lineNumber = 0;
  let records = 0;
  // The braces around the sections: a file cut short after a whole line is refused, not read short.
  let opened = false;
  let closed = false;
  const fail = (why: string, column?: number) => new NotPerLine(lineNumber, why, records, column);
  try {
    for await (const block of lineBlocks(file, maxLineBytes, onRead)) {
      for (const raw of block) {
        lineNumber++;
        const line = raw.trim();
        if (line === '') continue;
        if (closed) throw fail('more after the closing }');
        if (!opened) {
          if (line !== '{') throw fail('expected { alone on the first line');
          opened = true;
          continue;
        }
        const opening = /^"(products|productTypes)": \[$/.exec(line);
        if (opening && !current) {
          sections[(section = opening[1]!)] = current = [];
          sharingSection = section === 'products';
        } else if (line === ']' || line === '],') {
          if (!current) throw fail('a ] that closes no section');
          current = undefined;
        } else if (line === '}' && !current) closed = true;
        else if (!current) throw fail('expected "products": [ or "productTypes": [');
        else {
          const text = line.endsWith(',') ? line.slice(0, -1) : line;
          let record: unknown;
          try {
            record = JSON.parse(text);
          } catch (err) {
            const message = (err as Error).message;
            const offset = errorOffset(message, text);
            const indent = raw.length - raw.trimStart().length;
            // "Unexpected end of JSON input", or an error at the end of a line cut short in a string
            throw fail(
              offset === undefined || offset >= text.length
                ? 'the line ends inside the record: is the file cut short?'
                : withoutPosition(message),
              offset === undefined ? undefined : indent + offset + 1,
            );
          }
          refuseInfiniteNumbers(
            file,
            record,
            raw,
            { line: lineNumber, prefix: [section, current.length] },
            () => record,
          );
          current.push(sharingSection ? sharing.share(record) : record);
          records++;
        }
      }
    }
  } catch (err) {
    if (!(err instanceof LineTooLong)) throw err;
    lineNumber++;
    throw fail(`longer than ${Math.round(maxLineBytes / 2 ** 20)} MB without a line break`);
  }
  if (!closed) throw fail('the file ends before its closing }: is it cut short?');
  return sections;
}
