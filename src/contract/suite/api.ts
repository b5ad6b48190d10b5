// HTTP to the target: every answer is checked against openapi.yaml and carries the context a failure needs.
import { chai, expect, type Assertion } from 'vitest';
import { readAnswer } from './answerBody.js';
import type { DocumentedOperation } from '../../openapi/operations.js';
import { fetchPatiently, noticeOnStderr } from '../retry.js';
import type { Checker } from './checker.js';
import {
  failureContext,
  pathIn,
  recordRequestFailure,
  toCurl,
  VALUE_PATH,
  type SentRequest,
} from './failure.js';
import type { Target } from './target.js';

export interface Request {
  method: string;
  /** Relative to the base URL, query string included. */
  path: string;
  body?: unknown;
  /** Sent as is instead of JSON-encoding body (malformed JSON, other content types). */
  raw?: string;
  headers?: Record<string, string>;
  /** false: no token at all. */
  auth?: boolean;
}

const MAX_SHOWN = 1_500;
const show = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined
    ? '(nothing)'
    : text.length > MAX_SHOWN
      ? `${text.slice(0, MAX_SHOWN)}... (${text.length} chars)`
      : text;
};

/** How a difference names the answer's status, which is no part of its body (`$`). */
const STATUS = 'HTTP status';

/** 503 -> "5xx". */
const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export class Reply {
  constructor(
    readonly request: Request,
    readonly operationId: string,
    readonly status: number,
    readonly body: unknown,
    /** Exactly what went over the wire, for the curl line of a failure. */
    readonly sent?: SentRequest,
    /** The write this answer was read after, to check what it stored. */
    readonly write?: Reply,
  ) {}

  /**
   * This answer, read to check what `write` stored: a failure shows this read, whose answer is the one
   * that was wrong (its curl line is this request's too), and names the write that set it up.
   */
  after(write: Reply): Reply {
    return new Reply(this.request, this.operationId, this.status, this.body, this.sent, write);
  }

  /** The payload of the { data } envelope. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get data(): any {
    return (this.body as { data?: unknown } | null)?.data;
  }

  /** `getProduct (GET /products/p1)` */
  private get call(): string {
    return `${this.operationId} (${this.request.method} ${this.request.path})`;
  }

  /** What the request sent: its body, or that it had none. */
  private get sentBody(): string {
    const sent = this.request.raw ?? this.request.body;
    return sent === undefined ? '(no body)' : show(sent);
  }

  /**
   * Which operation, what was sent and what came back, and for a read after a write, that write: the
   * heading of every failure.
   */
  get context(): string {
    const { write } = this;
    return [
      this.call,
      `  sent: ${this.sentBody}`,
      `  came back: ${this.status} ${show(this.body)}`,
      ...(write ? [`  read after: ${write.call}, which sent ${write.sentBody} and got ${write.status}`] : []),
      '  expected',
    ].join('\n');
  }

  /**
   * expect() whose failure message starts with this exchange. `at` says where the value is in the
   * answer the failure's request line shows (`$.data.count`), so that its difference names the field
   * rather than `$`. An object or array taken from this answer as it is needs none: it is found there.
   */
  expect<T>(actual: T, at?: string): Assertion<T> {
    const assertion = expect(actual, this.context);
    const path =
      at ?? (typeof actual === 'object' && actual !== null ? pathIn(this.body, actual) : undefined);
    if (path !== undefined) chai.util.flag(assertion, VALUE_PATH, path);
    return assertion;
  }

  expectStatus(status: number): this {
    this.expect(this.status, STATUS).toBe(status);
    return this;
  }

  /**
   * Any 2xx. The spec shows no status for the answers of writes; a spec test asks for a success
   * only, and openapi.yaml's documented statuses are still checked on every answer.
   */
  expectSuccess(): this {
    // compared as a class, so that a failure reads "expected "2xx", received "5xx""
    this.expect(statusClass(this.status), STATUS).toBe('2xx');
    return this;
  }

  /**
   * Any 4xx: refused, or not found. The spec shows no error statuses (docs/behaviour.md, "Errors"
   * gives the mock's); a spec test that needs a refusal asks for no particular one.
   */
  expectRefused(): this {
    this.expect(statusClass(this.status), STATUS).toBe('4xx');
    return this;
  }

  /** An error answer: this status and a message written for a person, naming `mentions` when given. */
  expectError(status: number, mentions?: string | RegExp): this {
    this.expectStatus(status);
    const message = (this.body as { message?: unknown } | null)?.message;
    expect(message, this.context).toEqual(expect.stringMatching(/\S/));
    if (mentions !== undefined) {
      expect(message, this.context).toEqual(
        typeof mentions === 'string' ? expect.stringContaining(mentions) : expect.stringMatching(mentions),
      );
    }
    return this;
  }
}

class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/**
 * How a violation of openapi.yaml's response schemas begins its detail. The schemas hold the spec's
 * shapes and, where the spec shows none, the mock's choices; such a failure is counted under its
 * own tier (results.ts), not the tier of the test that met it.
 */
export const SCHEMA_MISMATCH = 'a response openapi.yaml documents, but:';
export const SCHEMA_TIER = 'openapi.yaml';
/**
 * How a server error openapi.yaml does not document begins its detail: the deployment failed the
 * operation, which is no disagreement over a shape, so it counts under the test's own tier.
 */
export const SERVER_ERROR = 'an answer, not a server error:';

export interface Api {
  call(request: Request): Promise<Reply>;
  get(path: string): Promise<Reply>;
  post(path: string, body: unknown): Promise<Reply>;
  patch(path: string, body: unknown): Promise<Reply>;
  delete(path: string, body?: unknown): Promise<Reply>;
}

/**
 * `beforeSending` sees the operation and request of every request before it goes, and may stop it by
 * throwing (the kit holds back writes the selection leaves out).
 */
export function createApi(
  target: Target,
  checker: Checker,
  beforeSending: (op: DocumentedOperation | undefined, request: Request) => void = () => {},
): Api {
  const call = async (request: Request): Promise<Reply> => {
    const op = checker.operation(request.method, request.path);
    beforeSending(op, request);
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    if (request.auth !== false) headers['x-api-key'] ??= target.apiKey;
    const payload = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const url = target.baseUrl + request.path;
    const sent: SentRequest = { method: request.method, url, headers, body: payload };
    const documented = op?.operationId;
    failureContext.sent(sent, documented);
    // A deployment that limits its rate is waited for as it asks, not failed (src/contract/retry.ts).
    const { res, gaveUp } = await fetchPatiently(
      url,
      { method: request.method, headers, body: payload },
      { onRetry: noticeOnStderr('contract') },
    ).catch((err: Error) => {
      const cause = (err.cause as Error | undefined)?.message ?? err.message;
      recordRequestFailure(sent, documented, [`no answer (${cause})`]);
      throw new ContractViolation(`${request.method} ${url}: no answer (${cause})`);
    });
    if (gaveUp) {
      recordRequestFailure(sent, documented, [gaveUp]);
      throw new ContractViolation(gaveUp);
    }
    // The status and headers arrived, then the connection closed before the body was whole: said as
    // such, with the request, rather than as undici's bare "terminated".
    const { contentType, body } = await readAnswer(res).catch((err: Error) => {
      const cause = (err.cause as Error | undefined)?.message ?? err.message;
      const broke = `answer ${res.status} broke off while its body was read (${cause})`;
      recordRequestFailure(sent, documented, [broke]);
      throw new ContractViolation(`${request.method} ${url}: ${broke}`);
    });
    const operationId = documented ?? 'undocumented operation';
    const reply = new Reply(request, operationId, res.status, body, sent);
    const problems = checker.check({
      method: request.method,
      path: request.path,
      status: res.status,
      contentType,
      body,
    });
    if (problems.length > 0) {
      const serverError = res.status >= 500;
      const violation = new ContractViolation(
        `${reply.context} ${serverError ? SERVER_ERROR : SCHEMA_MISMATCH}\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
      // A shape openapi.yaml refuses fails the test once its own checks have run on the answer
      // (kit.ts): whether they fail too decides its tier (results.ts). A server error fails it now.
      const detail = { operationId: documented, curl: toCurl(sent), differences: problems };
      if (serverError || !failureContext.schemaMismatch(detail, violation)) {
        recordRequestFailure(sent, documented, problems);
        throw violation;
      }
    }
    return reply;
  };
  return {
    call,
    get: (path) => call({ method: 'GET', path }),
    post: (path, body) => call({ method: 'POST', path, body }),
    patch: (path, body) => call({ method: 'PATCH', path, body }),
    delete: (path, body) => call({ method: 'DELETE', path, body }),
  };
}
