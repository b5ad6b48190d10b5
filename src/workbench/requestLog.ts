// The request log: one line per request on stdout, readable in a terminal or one JSON object per line.
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';
export const LOG_FORMATS: readonly LogFormat[] = ['pretty', 'json'];

/** What the log says about one answered request. */
export interface LoggedRequest {
  method: string;
  /** Path with query, as requested. */
  url: string;
  status: number;
  durationMs: number;
  /** The error's `message` of a 4xx or 5xx answer. */
  message?: string;
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: { method: string; url: string; status: number; durationMs: number; error?: string };
  msg: string;
}

/** Rounded to a tenth of a millisecond: finer is noise. */
const tenth = (ms: number): number => Math.round(ms * 10) / 10;

export function logEntry(request: LoggedRequest): LogEntry {
  const durationMs = tenth(request.durationMs);
  const failed = request.status >= 400 && request.message !== undefined;
  return {
    level: request.status >= 500 ? 'error' : request.status >= 400 ? 'warn' : 'info',
    fields: {
      method: request.method,
      url: request.url,
      status: request.status,
      durationMs,
      ...(failed && { error: request.message }),
    },
    msg:
      `${request.method} ${request.url} ${request.status} ${durationMs} ms` +
      (failed ? ` - ${request.message}` : ''),
  };
}

export interface LoggerOptions {
  format: LogFormat;
  /** Colours in the pretty form; default: when stdout is a terminal. */
  colorize?: boolean;
  /** Where lines go; default stdout (file descriptor 1, written from whatever thread serves). */
  destination?: DestinationStream;
}

/**
 * A pino logger writing to stdout. Lines are written synchronously: the server runs on a worker
 * thread and may be ended at any moment, and a line buffered there would be lost.
 */
export function createLogger(options: LoggerOptions): Logger {
  const base = { base: undefined, timestamp: pino.stdTimeFunctions.isoTime } as const;
  if (options.format === 'json') {
    return pino(base, options.destination ?? pino.destination({ dest: 1, sync: true }));
  }
  return pino(
    base,
    pretty({
      colorize: options.colorize ?? Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      hideObject: true,
      ignore: 'pid,hostname',
      sync: true,
      ...(options.destination ? { destination: options.destination } : { destination: 1 }),
    }),
  );
}

/** Writes one request's line. */
export function logRequest(logger: Logger, request: LoggedRequest): void {
  const entry = logEntry(request);
  logger[entry.level](entry.fields, entry.msg);
}
