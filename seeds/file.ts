// Dataset files: `{ "productTypes": [...], "products": [...] }`, one record per line so that
// large files stream out without building one huge string, and diff well.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { SeedData } from '../src/store/store.js';

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
