// The mock's request handling, from a neutral request to a neutral answer: no framework, no node built-in.
import { badRequest, notFound } from '../domain/errors.js';
import { OperationTable } from '../openapi/operations.js';
import { invalid, requestValidator, type ResolvedRequest } from '../openapi/validator.js';
import { errorAnswer } from './answers.js';
import { batchPastBudget, findUnsafe } from './bodyGuard.js';
import { parseQuery, queryNotUtf8 } from './query.js';
import { nextTurn } from './turns.js';
import type { AnsweredOperation, Handle, Headers, MockAnswer, MockRequest } from './types.js';
import { shown } from '../domain/given.js';

/** What a handler gets: a request matched to its operation and validated against openapi.yaml. */
export interface OperationCall {
  operationId: string;
  /** The region of the request's prefix, or the server's default. */
  region: string;
  /** Decoded path parameters. */
  params: Record<string, string>;
  /** The query, coerced to the documented types, defaults filled in. */
  query: Record<string, unknown>;
  /** The parsed JSON body, validated; undefined when none was sent. */
  body: unknown;
  headers: Headers;
  /** The path and query as sent, prefix included (what an upstream deployment is asked: docs/upstream.md). */
  url?: string;
  /** Says in the request log what the operation ignored of the request or how it read it. */
  note?: (text: string) => void;
  /**
   * The body is large (LARGE_BODY_BYTES or more): the handler plans its work in turns of the event
   * loop (docs/performance.md, "Large request bodies").
   */
  inTurns?: boolean;
}

/** What answers one documented operation. */
export type OperationHandler = (call: OperationCall) => MockAnswer | Promise<MockAnswer>;

/** Handlers by openapi.yaml operationId. */
export type OperationHandlers = Record<string, OperationHandler>;

/**
 * Checks a request's token for the tenant its path names, knowing the operation it reaches (reads
 * may be public); an error to answer, or undefined.
 */
type Authorizer = (
  headers: Headers,
  tenantId: string | undefined,
  operationId: string,
  method: string,
) => Error | undefined;

/** A request that reached its operation, its token checked and its body read, before validation. */
interface SimulationRequest {
  method: string;
  /** The path as requested, prefix included, without the query. */
  path: string;
  operationId: string;
  /** The scope the request reaches: the prefix's region (or the default), tenant and environment. */
  region: string;
  tenantId?: string;
  environment?: string;
  headers: Headers;
}

/**
 * May answer instead of the operation (a simulated failure) or delay it: resolves to the answer to
 * give, or to undefined to run the operation. Returns undefined at once when nothing applies.
 */
export type SimulationStep = (request: SimulationRequest) => Promise<MockAnswer | undefined> | undefined;

export interface PipelineOptions {
  /** openapi.yaml's operations. */
  operations: OperationTable;
  handlers: OperationHandlers;
  authorize: Authorizer;
  /** Every region a `/regions/{region}/...` prefix may name. */
  regions: readonly string[];
  /** The region of the prefixes that name none. */
  defaultRegion: string;
  /** Where a 500's cause goes; console.error by default. */
  logError?: (err: unknown) => void;
  /** Simulated failures and delays (src/workbench/simulationStep.ts); none when absent. */
  simulate?: SimulationStep;
  /** Where a person reads the API reference, named by a 404 for an unknown path; `/docs` by default. */
  reference?: string;
}

/**
 * The prefixes an API path may come under (docs/behaviour.md, "Addressing"), matched as express
 * matches a mount path: any case, ending at a segment boundary.
 */
const REGION_PREFIX = /^\/regions\/([^/]+)\/products\/v1\/tenants(?=\/|$)/i;
/** The published client's prefix; on a region host it means that region (docs/behaviour.md, "Addressing"). */
export const CLIENT_PREFIX = /^\/api\/tenants(?=\/|$)/i;

/**
 * The most notes a request keeps (what the mock ignored of it or how it read it), each of at most
 * NOTE_LENGTH characters; past them one last note counts the rest. A URL of 3,000 undocumented
 * query parameters, a note each, would otherwise log and journal 750 KB (docs/behaviour.md,
 * "Request log").
 */
const NOTES_KEPT = 20;
const NOTE_LENGTH = 2000;

/**
 * From this size on, a body's parsing, its guard, its schema check and its handler each take a turn
 * of the event loop of their own, and a write's handler plans its batch in turns: together, for a
 * 5 MB body of small objects, they held every other request for over a second (docs/security.md,
 * "Bounds"; docs/performance.md, "Large request bodies").
 */
const LARGE_BODY_BYTES = 256 * 1024;

const isLarge = (request: MockRequest): boolean => (request.bodyBytes ?? 0) >= LARGE_BODY_BYTES;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request pipeline: the prefix and its region, the operation by openapi.yaml's paths, the
 * token, the body (read only for operations that take one, after the token), the guard against
 * hostile bodies and queries, validation, then the handler registered under the operationId.
 * Every documented operation must have a handler and every handler an operation, checked here.
 */
export function createPipeline(options: PipelineOptions): Handle {
  const table = options.operations;
  const documented = new Set(table.operations.map((op) => op.operationId));
  const missing = [...documented].filter((id) => !Object.hasOwn(options.handlers, id));
  const extra = Object.keys(options.handlers).filter((id) => !documented.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      `Handlers do not match openapi.yaml: without a handler: ${missing.join(', ') || 'none'}; ` +
        `not documented: ${extra.join(', ') || 'none'}`,
    );
  }
  const validator = requestValidator(table);
  const { handlers, authorize, regions, defaultRegion, logError, simulate } = options;
  const reference = options.reference ?? '/docs';

  const answer = async (
    request: MockRequest,
    seen: { operation?: AnsweredOperation },
  ): Promise<MockAnswer> => {
    const queryAt = request.url.indexOf('?');
    const path = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt + 1);

    let region = defaultRegion;
    let inner = path;
    const regional = REGION_PREFIX.exec(path);
    if (regional) {
      // Matched without regard to case: `UAE` is `uae`, one scope (docs/behaviour.md, "Addressing").
      const asked = decodeSegment(regional[1] as string);
      const known = regions.find((r) => r.toLowerCase() === asked.toLowerCase());
      if (known === undefined) {
        throw notFound(`Unknown region ${shown(asked)}; allowed regions: ${regions.join(', ')}`);
      }
      region = known;
      inner = path.slice(regional[0].length);
    } else {
      const client = CLIENT_PREFIX.exec(path);
      if (client) inner = path.slice(client[0].length);
    }

    const resolved: ResolvedRequest | undefined = validator.resolve(request.method, inner || '/', path);
    // A path the document lacks is a 404 whatever the token (a stray /docs asset, a typo).
    if (!resolved) {
      const sent = request.sentPath ?? path;
      throw notFound(`No route ${request.method} ${sent}; see ${reference} for the API reference`);
    }
    const operation: AnsweredOperation = {
      operationId: resolved.op.operationId,
      params: resolved.params,
      region,
    };
    seen.operation = operation;
    request.operation = operation;
    const denied = authorize(
      request.headers,
      resolved.params.tenantId,
      resolved.op.operationId,
      request.method,
    );
    if (denied) throw denied;
    const body = resolved.op.body && request.readBody ? await request.readBody() : undefined;
    operation.body = body;
    // Parsed, a large body is checked and run in turns of its own (operate).
    if (isLarge(request)) await nextTurn();
    if (simulate) {
      const simulated = simulate({
        method: request.method,
        path,
        operationId: resolved.op.operationId,
        region,
        tenantId: resolved.params.tenantId,
        environment: resolved.params.environment,
        headers: request.headers,
      });
      // Most requests: nothing to simulate, decided without a promise.
      if (simulated) {
        const instead = await simulated;
        if (instead?.afterOperation) {
          const lose = instead.afterOperation;
          let own: MockAnswer;
          try {
            own = await operate(request, resolved, region, search, body);
          } catch (err) {
            own = errorAnswer(err, logError);
          }
          return lose(own);
        }
        if (instead) return instead;
      }
    }
    return operate(request, resolved, region, search, body);
  };

  /** Checks the request's query and body for what no accepted request holds, then operate on. */
  const operate = (
    request: MockRequest,
    resolved: ResolvedRequest,
    region: string,
    search: string,
    body: unknown,
  ): MockAnswer | Promise<MockAnswer> => {
    const garbled = queryNotUtf8(search);
    if (garbled) {
      const { name, written } = garbled;
      const message = `is not valid percent-encoding: "${written.slice(0, 200)}" holds bytes that are no UTF-8 text; percent-encode the text as UTF-8 (encodeURIComponent does)`;
      throw invalid([{ path: name === '' ? 'query' : `query.${name}`, message }]);
    }
    const query = parseQuery(search);
    const costly = batchPastBudget(body);
    if (costly) throw costly;
    const unsafe = findUnsafe(body) ?? findUnsafe(query, 'query');
    if (unsafe) throw badRequest(unsafe);
    // A large body's schema check takes a turn of its own, and its handler another.
    return isLarge(request)
      ? nextTurn().then(() => checkAndRun(request, resolved, region, query, body))
      : checkAndRun(request, resolved, region, query, body);
  };

  /** Checks the query and body against the operation's schemas, then runs its handler. */
  const checkAndRun = (
    request: MockRequest,
    resolved: ResolvedRequest,
    region: string,
    query: Record<string, unknown>,
    body: unknown,
  ): MockAnswer | Promise<MockAnswer> => {
    const contentType = request.headers['content-type'];
    const checked = validator.check(resolved, {
      query,
      body,
      contentType: Array.isArray(contentType) ? contentType[0] : (contentType as string | undefined),
      bodyBytes: request.bodyBytes,
    });
    const operation = request.operation;
    let notesLeftOff = 0;
    const note = (text: string): void => {
      if (!operation) return;
      const notes = (operation.notes ??= []);
      if (notes.length < NOTES_KEPT) {
        notes.push(text.length > NOTE_LENGTH ? `${text.slice(0, NOTE_LENGTH - 1)}…` : text);
        return;
      }
      notesLeftOff += 1;
      // A plain number: toLocaleString per note cost more than the rest of a note together.
      notes[NOTES_KEPT] = `and ${notesLeftOff} more notes, not kept`;
    };
    checked.notes.forEach(note);
    const handler = handlers[resolved.op.operationId] as OperationHandler;
    const large = isLarge(request);
    const run = () =>
      handler({
        operationId: resolved.op.operationId,
        region,
        params: checked.params,
        query: checked.query,
        body,
        headers: request.headers,
        url: request.url,
        note,
        ...(large && { inTurns: true }),
      });
    return large ? nextTurn().then(run) : run();
  };

  return async (request) => {
    const seen: { operation?: AnsweredOperation } = {};
    let result: MockAnswer;
    try {
      result = await answer(request, seen);
    } catch (err) {
      result = errorAnswer(err, logError);
    }
    result.operation = seen.operation;
    if (result.stubbed !== undefined && seen.operation) seen.operation.stubbed = result.stubbed;
    return result;
  };
}
