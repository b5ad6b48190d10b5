// The lines `serve` prints once the server listens: where it is, and a first request to try.

/** The banner's example request: in strict mode with a listed key, and a tenant it may use. */
export function exampleRequest(url: string, apiKeys: readonly string[]): string {
  const [first] = apiKeys;
  const eq = first?.indexOf('=') ?? -1;
  const key = first === undefined ? 'dev' : eq < 0 ? first : first.slice(0, eq);
  const tenant =
    (eq < 0
      ? undefined
      : first
          ?.slice(eq + 1)
          .split(',')[0]
          ?.trim()) || 'acme';
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
export function announce(url: string, apiKeys: readonly string[], print = forPeople(undefined)): void {
  print(
    [
      `product-catalog-mock listening on ${url}`,
      `  try: ${exampleRequest(url, apiKeys)}`,
      `  API reference: ${url}/docs`,
    ].join('\n'),
  );
}
