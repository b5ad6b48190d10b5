// Dataset files: `{ "productTypes": [...], "products": [...] }`, one record per line so that
// large files stream out without building one huge string, and diff well.
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { SeedData } from '../store/store.js';

export async function writeDatasetFile(data: SeedData, file: string): Promise<void> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const failed = once(out, 'error').then(([err]) => Promise.reject(err as Error));
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
  };
  const section = async (name: string, records: readonly object[], last: boolean) => {
    await write(`"${name}": [\n`);
    for (let i = 0; i < records.length; i++) {
      await write(JSON.stringify(records[i]) + (i < records.length - 1 ? ',\n' : '\n'));
    }
    await write(last ? ']\n' : '],\n');
  };
  await write('{\n');
  await section('productTypes', data.productTypes, false);
  await section('products', data.products, true);
  await write('}\n');
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
}

/** Files up to this size are parsed as one JSON document; larger ones would not fit in one string. */
export const WHOLE_FILE_LIMIT = 256 * 1024 * 1024;

/**
 * The parsed content of a dataset file. A file above WHOLE_FILE_LIMIT must have the layout
 * writeDatasetFile produces (one record per line); it is read line by line.
 * Errors carry Node's code (ENOENT) or a message naming the file.
 */
export async function readDatasetFile(file: string, wholeFileLimit = WHOLE_FILE_LIMIT): Promise<unknown> {
  const { size } = await stat(file);
  if (size <= wholeFileLimit) {
    const text = await readFile(file, 'utf8');
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new Error(`Seed file "${file}" is not valid JSON: ${(err as Error).message}`);
    }
  }
  return readRecordPerLine(file, wholeFileLimit);
}

async function readRecordPerLine(file: string, limit: number): Promise<unknown> {
  const sections: Record<string, unknown[]> = {};
  let current: unknown[] | undefined;
  let lineNumber = 0;
  const fail = (why: string) =>
    new Error(
      `Seed file "${file}" is over ${Math.round(limit / 2 ** 20)} MB, so it must have the layout the seed command ` +
        `writes (one record per line); line ${lineNumber}: ${why}`,
    );
  for await (const raw of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    lineNumber++;
    const line = raw.trim();
    const opening = /^"(products|productTypes)": \[$/.exec(line);
    if (line === '{' || line === '}' || line === '') continue;
    if (opening) sections[opening[1]!] = current = [];
    else if (line === ']' || line === '],') current = undefined;
    else if (!current) throw fail('expected "products": [ or "productTypes": [');
    else {
      try {
        current.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line));
      } catch (err) {
        throw fail((err as Error).message);
      }
    }
  }
  return sections;
}
