// A seed file's index (src/seed/seedIndex.ts) and the products read through it (lazyProducts.ts).
import { appendFile, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/seed/index.js';
import { writeDatasetFile } from '../../src/seed/file.js';
import { INDEX_SUFFIX, readSeedIndex } from '../../src/seed/seedIndex.js';
import { loadSeedFile } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';

const ORIGIN = 'http://127.0.0.1:4999';
let dir: string;
let data: SeedData;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-seed-index-'));
  data = generateDataset('demo', { count: 120 });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function indexedFile(name: string): Promise<string> {
  const file = join(dir, name);
  await writeDatasetFile(data, file, { index: true });
  return file;
}

/** The same seed read whole: what every product read through the index must equal. */
async function wholeCopy(file: string): Promise<SeedData> {
  const copy = file + '.whole.json';
  await writeFile(copy, await readFile(file));
  return loadSeedFile(copy, ORIGIN);
}

describe('the index beside a seed file', () => {
  it('is used only for the file as it was written', async () => {
    const file = await indexedFile('kept.json');
    expect(await readSeedIndex(file)).toBeDefined();
    // Touched: the same bytes, but nothing says so without reading them all.
    await utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await readSeedIndex(file)).toBeUndefined();
    expect((await loadSeedFile(file)).readRest).toBeUndefined();

    const grown = await indexedFile('grown.json');
    await appendFile(grown, '\n');
    expect(await readSeedIndex(grown)).toBeUndefined();
  });

  it('is not used when it is not one: cut short, or another format', async () => {
    const file = await indexedFile('broken.json');
    const index = await readFile(file + INDEX_SUFFIX);
    await writeFile(file + INDEX_SUFFIX, index.subarray(0, index.length - 100));
    expect(await readSeedIndex(file)).toBeUndefined();
    await writeFile(file + INDEX_SUFFIX, '{"format":"something else"}\n');
    expect(await readSeedIndex(file)).toBeUndefined();
    expect((await loadSeedFile(file)).products).toHaveLength(data.products.length);
  });

  it('is not written for products whose productGroupId does not come first', async () => {
    const file = join(dir, 'reordered.json');
    const [first, ...rest] = data.products;
    const { productGroupId, ...fields } = first!;
    await writeDatasetFile({ ...data, products: [{ ...fields, productGroupId }, ...rest] }, file, {
      index: true,
    });
    await expect(readFile(file + INDEX_SUFFIX)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await loadSeedFile(file)).products).toHaveLength(data.products.length);
  });

  it('is removed when the file is written again without one', async () => {
    const file = await indexedFile('rewritten.json');
    await writeDatasetFile(data, file);
    await expect(readFile(file + INDEX_SUFFIX)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('products read through the index', () => {
  it('are the records the file holds, as every kind of reader sees them', async () => {
    const file = await indexedFile('same.json');
    const lazy = await loadSeedFile(file, ORIGIN);
    const plain = await wholeCopy(file);
    expect(lazy.readRest).toBeDefined();
    expect(lazy.productTypes).toEqual(plain.productTypes);
    expect(lazy.products).toHaveLength(plain.products.length);
    lazy.products.forEach((product, i) => {
      const expected = plain.products[i]!;
      expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
      expect(Object.keys(product)).toEqual(Object.keys(expected));
      expect({ ...product }).toEqual(expected);
      expect(structuredClone(product)).toEqual(expected);
      for (const key of Object.keys(expected)) expect(Object.hasOwn(product, key)).toBe(true);
      // The same value on every read: caches key on the values' identity.
      expect(product.variants).toBe(product.variants);
    });
    // Media moved to the server's origin, and equal values shared between products, as read whole.
    expect(JSON.stringify(lazy.products)).toContain(ORIGIN);
    const brandOf = (p: SeedData['products'][number]) => JSON.stringify(p.brand);
    const [first, second] = lazy.products.filter((p) => brandOf(p) === brandOf(lazy.products[0]!));
    expect(second).toBeDefined();
    expect(second?.brand).toBe(first?.brand);
  });

  it('are read as well once frozen, as the store freezes records while its invariant is checked', async () => {
    const file = await indexedFile('frozen.json');
    const lazy = await loadSeedFile(file, ORIGIN);
    // Frozen before its record was read: the read must not need to write to the product.
    const product = Object.freeze(lazy.products[3]!);
    expect(JSON.stringify(product)).toBe(JSON.stringify((await wholeCopy(file)).products[3]));
  });

  it('are all read in the background once asked, and then need the file no more', async () => {
    const file = await indexedFile('background.json');
    const lazy = await loadSeedFile(file, ORIGIN);
    let read = false;
    lazy.readRest?.(() => (read = true));
    // A slice of products per turn of the event loop, after a timer: a few turns are plenty for these.
    for (let i = 0; i < 10; i++) await sleep(5);
    // Emptied in place (the file stays open until every product is read): nothing is left to read.
    await writeFile(file, '');
    expect(read).toBe(true);
    expect(JSON.stringify(lazy.products)).toBe(JSON.stringify((await loadSeedFileFrom(data)).products));
  });

  it('say so, naming the file, when it changed under them', async () => {
    const file = await indexedFile('changed.json');
    const lazy = await loadSeedFile(file, ORIGIN);
    const text = await readFile(file, 'utf8');
    const id = lazy.products[49]!.productGroupId;
    // The same size, and one product's id changed: what an edit in place could leave.
    await writeFile(file, text.replace(`"productGroupId":"${id}"`, `"productGroupId":"${id.slice(0, -1)}X"`));
    // A 503 naming the file and what to do (src/pipeline/answers.ts), not a 500.
    expect(() => lazy.products[49]!.productName).toThrow(
      expect.objectContaining({
        kind: 'storage-unavailable',
        message: expect.stringMatching(/changed\.json" changed while it was served.*restart/),
      }),
    );
  });
});

/** The seed as the index gives it, read whole and moved to ORIGIN: from a file of its own. */
async function loadSeedFileFrom(seed: SeedData): Promise<SeedData> {
  const file = join(dir, 'expected.json');
  await writeDatasetFile(seed, file);
  return loadSeedFile(file, ORIGIN);
}
