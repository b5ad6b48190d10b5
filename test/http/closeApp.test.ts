// createApp with `data`, as a test suite uses it (docs/api.md, "Use inside a test suite"): its file is
// held until closeApp, and only then may another mock open it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeApp, createApp } from '../../src/index.js';

describe('closeApp', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'close-app-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("lets go of an app's --data file, so that the next app on it opens and serves what was written", async () => {
    const data = join(dir, 'catalog.json');
    const first = await createApp({ data });
    const pushed = await request(first)
      .post('/acme/dev/products-push')
      .set('x-api-key', 'dev')
      .send({ data: [{ productGroupId: 'kept', productType: ['hats'] }] });
    expect(pushed.status).toBe(200);
    await expect(createApp({ data })).rejects.toThrow(/already open in this process/);
    await closeApp(first);
    const second = await createApp({ data });
    try {
      const read = await request(second).get('/acme/dev/products/kept').set('x-api-key', 'dev');
      expect([read.status, read.body.data.productGroupId]).toEqual([200, 'kept']);
    } finally {
      await closeApp(second);
    }
  });

  it('closes an app without a data file, which holds none', async () => {
    await expect(closeApp(await createApp())).resolves.toBeUndefined();
  });

  it('refuses a data option that names no file, which kept the data in memory without a word', async () => {
    // As --data "" is refused: createApp({ data: process.env.DATA_FILE }) with the variable set empty.
    for (const data of ['', '  ']) {
      await expect(createApp({ data }), JSON.stringify(data)).rejects.toThrow(
        'data names no file: give the file to keep the data in, or leave data out to keep it in memory',
      );
    }
  });

  it('refuses a compactAfterMb without data, or one that is not a positive number of MB', async () => {
    // Taken, the first was ignored without a word, and NaN never compacted the journal.
    await expect(createApp({ compactAfterMb: 8 })).rejects.toThrow(
      'compactAfterMb sizes the journal of a data file: give data with it',
    );
    const data = join(dir, 'catalog.json');
    for (const compactAfterMb of [0, -1, Number.NaN, 'sixty']) {
      await expect(createApp({ data, compactAfterMb: compactAfterMb as number })).rejects.toThrow(
        `compactAfterMb must be a positive number of MB, not ${String(compactAfterMb)}`,
      );
    }
    await closeApp(await createApp({ data, compactAfterMb: 0.5 }));
  });

  it('leaves the --data file alone when it refuses its options, so that the corrected call opens it', async () => {
    // No app came back to close: a file held by the refused call stayed "already open" for good.
    const data = join(dir, 'catalog.json');
    const refused = [
      { apiKeys: ['k='] },
      { apiKeys: ['partner=acme/dev'] },
      { latency: { minMs: 800, maxMs: 100 } },
      { seed: { products: [{ productGroupId: 7 }], productTypes: [] } },
      { bodyLimit: 'five megabytes' },
    ];
    for (const options of refused) {
      await expect(createApp({ data, ...(options as object) }), JSON.stringify(options)).rejects.toThrow();
    }
    const corrected = await createApp({ data, apiKeys: ['partner=acme'] });
    await closeApp(corrected);
  });
});
