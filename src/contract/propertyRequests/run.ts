// Runs the generated checks against a target: per operation, N valid and N invalid requests; a
// failing case is shrunk by fast-check to a smallest one and reported as curl.
import fc from 'fast-check';
import { fetchPatiently, noticeOnStderr } from '../retry.js';
import { createChecker, SCOPE_TEMPLATE } from '../suite/checker.js';
import { toCurl, type SentRequest } from '../suite/curl.js';
import { readAnswer } from '../suite/answerBody.js';
import { OperationTable, type DocumentedOperation } from '../../openapi/operations.js';
import { loadSchemaValidator } from '../../openapi/schemas.js';
import { violations, type Answer, type Kind } from './properties.js';
import { requestsFor, type GeneratedRequest } from './requests.js';

export interface GeneratedRunOptions {
  baseUrl: string;
  apiKey: string;
  /** Requests per operation and kind. */
  examples: number;
  seed: number;
  readonly: boolean;
  /** --only, --skip and --no-destructive, by operation. */
  selected?: (op: DocumentedOperation) => boolean;
  /** Starts every id the run writes. */
  prefix: string;
  /** Invalid requests whose items lack their id are sent too (requests.ts, RequestOptions). */
  itemsWithoutIds?: boolean;
  log: (line: string) => void;
  /** Stops the run: no request is sent once it aborts, and one in flight is abandoned. */
  signal?: AbortSignal;
  /** Told of every property checked, passed or failed (for the JUnit and HTML reports). */
  checked?: (check: GeneratedCheck) => void;
}

/** One operation's valid or invalid requests, checked. */
export interface GeneratedCheck {
  operationId: string;
  /** "GET /products" */
  call: string;
  kind: Kind;
  /** Requests sent before it passed or first failed. */
  runs: number;
  failure?: GeneratedFailure;
}

export interface GeneratedFailure {
  operationId: string;
  kind: Kind;
  problems: string[];
  curl: string;
  answer: string;
  shrinks: number;
}

class PropertyFailed extends Error {
  constructor(
    readonly problems: string[],
    readonly sent: SentRequest,
    readonly answer: Answer,
  ) {
    super(problems.join('; '));
  }
}

const SHOWN = 300;

async function send(
  target: GeneratedRunOptions,
  req: GeneratedRequest,
): Promise<{ sent: SentRequest; answer: Answer; gaveUp?: string }> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-api-key': target.apiKey };
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  const sent: SentRequest = { method: req.method, url: target.baseUrl + req.path, headers, body: req.body };
  target.signal?.throwIfAborted();
  // A 429 (or a busy gateway's answer to a read) is waited for as it asks: a rate limit is no fault
  // of the operation (src/contract/retry.ts). Still such after five tries, the failure says so.
  const { res, gaveUp } = await fetchPatiently(
    sent.url,
    { method: sent.method, headers, body: sent.body },
    { signal: target.signal, onRetry: noticeOnStderr('contract') },
  );
  const { contentType, body } = await readAnswer(res);
  return { sent, answer: { status: res.status, contentType, body }, gaveUp };
}

export async function runGenerated(target: GeneratedRunOptions): Promise<GeneratedFailure[]> {
  const validator = await loadSchemaValidator();
  const checker = createChecker(validator);
  const table = new OperationTable(validator.document, SCOPE_TEMPLATE);
  const failures: GeneratedFailure[] = [];
  const operations = table.operations.filter(
    (op) => (!target.readonly || op.method === 'GET') && (target.selected?.(op) ?? true),
  );
  const stopped = () => target.signal?.aborted === true;
  for (const [index, op] of operations.entries()) {
    if (stopped()) break;
    const requests = requestsFor(op, target.prefix, { itemsWithoutIds: target.itemsWithoutIds });
    const results: string[] = [];
    for (const kind of ['valid', 'invalid'] as const) {
      const arb = kind === 'valid' ? requests.valid : requests.invalid;
      if (!arb) continue;
      // Once the deployment stayed busy through every try, the property is not asked again: a
      // shrink would replay a minute of waits per step for a failure no smaller request mends.
      let busy = false;
      const property = fc.asyncProperty(arb, async (req) => {
        if (busy) return;
        const { sent, answer, gaveUp } = await send(target, req);
        if (gaveUp) {
          busy = true;
          throw new PropertyFailed([gaveUp], sent, answer);
        }
        const problems = violations(checker, op, kind, req, answer);
        if (problems.length) throw new PropertyFailed(problems, sent, answer);
      });
      const seed = (target.seed + index * 2 + (kind === 'invalid' ? 1 : 0)) | 0;
      const details = await fc.check(property, { numRuns: target.examples, seed });
      // a run stopped midway fails its property with the abort: that says nothing of the target
      if (stopped()) break;
      const call = `${op.method} ${op.template}`;
      if (!details.failed) {
        results.push(`${details.numRuns} ${kind}`);
        target.checked?.({ operationId: op.operationId, call, kind, runs: details.numRuns });
        continue;
      }
      const err = details.errorInstance;
      if (!(err instanceof PropertyFailed)) throw err instanceof Error ? err : new Error(String(err));
      const shown = typeof err.answer.body === 'string' ? err.answer.body : JSON.stringify(err.answer.body);
      const failure: GeneratedFailure = {
        operationId: op.operationId,
        kind,
        problems: err.problems,
        curl: toCurl(err.sent),
        answer: `${err.answer.status} ${shown.length > SHOWN ? `${shown.slice(0, SHOWN)}...` : shown}`,
        shrinks: details.numShrinks,
      };
      failures.push(failure);
      target.checked?.({ operationId: op.operationId, call, kind, runs: details.numRuns, failure });
      results.push(`${kind} FAILED`);
    }
    if (stopped()) break;
    const failed = results.some((r) => r.includes('FAILED'));
    target.log(
      `${failed ? 'x ' : 'ok'} ${op.operationId} (${op.method} ${op.template}): ${results.join(', ')}`,
    );
  }
  return failures;
}
