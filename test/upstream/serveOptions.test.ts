// What `serve --upstream` takes from the command line and the environment (docs/upstream.md, "Options").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  UPSTREAM_KEY_VARIABLE,
  upstreamLine,
  upstreamOptionsOf,
} from '../../src/cli/serve/upstreamOptions.js';
import { checkUpstreamUrl, scopePrefixOf } from '../../src/upstream/upstream.js';
import { checkUpstreamStartOptions } from '../../src/startOptions.js';

const KEY = 'options-key-19ac';

describe('upstream serve options', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'upstream-options-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the key from its file, trimmed, and else from the environment', async () => {
    const file = join(dir, 'key');
    await writeFile(file, `  ${KEY}\n`);
    const fromFile = await upstreamOptionsOf(
      { upstream: 'http://127.0.0.1:1', upstreamApiKeyFile: file },
      {},
    );
    expect(fromFile?.apiKey).toBe(KEY);
    // read as every key file of the mock is: comment and blank lines skipped
    const commented = join(dir, 'commented');
    await writeFile(commented, `# staging\n\n${KEY}\n`);
    const fromCommented = await upstreamOptionsOf(
      { upstream: 'http://127.0.0.1:1', upstreamApiKeyFile: commented },
      {},
    );
    expect(fromCommented?.apiKey).toBe(KEY);
    const fromEnv = await upstreamOptionsOf(
      { upstream: 'http://127.0.0.1:1' },
      { [UPSTREAM_KEY_VARIABLE]: KEY },
    );
    expect(fromEnv?.apiKey).toBe(KEY);
    expect((await upstreamOptionsOf({ upstream: 'http://127.0.0.1:1' }, {}))?.apiKey).toBeUndefined();
  });

  it('refuses a key file that cannot be read or holds more than one word, naming the file, not its text', async () => {
    await expect(
      upstreamOptionsOf({ upstream: 'http://127.0.0.1:1', upstreamApiKeyFile: join(dir, 'absent') }, {}),
    ).rejects.toThrow(/cannot be read \(ENOENT\)/);
    const two = join(dir, 'two');
    await writeFile(two, `${KEY} second-word`);
    const refusal = upstreamOptionsOf({ upstream: 'http://127.0.0.1:1', upstreamApiKeyFile: two }, {});
    await expect(refusal).rejects.toThrow(/^--upstream-api-key-file .* must hold one key on one line/);
    await expect(refusal).rejects.not.toThrow(new RegExp(KEY));
  });

  it('refuses its options without --upstream, and an upstream URL that holds credentials or a query', async () => {
    expect(() => checkUpstreamStartOptions({ timeoutMs: 5 }, 'cli')).toThrow(
      '--upstream-timeout needs --upstream URL',
    );
    expect(() => checkUpstreamStartOptions({ url: 'http://127.0.0.1:1', anonymize: true })).toThrow(
      'upstream.anonymize applies to a recording: give upstream.record FILE with it',
    );
    expect(() => checkUpstreamUrl(`http://user:${KEY}@127.0.0.1:1`)).toThrow(/must not hold credentials/);
    expect(() => checkUpstreamUrl('http://127.0.0.1:1/?a=1')).toThrow(/without a query/);
    expect(() => checkUpstreamUrl('ftp://127.0.0.1')).toThrow(/http or https/);
    expect(checkUpstreamUrl('http://127.0.0.1:1/base/')).toBe('http://127.0.0.1:1/base');
  });

  it("the banner's line names the upstream and where its key came from, never the key", () => {
    const line = upstreamLine({ upstream: 'http://127.0.0.1:9' }, { [UPSTREAM_KEY_VARIABLE]: KEY });
    expect(line).toContain('http://127.0.0.1:9');
    expect(line).toContain(UPSTREAM_KEY_VARIABLE);
    expect(line).not.toContain(KEY);
    expect(upstreamLine({})).toBeUndefined();
  });

  it('sends a request in the form it came: the prefix up to its environment', () => {
    expect(scopePrefixOf('/acme/dev/products/p1?select=a')).toBe('/acme/dev');
    expect(scopePrefixOf('/api/tenants/acme/dev/products')).toBe('/api/tenants/acme/dev');
    expect(scopePrefixOf('/regions/EU/products/v1/tenants/acme/dev/search?term=x')).toBe(
      '/regions/EU/products/v1/tenants/acme/dev',
    );
  });
});
