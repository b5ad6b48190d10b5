// The lines `serve` prints once the server listens: where it is, what it serves, and a first request
// to try.
import { COUNTED_DATASET, seedCountOf, seedFileOf } from '../seed/defaults.js';
import { parseApiKeys } from '../pipeline/auth.js';

/** What the banner says of a server: the options that decide what a request gets. */
export interface Served {
  seed: string;
  region: string;
  apiKey: readonly string[];
  publicReads?: boolean;
  data?: string;
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
      : `only ${apiKey.length === 1 ? 'its --api-key' : `its ${apiKey.length} --api-key values`}`;
  return [
    `  serving: ${catalog} to every tenant and environment (default region ${region.toLowerCase()})`,
    data === undefined ? 'writes kept in memory' : `writes kept in ${data}`,
    `${keys} accepted${publicReads ? ', reads without one' : ''}`,
  ].join('; ');
}

/**
 * The banner's example request: in strict mode with a listed key, and a tenant it may use, both read
 * as the server reads them (parseApiKeys: a key's surrounding spaces are no part of it).
 */
export function exampleRequest(url: string, apiKeys: readonly string[]): string {
  const [first] = parseApiKeys(apiKeys);
  const key = first?.[0] ?? 'dev';
  const [tenant = 'acme'] = first?.[1] ?? [];
  return `curl -H 'x-api-key: ${key}' ${url}/${tenant}/dev/products`;
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
      `  try: ${exampleRequest(url, served.apiKey)}`,
      `  dashboard: ${url}/__admin/ui`,
      `  API reference: ${url}/docs`,
    ].join('\n'),
  );
}

/**
 * The line `serve` prints once it has stopped on a signal: that it did, and what became of the writes,
 * which in memory are gone and with --data are in the file for the next start.
 */
export function stoppedLine({ data }: Pick<Served, 'data'>): string {
  return data === undefined
    ? 'product-catalog-mock stopped; the writes it kept in memory are gone'
    : `product-catalog-mock stopped; every write it answered is in ${data}`;
}
