// Keys out of sight of `ps`: from a file and from an environment variable, besides --api-key
// (docs/security.md, "Keys").
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { API_KEYS_VARIABLE, gatherApiKeys } from '../../src/cli/terminal/apiKeySources.js';
import { makeApp } from '../helpers.js';

describe('keys of strict mode', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'api-keys-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('come from --api-key, a file of one per line and PRODUCT_CATALOG_MOCK_API_KEYS, tenant bindings too', async () => {
    const file = join(dir, 'keys');
    await writeFile(file, '\uFEFF# team keys\nfile-key\r\n\n  bound-key = acme , beta  \n');
    const keys = await gatherApiKeys(['cli-key'], file, { [API_KEYS_VARIABLE]: ' env-key\nenv-bound=acme ' });
    expect(keys).toEqual(['cli-key', 'file-key', 'bound-key = acme , beta', 'env-key', 'env-bound=acme']);
    // The server takes them as it takes --api-key.
    const app = await makeApp({ apiKeys: keys });
    expect((await request(app).get('/acme/dev/products').set('x-api-key', 'file-key')).status).toBe(200);
    expect((await request(app).get('/beta/dev/products').set('x-api-key', 'bound-key')).status).toBe(200);
    expect((await request(app).get('/other/dev/products').set('x-api-key', 'bound-key')).status).toBe(403);
    expect((await request(app).get('/acme/dev/products').set('x-api-key', 'env-key')).status).toBe(200);
    expect((await request(app).get('/acme/dev/products').set('x-api-key', 'nope')).status).toBe(401);
    expect(await gatherApiKeys([], undefined, {})).toEqual([]);
  });

  it('refuse a file line that is no key by its number, never its text, and a file that cannot be read', async () => {
    const file = join(dir, 'bad');
    await writeFile(file, 'good\nsecret-with-typo=\n');
    await expect(gatherApiKeys([], file, {})).rejects.toThrow(`--api-key-file ${file} line 2 is not a key`);
    await expect(gatherApiKeys([], file, {})).rejects.not.toThrow(/secret-with-typo/);
    await expect(gatherApiKeys([], join(dir, 'missing'), {})).rejects.toThrow(/cannot be read \(ENOENT\)/);
    await expect(gatherApiKeys([], undefined, { [API_KEYS_VARIABLE]: 'ok =x' })).rejects.toThrow(
      `${API_KEYS_VARIABLE} holds a value that is not a key (word 2)`,
    );
  });
});
