import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, client, makeApp } from '../helpers.js';

describe('--data FILE (behaviour.md section 12)', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-data-'));
    file = join(dir, 'catalog.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('has a write in the file when the 2xx answer arrives, and a new server reads it back', async () => {
    const c = client(await makeApp({ data: file }));
    const res = await c.post(`${BASE}/product-types`, { data: [{ productTypeId: 'shoes', isRoot: true }] });
    expect(res.status).toBe(200);
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { scopes: Record<string, unknown> };
    expect(onDisk.scopes['eu/acme/dev']).toMatchObject({
      productTypes: { shoes: { productTypeId: 'shoes' } },
    });

    const restarted = client(await makeApp({ data: file }));
    expect((await restarted.get(`${BASE}/product-types/shoes`)).body.data).toEqual({
      productTypeId: 'shoes',
      isRoot: true,
    });
  });

  it('leaves no temporary file behind and keeps valid JSON after many concurrent writes', async () => {
    const c = client(await makeApp({ data: file }));
    const writes = Array.from({ length: 20 }, (_, i) =>
      c.post(`${BASE}/product-types`, { data: [{ productTypeId: `t${i}` }] }),
    );
    expect((await Promise.all(writes)).every((r) => r.status === 200)).toBe(true);
    expect(await readdir(dir)).toEqual(['catalog.json']);
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as {
      scopes: Record<string, { productTypes: object }>;
    };
    expect(Object.keys(onDisk.scopes['eu/acme/dev']?.productTypes ?? {})).toHaveLength(20);
  });

  it('reset empties the file back to the seed state', async () => {
    const c = client(await makeApp({ data: file }));
    await c.post(`${BASE}/product-types`, { data: [{ productTypeId: 'gone' }] });
    await c.raw.post('/__admin/reset');
    const onDisk = JSON.parse(await readFile(file, 'utf8')) as { scopes: object };
    expect(onDisk.scopes).toEqual({});
    expect((await client(await makeApp({ data: file })).get(`${BASE}/product-types`)).body.data).toEqual([]);
  });
});

describe('Store.commit', () => {
  it('serialises the store once per write however many commits arrive while one is in flight', async () => {
    const { Store } = await import('../../src/store/store.js');
    const dir = await mkdtemp(join(tmpdir(), 'pcm-commit-'));
    const store = await Store.open({ file: join(dir, 'c.json') });
    const stringify = JSON.stringify;
    let serialised = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      if ((args[0] as { scopes?: unknown })?.scopes) serialised++;
      return stringify(...args);
    }) as typeof stringify;
    try {
      const scope = store.scope({ region: 'eu', tenantId: 't', environment: 'e' });
      const wave = (from: number) =>
        Array.from({ length: 5 }, (_, i) => {
          scope.putProductTypes([{ productTypeId: `t${from + i}` }]);
          return store.commit();
        });
      const first = wave(0);
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([...first, ...wave(5)]);
    } finally {
      JSON.stringify = stringify;
    }
    // commits of one tick share a write; those arriving while it runs share the next one
    expect(serialised).toBe(2);
    const onDisk = JSON.parse(await readFile(join(dir, 'c.json'), 'utf8')) as {
      scopes: Record<string, { productTypes: object }>;
    };
    expect(Object.keys(onDisk.scopes['eu/t/e']?.productTypes ?? {})).toHaveLength(10);
    await rm(dir, { recursive: true, force: true });
  });
});
