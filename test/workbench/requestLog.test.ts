import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/workbench/logger.js';
import { logEntry, logRequest, type LogFormat } from '../../src/workbench/requestLog.js';

/** A logger writing into an array of lines. */
function capture(format: LogFormat) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ format, colorize: false, destination }) };
}

describe('request log', () => {
  it('says method, path with query, status and duration, and the message of an error', () => {
    expect(
      logEntry({ method: 'GET', url: '/acme/dev/products?limit=2', status: 200, durationMs: 3.14159 }),
    ).toEqual({
      level: 'info',
      fields: { method: 'GET', url: '/acme/dev/products?limit=2', status: 200, durationMs: 3.1 },
      msg: 'GET /acme/dev/products?limit=2 200 3.1 ms',
    });
    const failed = logEntry({
      method: 'POST',
      url: '/x',
      status: 401,
      durationMs: 1,
      message: 'Missing token',
    });
    expect(failed.level).toBe('warn');
    expect(failed.msg).toBe('POST /x 401 1 ms - Missing token');
    expect(failed.fields.error).toBe('Missing token');
    expect(logEntry({ method: 'GET', url: '/x', status: 503, durationMs: 1 }).level).toBe('error');
    // Every 5xx is an error, 500 (a bug in the mock) first of all; every 4xx a warning.
    expect(logEntry({ method: 'GET', url: '/x', status: 500, durationMs: 1 }).level).toBe('error');
    expect(logEntry({ method: 'GET', url: '/x', status: 400, durationMs: 1 }).level).toBe('warn');
    expect(logEntry({ method: 'GET', url: '/x', status: 399, durationMs: 1 }).level).toBe('info');
  });

  it('says what the mock ignored of a request or how it read it', () => {
    const entry = logEntry({
      method: 'GET',
      url: '/acme/dev/products?colour=red&includeAttributeFilters=1',
      status: 200,
      durationMs: 1,
      notes: [
        'query.colour is not a query parameter of listProducts (documented: search); ignored',
        'query.includeAttributeFilters="1" read as true',
      ],
    });
    expect(entry.level).toBe('info');
    expect(entry.msg).toBe(
      'GET /acme/dev/products?colour=red&includeAttributeFilters=1 200 1 ms (note: query.colour is not a query parameter of listProducts (documented: search); ignored; query.includeAttributeFilters="1" read as true)',
    );
    expect(entry.fields.notes).toHaveLength(2);
    expect(
      logEntry({ method: 'GET', url: '/x', status: 200, durationMs: 1, notes: [] }).fields,
    ).not.toHaveProperty('notes');
  });

  it('writes one JSON object per request in the json form', () => {
    const { lines, logger } = capture('json');
    logRequest(logger, {
      method: 'GET',
      url: '/acme/dev/products/NOPE',
      status: 404,
      durationMs: 2,
      message: 'No product',
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      method: 'GET',
      url: '/acme/dev/products/NOPE',
      status: 404,
      error: 'No product',
    });
    expect(Date.parse(line.time as string)).not.toBeNaN();
  });

  it('writes one readable line per request in the pretty form', () => {
    const { lines, logger } = capture('pretty');
    logRequest(logger, {
      method: 'DELETE',
      url: '/acme/dev/products',
      status: 400,
      durationMs: 1.26,
      message: 'body.data must be array',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: DELETE \/acme\/dev\/products 400 1\.3 ms - body\.data must be array$/,
    );
  });
});
