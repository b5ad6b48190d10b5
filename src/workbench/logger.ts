// The logger of the request log, on stdout. A module of its own: a server started with --quiet
// does not load pino and pino-pretty (about 10 MiB of resident memory).
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './requestLog.js';
import { logInColour } from './logColour.js';

export interface LoggerOptions {
  format: LogFormat;
  /** Colours in the pretty form; default: as logInColour decides for stdout. */
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
      colorize: options.colorize ?? logInColour(process.stdout),
      translateTime: 'SYS:HH:MM:ss.l',
      hideObject: true,
      ignore: 'pid,hostname',
      sync: true,
      ...(options.destination ? { destination: options.destination } : { destination: 1 }),
    }),
  );
}
