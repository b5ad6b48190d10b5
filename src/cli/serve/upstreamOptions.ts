// What `serve --upstream` takes from the command line and the environment (docs/upstream.md): the
// key is read from a file or the environment on the server's own thread, never from the command
// line (where `ps` and shell histories show it), and never printed: the banner says where it came from.
import { checkUpstreamUrl, type MockUpstreamOptions } from '../../upstream/upstream.js';
import { oneKeyOfFile } from '../terminal/apiKeySources.js';

/** The environment variable the key may be given in. */
export const UPSTREAM_KEY_VARIABLE = 'PRODUCT_CATALOG_MOCK_UPSTREAM_API_KEY';

/** The serve options of this feature, as commander gives them. */
export interface UpstreamServeOptions {
  upstream?: string;
  upstreamApiKeyFile?: string;
  /** Milliseconds. */
  upstreamTimeout?: number;
  upstreamRecord?: string;
  upstreamAnonymize?: boolean;
  /** false with --no-upstream-fill. */
  upstreamFill?: boolean;
}

/** Where the key comes from, for the banner: never the key itself. */
function upstreamKeySource(opts: UpstreamServeOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (opts.upstreamApiKeyFile !== undefined) return `the key of ${opts.upstreamApiKeyFile}`;
  if ((env[UPSTREAM_KEY_VARIABLE] ?? '').trim() !== '') return `the key of ${UPSTREAM_KEY_VARIABLE}`;
  return 'no key';
}

/** startServer's upstream option from the command line's, the key read from its file or the environment. */
export async function upstreamOptionsOf(
  opts: UpstreamServeOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MockUpstreamOptions | undefined> {
  // Checked before, with the other start options (src/startOptions.ts).
  if (opts.upstream === undefined) return undefined;
  let apiKey = env[UPSTREAM_KEY_VARIABLE]?.trim() || undefined;
  if (opts.upstreamApiKeyFile !== undefined) {
    apiKey = await oneKeyOfFile(opts.upstreamApiKeyFile, '--upstream-api-key-file');
  }
  return {
    url: opts.upstream,
    apiKey,
    timeoutMs: opts.upstreamTimeout,
    fill: opts.upstreamFill,
    record: opts.upstreamRecord,
    anonymize: opts.upstreamAnonymize,
  };
}

/** The banner's line: what is proxied where (docs/upstream.md). */
export function upstreamLine(
  opts: UpstreamServeOptions,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (opts.upstream === undefined) return undefined;
  const url = checkUpstreamUrl(opts.upstream);
  const lists =
    opts.upstreamFill === false
      ? 'lists, search and facets forwarded'
      : 'lists, search and facets forwarded until a scope is copied, then answered here';
  return [
    `  upstream: reads of what the mock does not hold come from ${url} (GET only, with ${upstreamKeySource(opts, env)})`,
    lists,
    'every write stays here' +
      (opts.upstreamRecord === undefined
        ? ''
        : `; what is fetched is recorded to ${opts.upstreamRecord}${opts.upstreamAnonymize ? ' (anonymized)' : ''}`),
  ].join('; ');
}
