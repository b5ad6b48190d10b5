// The banner says what the server serves: a person who started it with another seed, no --data or
// strict keys than they meant sees it before their first empty list or 401.
import { describe, expect, it } from 'vitest';
import {
  announce,
  exampleRequest,
  exposureWarning,
  maskKey,
  servedLine,
  stoppedLine,
} from '../../src/cli/serve/listeningBanner.js';

const base = { seed: 'demo', region: 'eu', apiKey: [] as string[] };

describe('the banner of serve', () => {
  it('names the catalog a --seed value gives: a dataset, a generated count, a file, or none', () => {
    expect(servedLine(base)).toContain('serving: the demo dataset to every tenant and environment');
    expect(servedLine({ ...base, seed: 'grocery' })).toContain('serving: the grocery dataset ');
    expect(servedLine({ ...base, seed: '100000' })).toContain('serving: 100,000 generated demo products ');
    expect(servedLine({ ...base, seed: './catalog.json' })).toContain(
      'serving: the seed file ./catalog.json ',
    );
    expect(servedLine({ ...base, seed: 'none' })).toContain('serving: an empty catalog ');
  });

  it('says where writes are kept and which tokens are accepted', () => {
    expect(servedLine(base)).toBe(
      '  serving: the demo dataset to every tenant and environment (default region eu); ' +
        'writes kept in memory; any token accepted',
    );
    const strict = servedLine({
      ...base,
      region: 'us',
      apiKey: ['k1', 'k2=acme'],
      data: 'data/catalog.json',
      publicReads: true,
    });
    expect(strict).toContain('(default region us)');
    expect(strict).toContain('; writes kept in data/catalog.json;');
    expect(strict).toMatch(/; only its 2 keys accepted, reads without one$/);
    expect(servedLine({ ...base, apiKey: ['k1'] })).toMatch(/; only its key accepted$/);
    expect(servedLine({ ...base, region: 'US' })).toContain('(default region us)');
  });

  it('prints it between where the server listens and the request to try, in one write', () => {
    const writes: string[] = [];
    announce('http://127.0.0.1:4010', { ...base, apiKey: ['k1=shop1'] }, (line) => writes.push(line));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split('\n')).toEqual([
      'product-catalog-mock listening on http://127.0.0.1:4010',
      servedLine({ ...base, apiKey: ['k1=shop1'] }),
      "  try: curl -H 'x-api-key: <key ****>' http://127.0.0.1:4010/shop1/dev/products",
      '  dashboard: http://127.0.0.1:4010/__admin/ui',
      '  API reference: http://127.0.0.1:4010/docs',
    ]);
  });

  it('tries a key and tenant as the server reads them, the key masked', () => {
    const url = 'http://127.0.0.1:4010';
    expect(exampleRequest(url, [])).toBe(`curl -H 'x-api-key: dev' ${url}/acme/dev/products`);
    expect(exampleRequest(url, [' k1 '])).toBe(`curl -H 'x-api-key: <key ****>' ${url}/acme/dev/products`);
    expect(exampleRequest(url, [' k1 = shop1 , shop2', 'k2'])).toBe(
      `curl -H 'x-api-key: <key ****>' ${url}/shop1/dev/products`,
    );
  });

  // The banner printed the first --api-key whole: it lands in terminals, CI logs and screen shares.
  it('never prints a key, whichever its length', () => {
    const keys = ['s3cr3t-team-key-0001=acme', 'short', 'other-long-secret-key'];
    const writes: string[] = [];
    announce('http://127.0.0.1:4010', { ...base, apiKey: keys }, (line) => writes.push(line));
    for (const key of ['s3cr3t-team-key-0001', 'short', 'other-long-secret-key', 'cr3t', 'hort']) {
      expect(writes.join('\n')).not.toContain(key);
    }
    expect(writes.join('\n')).toContain("x-api-key: <key s3****>' http://127.0.0.1:4010/acme/dev/products");
    expect(maskKey('abcdefghijkl')).toBe('ab****');
    expect(maskKey('abcdefghijk')).toBe('****');
  });

  it('warns when it listens beyond this machine and accepts any token', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'mock.lan']) {
      expect(exposureWarning({ host, apiKey: [] })).toContain(
        `warning: listening on ${host}, beyond this machine`,
      );
    }
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(exposureWarning({ host, apiKey: [] })).toBeUndefined();
    }
    expect(exposureWarning({ host: '0.0.0.0', apiKey: ['k'] })).toBeUndefined();
    const writes: string[] = [];
    announce('http://0.0.0.0:4010', { ...base, host: '0.0.0.0' }, (line) => writes.push(line));
    expect(writes[0]?.split('\n').at(-1)).toContain('--api-key-file');
  });

  it('says on stopping what became of the writes: gone from memory, or in the --data file', () => {
    expect(stoppedLine({})).toBe('product-catalog-mock stopped; the writes it kept in memory are gone');
    expect(stoppedLine({ data: 'data/catalog.json' })).toBe(
      'product-catalog-mock stopped; every write it answered is on disk (data/catalog.json.journal-*, and data/catalog.json once compacted): --data data/catalog.json serves them again',
    );
  });
});
