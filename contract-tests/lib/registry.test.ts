import { describe, expect, it } from 'vitest';
import type { Api, Reply } from './api.js';
import { Registry } from './registry.js';
import { newRunPrefix } from './target.js';

/** Records the deletes cleanup sends; answers 200 like a deployment would. */
function recordingApi() {
  const deletes: { path: string; ids: string[] }[] = [];
  const api = {
    delete: async (path: string, body?: unknown) => {
      deletes.push({ path, ids: (body as { data: string[] }).data });
      return { status: 200, context: path } as Reply;
    },
  } as Api;
  return { api, deletes };
}

describe('the cleanup registry', () => {
  const prefix = `${newRunPrefix()}area-`;

  it('deletes every id it handed out, in batches of at most 100, and nothing else', async () => {
    const ids = new Registry(prefix, false);
    const products = Array.from({ length: 150 }, (_, i) => ids.product(`p${i}`));
    const type = ids.productType('t');
    ids.unknown('never-written');
    const { api, deletes } = recordingApi();
    await ids.cleanup(api);
    expect(deletes.map((d) => [d.path, d.ids.length])).toEqual([
      ['/products', 100],
      ['/products', 50],
      ['/product-types', 1],
    ]);
    expect(deletes.flatMap((d) => d.ids)).toEqual([...products, type]);
    expect(deletes.flatMap((d) => d.ids).every((id) => id.startsWith(prefix))).toBe(true);
  });

  it('sends nothing in read-only mode', async () => {
    const ids = new Registry(prefix, true);
    ids.product('p');
    const { api, deletes } = recordingApi();
    await ids.cleanup(api);
    expect(deletes).toEqual([]);
  });

  it('fails, naming the call, when a delete is refused', async () => {
    const ids = new Registry(prefix, false);
    ids.product('p');
    const api = {
      delete: async () => ({ status: 500, context: 'DELETE /products came back 500' }) as Reply,
    } as unknown as Api;
    await expect(ids.cleanup(api)).rejects.toThrow(/delete these by hand:\nDELETE \/products came back 500/);
  });

  it('refuses a prefix that is not a run prefix', () => {
    expect(() => new Registry('shop-', false)).toThrow(/not a run prefix/);
  });
});
