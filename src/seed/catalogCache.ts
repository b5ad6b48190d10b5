// Large generated catalogs kept on disk as indexed seed files, by dataset, count and generator: such a
// catalog is generated once, and later starts read it through its index (docs/performance.md,
// "Generated catalogs cached").
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Generated seeds of this many products and more are cached: smaller ones generate in seconds. */
export const CACHE_FROM = 50_000;

/**
 * The folder of the cache, or undefined when caching is off: PRODUCT_CATALOG_MOCK_CACHE names a
 * folder, or is `off`; else the user's cache folder (XDG_CACHE_HOME, or ~/.cache).
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const chosen = env.PRODUCT_CATALOG_MOCK_CACHE;
  if (chosen === 'off') return undefined;
  if (chosen) return chosen;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'product-catalog-mock');
}

let fingerprint: Promise<string> | undefined;

/**
 * What a generated catalog follows from beside its dataset and count: the code of this folder (the
 * generator and the file format), the dataset definitions of seeds/ and faker's version. Any change to either is another
 * catalog, without a version number to remember to raise.
 */
function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const folder = dirname(fileURLToPath(import.meta.url));
    const hash = createHash('sha256');
    // The generator's folder, and the dataset definitions of seeds/ (two levels up, in src/ and dist/ alike).
    for (const from of [folder, join(folder, '..', '..', 'seeds')]) {
      const files = (await readdir(from, { recursive: true })).filter((f) => /\.(js|ts)$/.test(f)).sort();
      for (const file of files) {
        hash.update(relative(folder, join(from, file)) + '\n');
        hash.update(await readFile(join(from, file)));
      }
    }
    const faker = createRequire(import.meta.url)('@faker-js/faker/package.json') as { version: string };
    hash.update(faker.version);
    return hash.digest('hex').slice(0, 16);
  })();
  return fingerprint;
}

/** Where the catalog of `count` products of `dataset` is cached, or undefined when caching is off. */
export async function cachedCatalogFile(
  dataset: string,
  count: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const folder = cacheFolder(env);
  if (folder === undefined) return undefined;
  return join(folder, `${dataset}-${count}-${await generatorFingerprint()}.json`);
}

/**
 * Removes the files of the same dataset and count made by other versions of the generator, beside
 * `file`: each is as large as the catalog, and no version but this one reads them. A server of another
 * version reading one keeps it open, and reads on.
 */
export async function removeOtherVersions(file: string): Promise<void> {
  const own = basename(file);
  const prefix = own.replace(/[0-9a-f]{16}\.json$/, '');
  const folder = dirname(file);
  const names = await readdir(folder).catch(() => []);
  const others = names.filter(
    (name) =>
      name.startsWith(prefix) &&
      /^[0-9a-f]{16}\.json(\.index)?$/.test(name.slice(prefix.length)) &&
      !name.startsWith(own),
  );
  await Promise.all(others.map((name) => rm(join(folder, name), { force: true })));
}
