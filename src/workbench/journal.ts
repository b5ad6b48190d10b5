// The request journal: the last API requests, for a test to ask what an app sent (GET /__admin/requests).
import { ApiError } from '../domain/errors.js';

export const JOURNAL_SIZE = 1000;
/** A body whose JSON is longer than this is left out of its entry (bodyOmitted says so). */
export const JOURNAL_BODY_BYTES = 16 * 1024;

export interface JournalEntry {
  /** When the request arrived, ISO 8601. */
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  status: number;
  durationMs: number;
  tenantId: string | null;
  environment: string | null;
  operationId: string | null;
  /** The JSON body as received; never a header, so never a token. */
  body?: unknown;
  bodyOmitted?: string;
}

export interface JournalFilter {
  method?: string;
  path?: string;
  status?: number;
  tenantId?: string;
  limit?: number;
}

/** The query string's parameters; a repeated name keeps every value. */
export function queryObject(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return query;
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
  tenantId?: string;
  environment?: string;
  operationId?: string;
  /** The parsed JSON body, when there was one. */
  body?: unknown;
  /** Its size on the wire (Content-Length), when known. */
  bodyBytes?: number;
  bodyOmitted?: string;
}

/** The body as it goes into an entry: small ones as they are, larger ones named by their size. */
export function journalBody(body: unknown, bytes?: number): Pick<JournalEntry, 'body' | 'bodyOmitted'> {
  if (body === undefined) return {};
  const size = bytes ?? Buffer.byteLength(JSON.stringify(body) ?? '');
  return size <= JOURNAL_BODY_BYTES
    ? { body }
    : { bodyOmitted: `${size} bytes of JSON, more than the ${JOURNAL_BODY_BYTES} kept` };
}

const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

export function journalEntry(record: JournalRecord): JournalEntry {
  const q = record.url.indexOf('?');
  return {
    at: new Date(record.at).toISOString(),
    method: record.method,
    path: pathOf(record.url),
    query: q < 0 ? {} : queryObject(record.url.slice(q + 1)),
    status: record.status,
    durationMs: Math.round(record.durationMs * 10) / 10,
    tenantId: record.tenantId ?? null,
    environment: record.environment ?? null,
    operationId: record.operationId ?? null,
    ...(record.body !== undefined && { body: record.body }),
    ...(record.bodyOmitted !== undefined && { bodyOmitted: record.bodyOmitted }),
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

/** Reads the filters of GET /__admin/requests; a value that cannot be meant gets a 400. */
export function parseJournalFilter(query: Record<string, string | undefined>): JournalFilter {
  const known = new Set(['method', 'path', 'status', 'tenantId', 'limit']);
  const unknown = Object.keys(query).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ApiError(400, `Unknown filter ${unknown.join(', ')}; filters: ${[...known].join(', ')}`);
  }
  const whole = (name: string, min: number, max: number): number | undefined => {
    const text = query[name];
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) {
      throw new ApiError(400, `${name} must be a whole number from ${min} to ${max}, not "${text}"`);
    }
    return n;
  };
  return {
    method: query.method,
    path: query.path,
    tenantId: query.tenantId,
    status: whole('status', 100, 599),
    limit: whole('limit', 1, JOURNAL_SIZE),
  };
}

/** A ring of the last JOURNAL_SIZE entries; entries are values, never changed once recorded. */
export class RequestJournal {
  readonly #entries: (JournalRecord | undefined)[];
  #next = 0;
  #count = 0;

  constructor(readonly size = JOURNAL_SIZE) {
    this.#entries = new Array<JournalRecord | undefined>(size);
  }

  record(record: JournalRecord): void {
    this.#entries[this.#next] = kept(record);
    this.#next = (this.#next + 1) % this.size;
    this.#count = Math.min(this.#count + 1, this.size);
  }

  get count(): number {
    return this.#count;
  }

  /** Newest first, those that pass every filter given, at most `limit`. */
  find(filter: JournalFilter = {}): JournalEntry[] {
    const method = filter.method?.toUpperCase();
    const found: JournalEntry[] = [];
    const limit = filter.limit ?? this.size;
    for (let i = 1; i <= this.#count && found.length < limit; i++) {
      const record = this.#entries[(this.#next - i + this.size) % this.size] as JournalRecord;
      if (method !== undefined && record.method !== method) continue;
      if (filter.path !== undefined && !pathOf(record.url).includes(filter.path)) continue;
      if (filter.status !== undefined && record.status !== filter.status) continue;
      if (filter.tenantId !== undefined && record.tenantId !== filter.tenantId) continue;
      found.push(journalEntry(record));
    }
    return found;
  }

  clear(): void {
    this.#entries.fill(undefined);
    this.#next = 0;
    this.#count = 0;
  }
}
