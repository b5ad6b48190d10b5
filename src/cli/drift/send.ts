// One request of the drift report as it is sent to either side, and its answer as the report keeps it.
import type { Answer } from './compare.js';
import type { PlannedRequest } from './plan.js';
import type { SentRequest } from './report.js';
import { fetchPatiently } from '../../contract/retry.js';

/** How long one request may wait for its answer. */
const REQUEST_TIMEOUT_MS = 30_000;

/** A request as sent to one side: the token in x-api-key unless the request is sent without one. */
export function sentRequest(base: string, planned: PlannedRequest, apiKey: string): SentRequest {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (planned.token !== 'none') headers['x-api-key'] = apiKey;
  if (planned.body !== undefined) headers['content-type'] = 'application/json';
  return {
    method: planned.method,
    url: base + planned.path,
    headers,
    ...(planned.body === undefined ? {} : { body: JSON.stringify(planned.body) }),
  };
}

/** Sends one request and reads its answer; no answer at all is status 0 with the reason as its body. */
export async function answerOf(sent: SentRequest): Promise<Answer> {
  try {
    // Redirects followed within the deployment's origin only (src/contract/sameOriginFetch.ts).
    const { res } = await fetchPatiently(
      sent.url,
      { method: sent.method, headers: sent.headers, body: sent.body },
      { tryTimeoutMs: REQUEST_TIMEOUT_MS },
    );
    const text = await res.text();
    if (text === '') return { status: res.status, body: undefined, json: false };
    try {
      return { status: res.status, body: JSON.parse(text) as unknown, json: true };
    } catch {
      return { status: res.status, body: text, json: false };
    }
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return { status: 0, body: `no answer: ${e.cause?.message ?? e.message}`, json: false };
  }
}
