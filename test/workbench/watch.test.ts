// --watch with --seed FILE, and POST /__admin/reset reading the file again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/seed/resolve.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { createLogger } from '../../src/workbench/logger.js';

const product = (id: string) => ({
  productGroupId: id,
  productName: [{ isoLanguageId: 'en-US', productName: id }],
});
const seedText = (...ids: string[]) => JSON.stringify({ products: ids.map(product), productTypes: [] });

let dir: string | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = dir = undefined;
});

async function serve(watch: boolean) {
  dir = await mkdtemp(join(tmpdir(), 'catalog-watch-'));
  const file = join(dir, 'seed.json');
  await writeFile(file, seedText('first'));
  const notices: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      notices.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { msg: string }).msg),
      );
      done();
    },
  });
  server = await startServer({
    port: 0,
    seed: await loadSeedFile(file),
    seedFile: file,
    watch,
    logger: createLogger({ format: 'json', destination }),
    logRequests: false,
  });
  const url = server.url;
  const ids = async (): Promise<string[]> => {
    const res = await fetch(`${url}/acme/dev/products`, { headers: { 'x-api-key': 'k' } });
    return ((await res.json()) as { data: { list: { productGroupId: string }[] } }).data.list.map(
      (p) => p.productGroupId,
    );
  };
  const reset = () => fetch(`${url}/__admin/reset`, { method: 'POST' });
  return { file, notices, ids, reset };
}

/** Polls until check passes (the file is polled every 250 ms). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(50);
  }
}

describe('--watch', () => {
  it('makes a valid edit of the seed file the seed of every scope, and reports an invalid one', async () => {
    const { file, notices, ids } = await serve(true);
    // A scope changed through the API starts over from the new seed.
    await fetch(`${server!.url}/acme/dev/products-push`, {
      method: 'POST',
      headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
      body: JSON.stringify({ data: [product('pushed')] }),
    });
    expect((await ids()).sort()).toEqual(['first', 'pushed']);

    await writeFile(file, seedText('second', 'third'));
    await eventually(async () => (await ids()).join() === 'second,third');
    expect(notices.at(-1)).toMatch(
      /seed .*seed\.json changed: 2 products, 0 product types; every scope starts over/,
    );

    await writeFile(file, seedText('alone'));
    await eventually(async () => (await ids()).join() === 'alone');
    expect(notices.at(-1)).toMatch(/changed: 1 product, 0 product types; every scope starts over/);

    await writeFile(file, '{ "products": [ { "productName": "no id" } ] }');
    await eventually(async () => notices.some((n) => n.includes('is not loaded')));
    expect(notices.at(-1)).toMatch(
      /changed but is not loaded, the previous seed stays: Seed file .*products\[0\]/,
    );
    expect(await ids()).toEqual(['alone']);
  });
});

describe('POST /__admin/reset with --seed FILE', () => {
  it('reads the file again; an invalid file is a 422 and nothing is reset', async () => {
    const { file, ids, reset } = await serve(false);
    await writeFile(file, seedText('edited'));
    await sleep(400);
    expect(await ids()).toEqual(['first']);
    expect((await reset()).status).toBe(200);
    expect(await ids()).toEqual(['edited']);

    // A number beyond a double where the schema leaves the type open: JSON.parse reads it as Infinity.
    await writeFile(
      file,
      `{"products":[{"productGroupId":"huge","customProperties":[{"key":"k","value":1e400}]}]}`,
    );
    const huge = await reset();
    expect(huge.status).toBe(422);
    expect(((await huge.json()) as { message: string }).message).toMatch(
      /line 1 column 78: products\[0\] \(productGroupId "huge"\): customProperties\[0\]\.value is 1e400, .*the previous seed stays and nothing was reset/,
    );
    expect(await ids()).toEqual(['edited']);

    await writeFile(file, 'not json');
    const refused = await reset();
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /not valid JSON.*the previous seed stays and nothing was reset/,
    );
    expect(await ids()).toEqual(['edited']);
  });
});
