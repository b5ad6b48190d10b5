// The cache of generated catalogs (src/seed/catalogCache.ts): where a catalog goes, and a start that
// reads it instead of generating.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFolder, cachedCatalogFile, removeOtherVersions } from '../../src/seed/catalogCache.js';
import { resolveSeed, type ResolvedSeed } from '../../src/seed/resolve.js';
import { runSeedCommand } from '../../src/cli/seed/seedCommand.js';

const quiet = { isTTY: false, write: () => true } as unknown as NodeJS.WriteStream;
const ORIGIN = 'http://127.0.0.1:4998';
let dir: string;
const before = process.env.PRODUCT_CATALOG_MOCK_CACHE;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-cache-'));
  process.env.PRODUCT_CATALOG_MOCK_CACHE = dir;
});
afterAll(async () => {
  process.env.PRODUCT_CATALOG_MOCK_CACHE = before;
  await rm(dir, { recursive: true, force: true });
});

describe('the folder of the cache', () => {
  it('is the one named, none when turned off, else the user cache folder', () => {
    expect(cacheFolder({ PRODUCT_CATALOG_MOCK_CACHE: '/x/y' })).toBe('/x/y');
    expect(cacheFolder({ PRODUCT_CATALOG_MOCK_CACHE: 'off' })).toBeUndefined();
    expect(cacheFolder({ XDG_CACHE_HOME: '/c' })).toBe('/c/product-catalog-mock');
    expect(cacheFolder({})).toBe(join(homedir(), '.cache', 'product-catalog-mock'));
  });

  it('holds one file per dataset and count, named by the generator that makes it', async () => {
    const a = await cachedCatalogFile('demo', 100_000);
    expect(a).toMatch(new RegExp(`^${dir}/demo-100000-[0-9a-f]{16}\\.json$`));
    expect(await cachedCatalogFile('demo', 200_000)).not.toBe(a);
    expect(await cachedCatalogFile('demo', 100_000, { PRODUCT_CATALOG_MOCK_CACHE: 'off' })).toBeUndefined();
  });
});

describe('a generated seed large enough to be cached', () => {
  const data = ({ products, productTypes }: ResolvedSeed) => JSON.stringify({ products, productTypes });

  it('is generated and says where it is to be cached, then read from the cache once written', async () => {
    const generated = await resolveSeed('300', { cacheFrom: 300, mediaOrigin: ORIGIN });
    expect(generated.cacheTo).toBe(await cachedCatalogFile('demo', 300));
    expect(generated.cachedIn).toBeUndefined();

    // What the process a start leaves behind does (src/cli/serve/catalogCacheWriter.ts).
    await runSeedCommand({ seed: '300', out: generated.cacheTo!, stderr: quiet });
    const cached = await resolveSeed('300', { cacheFrom: 300, mediaOrigin: ORIGIN });
    expect(cached.cachedIn).toBe(generated.cacheTo);
    expect(cached.cacheTo).toBeUndefined();
    expect(cached.readRest).toBeDefined();
    expect(data(cached)).toBe(data(generated));
  });

  it('is neither read from nor written to the cache below the size given, nor without one', async () => {
    const small = await resolveSeed('299', { cacheFrom: 300 });
    expect(small.cacheTo).toBeUndefined();
    const uncached = await resolveSeed('300');
    expect(uncached.cacheTo).toBeUndefined();
    expect(uncached.cachedIn).toBeUndefined();
  });
});

describe('a new version of a cached catalog', () => {
  it('removes the files other versions of the generator made of the same catalog, and only those', async () => {
    const folder = join(dir, 'versions');
    await mkdir(folder);
    const own = 'demo-300-00000000000000aa.json';
    const names = [
      own,
      own + '.index',
      'demo-300-00000000000000bb.json',
      'demo-300-00000000000000bb.json.index',
      'demo-3000-00000000000000bb.json',
      'grocery-300-00000000000000bb.json',
      'demo-300-notes.json',
    ];
    for (const name of names) await writeFile(join(folder, name), '');
    await removeOtherVersions(join(folder, own));
    expect((await readdir(folder)).sort()).toEqual(
      [
        own,
        own + '.index',
        'demo-3000-00000000000000bb.json',
        'grocery-300-00000000000000bb.json',
        'demo-300-notes.json',
      ].sort(),
    );
  });
});
