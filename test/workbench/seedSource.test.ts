// The seed as served: a seed generated for the server's origin is served as it is; any other is rebased.
import { mkdtemp, rm } from 'node:fs/promises';
import type { CatalogProduct } from '../../src/domain/types.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { startServer } from '../../src/server.js';
import { loadSeedFile, resolveSeed } from '../../src/seed/resolve.js';
import { writeDatasetFile } from '../../src/seed/file.js';
import { SeedSource } from '../../src/workbench/seedSource.js';

const ORIGIN = 'http://127.0.0.1:5173';
const logos = (products: readonly { brand?: { brandLogo?: string }[] }[]) =>
  products.flatMap((p) => (p.brand ?? []).map((b) => b.brandLogo));

describe('SeedSource.bindOrigin', () => {
  it('keeps a seed generated for that origin, records and all', async () => {
    const seed = await resolveSeed('demo', { mediaOrigin: ORIGIN });
    const source = new SeedSource(seed, undefined, ORIGIN);
    expect(source.bindOrigin(ORIGIN)).toBe(seed);
    expect(source.current.products[0]).toBe(seed.products[0]);
  });

  it('rebases a seed on the placeholder origin onto the server', async () => {
    const seed = await resolveSeed('demo');
    const source = new SeedSource(seed);
    const bound = source.bindOrigin(ORIGIN);
    expect(bound).not.toBe(seed);
    expect(logos(bound.products).every((url) => url?.startsWith(`${ORIGIN}/__media/`))).toBe(true);
  });
});

describe('a seed file', () => {
  it('is read with its demo media on the server, at start and on reload', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-source-'));
    try {
      const file = join(dir, 'seed.json');
      const written = await resolveSeed('electronics');
      await writeDatasetFile(written, file);
      expect(logos(written.products).length).toBeGreaterThan(0);
      expect(logos(written.products).every((url) => url?.startsWith('http://localhost:4010/__media/'))).toBe(
        true,
      );
      const seed = await loadSeedFile(file, ORIGIN);
      expect(logos(seed.products).every((url) => url?.startsWith(`${ORIGIN}/__media/`))).toBe(true);
      const source = new SeedSource(seed, file, ORIGIN);
      expect(source.bindOrigin(ORIGIN)).toBe(seed);
      const reloaded = await source.reload();
      expect(reloaded).not.toBe(seed);
      expect(JSON.stringify(reloaded)).toBe(JSON.stringify(seed));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('draws demo media from the products of the file as reloaded, not as first read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'seed-source-'));
    try {
      const file = join(dir, 'seed.json');
      const named = (name: string) => ({
        products: [
          {
            productGroupId: 'P1',
            productName: [{ isoLanguageId: 'en', productName: name }],
          } as CatalogProduct,
        ],
        productTypes: [],
      });
      await writeDatasetFile(named('Old boot'), file);
      const source = new SeedSource(await loadSeedFile(file, ORIGIN), file, ORIGIN);
      expect(source.product('P1')?.productName?.[0]?.productName).toBe('Old boot');
      await writeDatasetFile(named('New boot'), file);
      await source.reload();
      expect(source.product('P1')?.productName?.[0]?.productName).toBe('New boot');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('given alone to createApp or startServer, is served from the start, as --seed FILE is', async () => {
    // Without a seed beside it, seedFile was only read by the first reset: an empty catalog until then.
    const dir = await mkdtemp(join(tmpdir(), 'seed-source-'));
    try {
      const file = join(dir, 'seed.json');
      await writeDatasetFile(await resolveSeed('electronics'), file);
      const expected = (await loadSeedFile(file)).productTypes.map((t) => t.productTypeId).sort();
      expect(expected.length).toBeGreaterThan(0);

      const app = await createApp({ seedFile: file });
      const types = await request(app).get('/acme/dev/product-types').set('x-api-key', 'k');
      expect((types.body.data as { productTypeId: string }[]).map((t) => t.productTypeId).sort()).toEqual(
        expected,
      );
      expect((await request(app).get('/__admin/health')).body.data.seed).toBe(file);

      // Served, its demo media name the server's origin, as a --seed FILE's do.
      const server = await startServer({ port: 0, seedFile: file });
      try {
        const res = await fetch(`${server.url}/acme/dev/products?limit=5`, { headers: { 'x-api-key': 'k' } });
        const { list } = ((await res.json()) as { data: { list: CatalogProduct[] } }).data;
        expect(list.length).toBeGreaterThan(0);
        const served = logos(list);
        expect(served.length).toBeGreaterThan(0);
        expect(served.every((url) => url?.startsWith(`${server.url}/__media/`))).toBe(true);
      } finally {
        await server.close();
      }

      // A file that does not load is refused as the mock starts, in the words of --seed FILE.
      await expect(createApp({ seedFile: join(dir, 'missing.json') })).rejects.toThrow(
        `Seed file "${join(dir, 'missing.json')}" does not exist`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
