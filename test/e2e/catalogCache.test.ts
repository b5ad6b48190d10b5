// A start that generated a large seed leaves a process writing it to the cache of generated catalogs
// (src/cli/serve/catalogCacheWriter.ts): the built command line, as a start runs it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { readSeedIndex } from '../../src/seed/seedIndex.js';
import { loadSeedFile, resolveSeed } from '../../src/seed/resolve.js';

type CacheWriter = typeof import('../../src/cli/serve/catalogCacheWriter.js');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-cache-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the cache writer a start leaves', () => {
  it('writes the catalog and its index, which then reads as the generated catalog', async () => {
    const built = join(packageRoot, 'dist', 'src', 'cli', 'serve', 'catalogCacheWriter.js');
    const { cacheFolderMade, writeCatalogCache } = (await import(built)) as CacheWriter;
    const file = join(dir, 'folder', 'demo-300.json');
    expect(await cacheFolderMade(file)).toBe(true);
    await writeCatalogCache('300', file);
    // Written whole, then indexed: the index is the last thing it writes.
    let index = await readSeedIndex(file);
    for (let i = 0; i < 600 && !index; i++) {
      await sleep(100);
      index = await readSeedIndex(file);
    }
    expect(index?.productGroupIds).toHaveLength(300);
    const read = await loadSeedFile(file);
    expect(JSON.stringify(read.products)).toBe(JSON.stringify((await resolveSeed('300')).products));
  }, 90_000);
});
