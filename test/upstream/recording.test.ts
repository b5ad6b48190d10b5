// `--upstream-record` (docs/upstream.md, "Recording a session"): what was fetched, as a seed file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionRecording } from '../../src/upstream/recording.js';
import { loadSeedFile, resolveSeed } from '../../src/seed/resolve.js';
import type { SeedData } from '../../src/domain/types.js';

describe('a session recording', () => {
  let dir: string;
  let seed: SeedData;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upstream-recording-'));
    seed = await resolveSeed('demo');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes the latest of what it was given as a seed file that loads', async () => {
    const file = join(dir, 'plain.json');
    const recording = new SessionRecording({ file });
    recording.update({ products: seed.products.slice(0, 1), productTypes: [] });
    recording.update({ products: seed.products.slice(0, 3), productTypes: seed.productTypes.slice(0, 2) });
    await recording.flush();
    const loaded = await loadSeedFile(file);
    expect(loaded.products.map((p) => p.productGroupId)).toEqual(
      seed.products.slice(0, 3).map((p) => p.productGroupId),
    );
    expect(loaded.productTypes).toHaveLength(2);
  });

  it('anonymizes as record --anonymize does: ids kept, names replaced', async () => {
    const file = join(dir, 'anonymized.json');
    const recording = new SessionRecording({ file, anonymize: true });
    recording.update({ products: seed.products.slice(0, 2), productTypes: [] });
    await recording.flush();
    const loaded = await loadSeedFile(file);
    expect(loaded.products.map((p) => p.productGroupId)).toEqual(
      seed.products.slice(0, 2).map((p) => p.productGroupId),
    );
    expect(JSON.stringify(loaded.products[0]!.productName)).not.toBe(
      JSON.stringify(seed.products[0]!.productName),
    );
  });
});
