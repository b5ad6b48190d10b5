// The framework-neutral request and answer the pipeline works on, and how to wrap it.
import type { RecordSource } from './answers.js';

/** Header values as node gives them (lower-case names; a repeated header as a list) or a fetch adapter does. */
export type Headers = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One HTTP request, as any adapter (node's http server, a fetch Request) can describe it. */
export interface MockRequest {
  /** Upper case, e.g. GET. */
  method: string;
  /** The path and query as sent, e.g. /acme/dev/products?limit=2. */
  url: string;
  /**
   * The path as the client sent it, where an adapter gave `url` another form of it (msw on a region's
   * host answers `/api/tenants/...` as `/regions/{region}/...`): what a 404 names. `url`'s path when absent.
   */
  sentPath?: string;
  /** Lower-case names. */
  headers: Headers;
  /**
   * Reads and parses the JSON body; undefined when there is none or it is not JSON (the validator
   * then answers 415 or 400). The pipeline calls it only for operations that take a body, after the
   * token is checked. Throws a CatalogError for a malformed ('invalid') or oversized ('too-large') body.
   */
  readBody?: () => Promise<unknown>;
  /** The body's size in bytes as read (decompressed), set by readBody: how much work checking it can be. */
  bodyBytes?: number;
  /**
   * Set by the pipeline once it knows the operation the request reaches (with its body, once read):
   * what an adapter can still record of a request whose client leaves before the answer.
   */
  operation?: AnsweredOperation;
}

/** One answer. `json` is encoded by the adapter; `records` names the stored records within it. */
export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  /** The JSON body, not yet encoded: wrappers may read or replace it. */
  json?: unknown;
  /** Stored records in `json` may be sent from an encoded cache (src/http/encodedCache.ts). */
  records?: RecordSource;
  /** The documented operation the request reached, when it reached one: for request logs and journals. */
  operation?: AnsweredOperation;
  /**
   * Send nothing and close the connection, as a network failure does (a simulated one: docs/behaviour.md,
   * "Simulated failures and latency"); `json` then holds only what the request log and journal say.
   */
  closeWithoutAnswer?: boolean;
  /**
   * Send the status, the headers and the first half of the body, then close the connection, as one
   * that drops halfway through an answer does (a simulated `network=cut`); this is what the request
   * log and journal record instead.
   */
  cutOff?: MockAnswer;
  /**
   * Run the operation first (a write is applied), then give what this makes of its answer instead:
   * a simulated `network=lost`, whose answer is lost on its way back, or `network=cut`.
   */
  afterOperation?: (own: MockAnswer) => MockAnswer;
  /** Answered by this stub rule instead of the operation: the journal marks it so. */
  stubbed?: string;
}

/** What the pipeline learnt of a request on its way: its operation, path parameters and body. */
export interface AnsweredOperation {
  operationId: string;
  params: Readonly<Record<string, string>>;
  /** The region of the request's scope (its prefix's, or the default). */
  region?: string;
  /** The id of the stub rule that answered instead of the operation (docs/behaviour.md, "Stub rules"). */
  stubbed?: string;
  /** The parsed JSON body, when the operation takes one and it was read. */
  body?: unknown;
  /**
   * What the mock ignored of the request or how it read it (an undocumented query parameter, a
   * flag written `1`): said in the request log, not in the answer (docs/behaviour.md, "Parameters").
   */
  notes?: string[];
}

/** The pipeline, or any stage of it: a request in, an answer out. */
export type Handle = (request: MockRequest) => Promise<MockAnswer>;

/** Wraps a Handle, e.g. to log, delay, inject faults or journal requests: it may answer itself or call next. */
export type Wrapper = (next: Handle) => Handle;

/** The handle with the wrappers around it, the first outermost. */
export function wrap(handle: Handle, wrappers: readonly Wrapper[] = []): Handle {
  return wrappers.reduceRight<Handle>((inner, wrapper) => wrapper(inner), handle);
}
