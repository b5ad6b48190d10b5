// The lines `serve` prints once the server listens: where it is, what it serves, and a first request
// to try.
import { COUNTED_DATASET, seedCountOf, seedFileOf } from '../../seed/defaults.js';
import { parseApiKeys } from '../../pipeline/auth.js';
import { hostnameOf, isLoopback } from '../../http/loopback.js';
import { upstreamLine, type UpstreamServeOptions } from './upstreamOptions.js';

/** What the banner says of a server: the options that decide what a request gets. */
export interface Served extends UpstreamServeOptions {
  seed: string;
  region: string;
  /** Every key, from wherever it came (apiKeySources.ts). */
  apiKey: readonly string[];
  publicReads?: boolean;
  data?: string;
  /** The address it listens on; default 127.0.0.1. */
  host?: string;
}

/**
 * What the server serves, in one line: the catalog, where writes are kept, and which tokens it takes.
 * A person who started it with the wrong option (or an npm script with none) sees it before the
 * first 401 or empty list.
 */
export function servedLine({ seed, region, apiKey, publicReads, data }: Served): string {
  // The region was checked before the server listens, in any case, as a URL names it (--region US is us).
  const count = seedCountOf(seed);
  const file = seedFileOf(seed);
  const catalog =
    seed === 'none'
      ? 'an empty catalog'
      : count !== undefined
        ? `${count.toLocaleString('en-US')} generated ${COUNTED_DATASET} products`
        : file !== undefined
          ? `the seed file ${file}`
          : `the ${seed} dataset`;
  const keys =
    apiKey.length === 0
      ? 'any token'
      : `only ${apiKey.length === 1 ? 'its key' : `its ${apiKey.length} keys`}`;
  return [
    `  serving: ${catalog} to every tenant and environment (default region ${region.toLowerCase()})`,
    data === undefined ? 'writes kept in memory' : `writes kept in ${data}`,
    `${keys} accepted${publicReads ? ', reads without one' : ''}`,
  ].join('; ');
}

/**
 * A key as the banner shows it: never whole (docs/security.md, "Keys"). Its first two characters
 * when it has at least 12, which tell keys apart and leave the rest unguessable; none otherwise.
 */
export function maskKey(key: string): string {
  return `${key.length >= 12 ? key.slice(0, 2) : ''}****`;
}

/**
 * The banner's example request: in strict mode with the first listed key, masked, and a tenant it
 * may use, both read as the server reads them (parseApiKeys: a key's surrounding spaces are no part
 * of it). The banner lands in terminals, CI logs and screen shares: it shows no key.
 */
export function exampleRequest(url: string, apiKeys: readonly string[]): string {
  const [first] = parseApiKeys(apiKeys);
  const key = first === undefined ? 'dev' : `<key ${maskKey(first[0])}>`;
  const [tenant = 'acme'] = first?.[1] ?? [];
  return `curl -H 'x-api-key: ${key}' ${url}/${tenant}/dev/products`;
}

/**
 * A warning when the server listens beyond this machine and accepts any token: whoever reaches the
 * port may read, write and reset every tenant (docs/security.md); undefined otherwise.
 */
export function exposureWarning({ host, apiKey }: Pick<Served, 'host' | 'apiKey'>): string | undefined {
  if (host === undefined || isLoopback(hostnameOf(host)) || apiKey.length > 0) return undefined;
  return (
    `  warning: listening on ${host}, beyond this machine, and accepting any token: whoever reaches ` +
    'the port can read, write and reset every tenant. Give keys (--api-key-file FILE) to require them, ' +
    'or listen on 127.0.0.1'
  );
}

/**
 * Where lines for a person go: stdout, unless it carries the JSON request log (`--log-format json`),
 * whose reader, a log collector or `jq`, expects nothing but JSON there; then stderr.
 */
export function forPeople(logFormat: string | undefined): (line: string) => void {
  return logFormat === 'json' ? (line) => console.error(line) : (line) => console.log(line);
}

/** One write, and only once the server listens: whoever reads it may stop the server at once. */
export function announce(url: string, served: Served, print = forPeople(undefined)): void {
  print(
    [
      `product-catalog-mock listening on ${url}`,
      servedLine(served),
      ...[upstreamLine(served)].filter((line) => line !== undefined),
      `  try: ${exampleRequest(url, served.apiKey)}`,
      `  dashboard: ${url}/__admin/ui`,
      `  API reference: ${url}/docs`,
      ...[exposureWarning(served)].filter((line) => line !== undefined),
    ].join('\n'),
  );
}

/**
 * The line `serve` prints once it has stopped on a signal: that it did, and what became of the writes,
 * which in memory are gone and with --data are on disk for the next start: in the journal files beside
 * the name given, and in a snapshot of that name only once one was written (docs/persistence.md).
 */
export function stoppedLine({ data }: Pick<Served, 'data'>): string {
  return data === undefined
    ? 'product-catalog-mock stopped; the writes it kept in memory are gone'
    : `product-catalog-mock stopped; every write it answered is on disk (${data}.journal-*, and ${data} once compacted): --data ${data} serves them again`;
}
