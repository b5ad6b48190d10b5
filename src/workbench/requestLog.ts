// The request log: what one line says about a request (the logger itself: src/workbench/logger.ts).
import type { Logger } from 'pino';

export type LogFormat = 'pretty' | 'json';

/** What the log says about one answered request. */
export interface LoggedRequest {
  method: string;
  /** Path with query, as requested. */
  url: string;
  status: number;
  durationMs: number;
  /** The error's `message` of a 4xx or 5xx answer. */
  message?: string;
  /** `upstream` when the answer came from the upstream deployment (docs/upstream.md). */
  source?: 'upstream';
  /** What the mock ignored of the request or how it read it (an undocumented query parameter). */
  notes?: readonly string[];
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: {
    method: string;
    url: string;
    status: number;
    durationMs: number;
    error?: string;
    source?: 'upstream';
    notes?: readonly string[];
  };
  msg: string;
}

/** Rounded to a tenth of a millisecond: finer is noise. */
const tenth = (ms: number): number => Math.round(ms * 10) / 10;

export function logEntry(request: LoggedRequest): LogEntry {
  const durationMs = tenth(request.durationMs);
  const failed = request.status >= 400 && request.message !== undefined;
  const notes = request.notes?.length ? request.notes : undefined;
  return {
    level: request.status >= 500 ? 'error' : request.status >= 400 ? 'warn' : 'info',
    fields: {
      method: request.method,
      url: request.url,
      status: request.status,
      durationMs,
      ...(failed && { error: request.message }),
      ...(request.source !== undefined && { source: request.source }),
      ...(notes && { notes }),
    },
    msg:
      `${request.method} ${request.url} ${request.status} ${durationMs} ms` +
      (request.source === 'upstream' ? ' (from upstream)' : '') +
      (failed ? ` - ${request.message}` : '') +
      (notes ? ` (note: ${notes.join('; ')})` : ''),
  };
}

/** Writes one request's line. */
export function logRequest(logger: Logger, request: LoggedRequest): void {
  const entry = logEntry(request);
  logger[entry.level](entry.fields, entry.msg);
}
