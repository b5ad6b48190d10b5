// One load run with autocannon, reduced to the figures the report needs.
import autocannon from 'autocannon';

/** A request exactly as sent; bodies are prebuilt strings so the client spends nothing per request. */
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

/** Either a time (seconds) or a count of requests bounds a run. */
export type Bound = { duration: number } | { amount: number };

export interface Measurement {
  requests: number;
  /** Requests per second over the run. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** Every request carries a token and a JSON content type. */
export const HEADERS = { 'x-api-key': 'bench', 'content-type': 'application/json' };

export async function measure(
  url: string,
  requests: readonly BenchRequest[],
  bound: Bound,
  connections: number,
): Promise<Measurement> {
  let nextClient = 0;
  const result = await autocannon({
    url,
    connections,
    ...bound,
    // autocannon notices the end of a run on its sampling tick: short counted runs need a short tick.
    sampleInt: 'amount' in bound ? 20 : 1000,
    headers: HEADERS,
    requests: [...requests],
    // Each connection starts at its own place in the list, so they do not all ask for the same item.
    setupClient: (client) => {
      const offset = Math.floor((nextClient++ * requests.length) / connections);
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = Number(stat.count ?? 0);
  return {
    requests: result.requests.total,
    rps: result.duration > 0 ? result.requests.total / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok2xx: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}
