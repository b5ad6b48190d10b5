// The request journal: the last API requests, for a test to ask what an app sent (GET /__admin/requests).
import type { components } from '../generated/openapi.js';
import { badRequest } from '../domain/errors.js';
import { given, givenText, shownName } from '../domain/given.js';
import { parseQuery } from '../pipeline/query.js';
import { pathHolds } from './pathPart.js';

export const JOURNAL_SIZE = 1000;
/**
 * The most entries one client keeps by default (--journal-per-scope): a client is the scope a request
 * named (region, tenant and environment), as each test worker or app under test has its own; the
 * requests that named none (an unknown path) are one client together (docs/security.md, "Bounds").
 */
const JOURNAL_PER_SCOPE = 250;
/** A body whose JSON is longer than this is left out of its entry (bodyOmitted says so). */
export const JOURNAL_BODY_BYTES = 16 * 1024;
/** Of an answer's body, at most this much of its text is kept (`answer.truncated` says when it was cut). */
export const JOURNAL_ANSWER_BYTES = 16 * 1024;
/**
 * An answer written from stored records is held by reference up to this size, and cut to
 * JOURNAL_ANSWER_BYTES only when its entry is asked for: records are shared with the store, so
 * holding them costs nothing, where copying the first 16 KiB of each larger answer cost a product
 * read a fifth of its CPU time (docs/performance.md, "Dashboard stream"). At worst, when every kept
 * entry names a version of a record since replaced, the journal holds 1,000 of them, 64 MiB.
 */
export const JOURNAL_ANSWER_HELD_BYTES = 64 * 1024;

/**
 * An entry as GET /__admin/requests answers it: its shape is openapi.yaml's JournalEntry; the query
 * is kept as the request's parser gave it. The body is never a header, so never a token.
 */
export type JournalEntry = Omit<components['schemas']['JournalEntry'], 'query'> & {
  query: Record<string, string | string[]>;
};
type JournalAnswer = components['schemas']['JournalAnswer'];

export interface JournalFilter {
  /** The entry of this id (JournalEntry.id). */
  id?: number;
  method?: string;
  path?: string;
  status?: number;
  tenantId?: string;
  operationId?: string;
  /** The request's whole scope, exactly (GET /__admin/scopes/{region}/{tenantId}/{environment}/requests). */
  scope?: { region: string; tenantId: string; environment: string };
  limit?: number;
}

/** What is recorded per request: little work while answering, the entry is built when asked for. */
export interface JournalRecord {
  /** When the request arrived, ms since the epoch. */
  at: number;
  method: string;
  /** Path and query, as requested. */
  url: string;
  status: number;
  durationMs: number;
  /** The region of the request's scope, when it reached an operation. */
  region?: string;
  tenantId?: string;
  environment?: string;
  operationId?: string;
  /** The id of the stub rule that answered it (docs/behaviour.md, "Stub rules"). */
  stubbed?: string;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** Its size on the wire (Content-Length), when known. */
  bodyBytes?: number;
  bodyOmitted?: string;
  /** `upstream` when the answer came from the upstream deployment (docs/upstream.md). */
  source?: 'upstream';
  /** The error's message of a 4xx or 5xx answer (what a person reads to fix the request). */
  message?: string;
  /** What the mock ignored of the request or how it read it (docs/behaviour.md, "Parameters"). */
  notes?: readonly string[];
  /** Set by the journal: the request's number since the start, 1 for the first (JournalEntry.id). */
  id?: number;
  /** The size of the answer's body as sent, in bytes, when it was JSON (not a HEAD answer's). */
  answerBytes?: number;
  /**
   * The answer's body as text: the whole, or its first JOURNAL_ANSWER_BYTES when larger. The string
   * the answer was written from is kept as it is, not copied.
   */
  answerText?: string;
  /**
   * Or the answer's body as the JSON value it was written from, when it was written from stored
   * records' cached bytes and is at most JOURNAL_ANSWER_HELD_BYTES: kept by reference (records are
   * never changed in place), turned into text, and cut to JOURNAL_ANSWER_BYTES, only when an entry is
   * asked for.
   */
  answerJson?: unknown;
}

/** The body as it goes into an entry: small ones as they are, larger ones named by their size. */
export function journalBody(body: unknown, bytes?: number): Pick<JournalEntry, 'body' | 'bodyOmitted'> {
  if (body === undefined) return {};
  // TextEncoder, not Buffer: the msw handlers journal in a browser too.
  const size = bytes ?? new TextEncoder().encode(JSON.stringify(body) ?? '').length;
  return size <= JOURNAL_BODY_BYTES
    ? { body }
    : { bodyOmitted: `${size} bytes of JSON, more than the ${JOURNAL_BODY_BYTES} kept` };
}

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** What an entry says of the answer's body; without `withBody`, its size only (the stream's entries). */
function journalAnswer(record: JournalRecord, withBody: boolean): JournalAnswer | undefined {
  if (record.answerBytes === undefined) return undefined;
  const answer: JournalAnswer = {
    bytes: record.answerBytes,
    truncated: record.answerBytes > JOURNAL_ANSWER_BYTES,
  };
  if (withBody) answer.body = record.answerText ?? firstBytes(JSON.stringify(record.answerJson) ?? '');
  return answer;
}

/** The text's first JOURNAL_ANSWER_BYTES as UTF-8, ending before a character the bound would cut. */
function firstBytes(text: string): string {
  // Each UTF-16 unit is at most 3 bytes: a text this short is within the bound.
  if (text.length * 3 <= JOURNAL_ANSWER_BYTES) return text;
  // TextEncoder, not Buffer: the msw handlers journal in a browser too.
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= JOURNAL_ANSWER_BYTES) return text;
  let end = JOURNAL_ANSWER_BYTES;
  // Back to the first byte of the character at the bound: the text ends before it.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return new TextDecoder().decode(bytes.subarray(0, end));
}

/** The entry of a record; `answerBody: false` leaves the answer's body out (the stream's entries). */
function journalEntry(record: JournalRecord & { id: number }, { answerBody = true } = {}): JournalEntry {
  const q = record.url.indexOf('?');
  const answer = journalAnswer(record, answerBody);
  return {
    id: record.id,
    at: new Date(record.at).toISOString(),
    method: record.method,
    path: pathOf(record.url),
    query: q < 0 ? {} : parseQuery(record.url.slice(q + 1)),
    status: record.status,
    durationMs: Math.round(record.durationMs * 10) / 10,
    tenantId: record.tenantId ?? null,
    environment: record.environment ?? null,
    operationId: record.operationId ?? null,
    ...(record.stubbed !== undefined && { stubbed: record.stubbed }),
    ...(record.body !== undefined && { body: record.body }),
    ...(record.bodyOmitted !== undefined && { bodyOmitted: record.bodyOmitted }),
    ...(record.source !== undefined && { source: record.source }),
    ...(record.message !== undefined && record.status >= 400 && { message: record.message }),
    ...(record.notes?.length && { notes: [...record.notes] }),
    ...(answer && { answer }),
  };
}

/** A record as kept: a body over the bound is dropped at once, not held for 1,000 requests. */
function kept(record: JournalRecord): JournalRecord {
  if (
    record.body === undefined ||
    (record.bodyBytes !== undefined && record.bodyBytes <= JOURNAL_BODY_BYTES)
  ) {
    return record;
  }
  const { body, ...rest } = record;
  return { ...rest, ...journalBody(body, record.bodyBytes) };
}

/**
 * Reads the filters of GET /__admin/requests; a value that cannot be meant gets a 400 that names the
 * parameter as the API's operations do (`query.limit`), and says what was given. `methods`: the
 * methods a request can have (node's http.METHODS, passed in: this module also runs in a browser);
 * a method outside them (GETT) matched nothing, without a word.
 */
export function parseJournalFilter(
  query: Record<string, string | undefined>,
  methods?: readonly string[],
): JournalFilter {
  const known = new Set(['method', 'path', 'status', 'tenantId', 'operationId', 'limit', 'id']);
  const unknown = Object.keys(query).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    // The first 20 names, and how many more: a URL of 2,000 of them was a message of 270 KB.
    const named = unknown.slice(0, 20).map((name) => `query.${shownName(name)}`);
    const more = unknown.length > named.length ? ` and ${unknown.length - named.length} more` : '';
    throw badRequest(`${named.join(', ')}${more}: no such filter; filters: ${[...known].join(', ')}`);
  }
  const whole = (name: string, min: number, max: number): number | undefined => {
    const text = query[name];
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) {
      throw badRequest(`query.${name} must be a whole number from ${min} to ${max}${givenText(text)}`);
    }
    return n;
  };
  // An empty one (?method=$METHOD, unset) matched no entry, or for path every one: neither was meant.
  const text = (name: string): string | undefined => {
    if (query[name] === '')
      throw badRequest(`query.${name} is empty: give a value to filter by, or leave ${name} out`);
    return query[name];
  };
  const method = text('method');
  if (method !== undefined && methods && !methods.includes(method.toUpperCase())) {
    throw badRequest(
      `query.method must be an HTTP method a request can have, such as GET or POST${given(method)}`,
    );
  }
  return {
    id: whole('id', 1, Number.MAX_SAFE_INTEGER),
    method,
    path: text('path'),
    tenantId: text('tenantId'),
    operationId: text('operationId'),
    status: whole('status', 100, 599),
    limit: whole('limit', 1, JOURNAL_SIZE),
  };
}

/** The client a record is counted for: the scope it named, or '' for the requests that named none. */
const clientOf = (region?: string, tenantId?: string, environment?: string): string =>
  tenantId === undefined ? '' : `${region ?? ''}/${tenantId}/${environment ?? ''}`;

/**
 * A ring of the last JOURNAL_SIZE requests, kept column by column: numbers in typed arrays, and of
 * each request only its strings and body. A record object kept per request would outlive the young
 * generation and be copied into the old one at the rate requests come in, which slows every answer.
 * No client (clientOf) keeps more than `perClient` of them: one over its share loses its own oldest
 * entries (a tenth of its share), so that a noisy one (a loop of bad requests, a test worker)
 * pushes out no other's.
 */
export class RequestJournal {
  readonly #id: Float64Array;
  readonly #at: Float64Array;
  readonly #durationMs: Float64Array;
  readonly #status: Uint16Array;
  readonly #method: (string | undefined)[];
  readonly #url: (string | undefined)[];
  readonly #region: (string | undefined)[];
  readonly #stubbed: (string | undefined)[];
  readonly #tenantId: (string | undefined)[];
  readonly #environment: (string | undefined)[];
  readonly #operationId: (string | undefined)[];
  readonly #body: unknown[];
  readonly #bodyOmitted: (string | undefined)[];
  readonly #source: ('upstream' | undefined)[];
  readonly #message: (string | undefined)[];
  readonly #notes: (readonly string[] | undefined)[];
  /** The answer's size in bytes; -1 for none. */
  readonly #answerBytes: Float64Array;
  readonly #answerText: (string | undefined)[];
  readonly #answerJson: unknown[];
  /** The columns of strings, for the moves and clears that treat them alike. */
  readonly #strings: (string | undefined)[][];
  /** The other columns of values (bodies, notes, answers), moved and cleared alike. */
  readonly #values: unknown[][];
  /** How many entries each client keeps now; a client with none is not listed. */
  readonly #perClientCount = new Map<string, number>();
  #next = 0;
  #count = 0;
  /** The id of the last request recorded; ids go on after a clear, so a stream's place stays valid. */
  #lastId = 0;

  constructor(
    readonly size = JOURNAL_SIZE,
    readonly perClient = JOURNAL_PER_SCOPE,
  ) {
    this.#id = new Float64Array(size);
    this.#at = new Float64Array(size);
    this.#durationMs = new Float64Array(size);
    this.#status = new Uint16Array(size);
    const column = () => new Array<string | undefined>(size).fill(undefined);
    this.#method = column();
    this.#url = column();
    this.#region = column();
    this.#stubbed = column();
    this.#tenantId = column();
    this.#environment = column();
    this.#operationId = column();
    this.#body = new Array<unknown>(size).fill(undefined);
    this.#bodyOmitted = column();
    this.#source = new Array<'upstream' | undefined>(size).fill(undefined);
    this.#message = column();
    this.#notes = new Array<readonly string[] | undefined>(size).fill(undefined);
    this.#answerBytes = new Float64Array(size).fill(-1);
    this.#answerText = column();
    this.#answerJson = new Array<unknown>(size).fill(undefined);
    this.#strings = [
      this.#method,
      this.#url,
      this.#region,
      this.#stubbed,
      this.#tenantId,
      this.#environment,
      this.#operationId,
      this.#bodyOmitted,
      this.#message,
      this.#answerText,
    ];
    this.#values = [this.#body, this.#source, this.#notes, this.#answerJson];
  }

  record(record: JournalRecord): void {
    this.#put(record, ++this.#lastId);
  }

  #put(record: JournalRecord, id: number): void {
    const client = clientOf(record.region, record.tenantId, record.environment);
    const held = this.#perClientCount.get(client) ?? 0;
    if (held >= this.perClient) this.#dropOldestOf(client);
    else if (this.#count === this.size) this.#uncount(this.#next);
    this.#perClientCount.set(client, (this.#perClientCount.get(client) ?? 0) + 1);
    const i = this.#next;
    const { body, bodyOmitted } = kept(record);
    this.#id[i] = id;
    this.#at[i] = record.at;
    this.#durationMs[i] = record.durationMs;
    this.#status[i] = record.status;
    this.#method[i] = record.method;
    this.#url[i] = record.url;
    this.#region[i] = record.region;
    this.#stubbed[i] = record.stubbed;
    this.#tenantId[i] = record.tenantId;
    this.#environment[i] = record.environment;
    this.#operationId[i] = record.operationId;
    this.#body[i] = body;
    this.#bodyOmitted[i] = bodyOmitted;
    this.#source[i] = record.source;
    this.#message[i] = record.status >= 400 ? record.message : undefined;
    this.#notes[i] = record.notes?.length ? record.notes : undefined;
    this.#answerBytes[i] = record.answerBytes ?? -1;
    this.#answerText[i] = record.answerText;
    this.#answerJson[i] = record.answerText === undefined ? record.answerJson : undefined;
    this.#next = (i + 1) % this.size;
    this.#count = Math.min(this.#count + 1, this.size);
  }

  /** The client of slot i. */
  #clientAt(i: number): string {
    return clientOf(this.#region[i], this.#tenantId[i], this.#environment[i]);
  }

  /** Slot i's entry leaves the journal: its client keeps one fewer. */
  #uncount(i: number): void {
    const client = this.#clientAt(i);
    const left = (this.#perClientCount.get(client) ?? 1) - 1;
    if (left > 0) this.#perClientCount.set(client, left);
    else this.#perClientCount.delete(client);
  }

  /**
   * Forgets the client's oldest entries, a tenth of its share (at least one), in one pass: the
   * entries older than the last of them move towards the newer, and the oldest slots are free. The
   * order of the others stays, so ids still rise from the oldest slot to the newest. One at a time,
   * a scope at its share beside the others' older entries moved 750 of them for each of its
   * requests (56 µs); a tenth at a time, 30 (docs/security.md, "Bounds").
   */
  #dropOldestOf(client: string): void {
    const oldest = (this.#next - this.#count + this.size) % this.size;
    const slot = (n: number) => (oldest + n) % this.size;
    const want = Math.ceil(this.perClient / 10);
    let dropped = 0;
    let last = -1;
    for (let n = 0; n < this.#count && dropped < want; n++) {
      if (this.#clientAt(slot(n)) === client) {
        dropped++;
        last = n;
      }
    }
    if (dropped === 0) return;
    // The client's entries up to `last` are the ones dropped; the others close up behind them.
    let to = last;
    for (let n = last; n >= 0; n--) {
      const i = slot(n);
      if (this.#clientAt(i) === client) {
        this.#uncount(i);
        continue;
      }
      if (to !== n) this.#move(i, slot(to));
      to--;
    }
    for (let n = 0; n < dropped; n++) this.#empty(slot(n));
    this.#count -= dropped;
  }

  /** Slot `from`'s entry written into slot `to`. */
  #move(from: number, to: number): void {
    this.#id[to] = this.#id[from] as number;
    this.#at[to] = this.#at[from] as number;
    this.#durationMs[to] = this.#durationMs[from] as number;
    this.#status[to] = this.#status[from] as number;
    this.#answerBytes[to] = this.#answerBytes[from] as number;
    for (const column of this.#strings) column[to] = column[from];
    for (const column of this.#values) column[to] = column[from];
  }

  /** Slot i holds nothing (its strings, body and answer no longer kept alive). */
  #empty(i: number): void {
    for (const column of this.#strings) column[i] = undefined;
    for (const column of this.#values) column[i] = undefined;
    this.#answerBytes[i] = -1;
  }

  /**
   * The id of the last request recorded (0 before the first). A reader of the entries as they come
   * (the dashboard's stream) compares it with the last it read: recording does no work for it.
   */
  get lastId(): number {
    return this.#lastId;
  }

  /**
   * The entries recorded after the one of id `afterId`, oldest first, at most `max` (the newest of
   * them), without the answers' bodies; `skipped` counts those left out, by `max` or because newer
   * requests pushed them out of the ring.
   */
  since(afterId: number, max: number): { entries: JournalEntry[]; skipped: number } {
    const entries: JournalEntry[] = [];
    for (let n = 1; n <= this.#count && entries.length < max; n++) {
      const i = (this.#next - n + this.size) % this.size;
      if ((this.#id[i] as number) <= afterId) break;
      entries.push(journalEntry(this.#recordAt(i), { answerBody: false }));
    }
    const oldest = entries.length === 0 ? this.#lastId + 1 : (entries[entries.length - 1]?.id as number);
    return { entries: entries.reverse(), skipped: Math.max(0, oldest - afterId - 1) };
  }

  get count(): number {
    return this.#count;
  }

  /**
   * Newest first, those that pass every filter given, at most `limit`; `answerBody: false` leaves the
   * answers' bodies out (the stream's entries).
   */
  find(filter: JournalFilter = {}, { answerBody = true } = {}): JournalEntry[] {
    const method = filter.method?.toUpperCase();
    const found: JournalEntry[] = [];
    const limit = filter.limit ?? this.size;
    for (let n = 1; n <= this.#count && found.length < limit; n++) {
      const i = (this.#next - n + this.size) % this.size;
      if (filter.id !== undefined && this.#id[i] !== filter.id) continue;
      if (method !== undefined && this.#method[i] !== method) continue;
      if (filter.path !== undefined && !pathHolds(pathOf(this.#url[i] as string), filter.path)) continue;
      if (filter.status !== undefined && this.#status[i] !== filter.status) continue;
      if (filter.tenantId !== undefined && this.#tenantId[i] !== filter.tenantId) continue;
      if (filter.operationId !== undefined && this.#operationId[i] !== filter.operationId) continue;
      if (filter.scope !== undefined && !this.#inScope(i, filter.scope)) continue;
      found.push(journalEntry(this.#recordAt(i), { answerBody }));
    }
    return found;
  }

  /** The record kept in slot i of the columns. */
  #recordAt(i: number): JournalRecord & { id: number } {
    const answerBytes = this.#answerBytes[i] as number;
    return {
      id: this.#id[i] as number,
      at: this.#at[i] as number,
      durationMs: this.#durationMs[i] as number,
      status: this.#status[i] as number,
      method: this.#method[i] as string,
      url: this.#url[i] as string,
      region: this.#region[i],
      tenantId: this.#tenantId[i],
      environment: this.#environment[i],
      operationId: this.#operationId[i],
      stubbed: this.#stubbed[i],
      body: this.#body[i],
      bodyOmitted: this.#bodyOmitted[i],
      source: this.#source[i],
      message: this.#message[i],
      notes: this.#notes[i],
      ...(answerBytes >= 0 && {
        answerBytes,
        answerText: this.#answerText[i],
        answerJson: this.#answerJson[i],
      }),
    };
  }

  #inScope(i: number, scope: NonNullable<JournalFilter['scope']>): boolean {
    return (
      this.#tenantId[i] === scope.tenantId &&
      this.#environment[i] === scope.environment &&
      this.#region[i] === scope.region
    );
  }

  /**
   * Forgets the requests of one scope, keeping every other's in their order: the ring is written
   * again without them. Answers how many were forgotten.
   */
  clearScope(scope: NonNullable<JournalFilter['scope']>): number {
    const kept: JournalRecord[] = [];
    let forgotten = 0;
    for (let n = this.#count; n >= 1; n--) {
      const i = (this.#next - n + this.size) % this.size;
      if (this.#inScope(i, scope)) {
        forgotten++;
        continue;
      }
      kept.push(this.#recordAt(i));
    }
    if (forgotten === 0) return 0;
    this.clear();
    // Kept records were kept already: their bodies are within the bound, or named by bodyOmitted.
    // Their ids stay: a stream's place and a page's open entry still name them.
    for (const record of kept) this.#put(record, record.id as number);
    return forgotten;
  }

  clear(): void {
    for (const column of this.#strings) column.fill(undefined);
    for (const column of this.#values) column.fill(undefined);
    this.#answerBytes.fill(-1);
    this.#perClientCount.clear();
    this.#next = 0;
    this.#count = 0;
  }
}
