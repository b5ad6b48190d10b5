// When and how long a recording or a contract run waits before asking a deployment again
// (src/contract/retry.ts).
import { describe, expect, it } from 'vitest';
import { asksLater, fetchPatiently, MAX_WAIT_MS, pause, retryWaitMs } from '../../src/contract/retry.js';
import { noAnswerAdvice } from '../../src/contract/preflight.js';
import { startServer } from '../../src/server.js';

describe('asksLater', () => {
  it('sends any request again after a 429, and only a read after a 502, 503 or 504', () => {
    expect(['GET', 'POST', 'DELETE'].map((m) => asksLater(m, 429))).toEqual([true, true, true]);
    expect([502, 503, 504].map((s) => asksLater('get', s))).toEqual([true, true, true]);
    expect([502, 503, 504].map((s) => asksLater('POST', s))).toEqual([false, false, false]);
    expect([200, 400, 404, 500].map((s) => asksLater('GET', s))).toEqual([false, false, false, false]);
  });
});

describe('retryWaitMs', () => {
  it('follows a Retry-After in seconds or as an HTTP date', () => {
    expect(retryWaitMs('7', 1)).toBe(7000);
    expect(retryWaitMs(' 0 ', 3)).toBe(0);
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(retryWaitMs('Tue, 24 Nov 2026 10:00:12 GMT', 1, 1000, now)).toBe(12_000);
    // A date already past: ask at once.
    expect(retryWaitMs('Tue, 24 Nov 2026 09:00:00 GMT', 1, 1000, now)).toBe(0);
  });

  it('doubles its own wait from the base when the answer gives none, or one it cannot read', () => {
    expect([1, 2, 3, 4].map((retry) => retryWaitMs(null, retry))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryWaitMs('soon', 2, 50)).toBe(100);
    // Date.parse reads these as days of 2001: not a date in the past to retry at once after.
    expect(retryWaitMs('-1', 2, 50)).toBe(100);
    expect(retryWaitMs('2 5', 2, 50)).toBe(100);
  });

  it('reads seconds with a fraction as seconds', () => {
    expect(retryWaitMs('1.5', 1)).toBe(1500);
    expect(retryWaitMs('0.25', 4)).toBe(250);
  });

  it('gives up on a wait longer than a minute', () => {
    expect(retryWaitMs(String(MAX_WAIT_MS / 1000), 1)).toBe(MAX_WAIT_MS);
    expect(retryWaitMs(String(MAX_WAIT_MS / 1000 + 1), 1)).toBeUndefined();
  });
});

describe('pause', () => {
  it('ends at once when the recording is stopped', async () => {
    const stop = new AbortController();
    const waiting = pause(60_000, stop.signal);
    stop.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
  });
});

describe('fetchPatiently', () => {
  it('asks a read again when its connection is dropped, but never a write, nor an address nobody answers', async () => {
    const server = await startServer({ port: 0 });
    try {
      const rule = (body: object) =>
        fetch(`${server.url}/__admin/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ network: 'reset', times: 2, ...body }),
        });
      const said: string[] = [];
      const onRetry = (message: string) => said.push(message);
      const url = `${server.url}/acme/dev/product-types`;
      await rule({ operationId: 'listProductTypes' });
      const { res } = await fetchPatiently(
        url,
        { method: 'GET', headers: { 'x-api-key': 'k' } },
        { retryBaseMs: 5, onRetry },
      );
      expect(res.status).toBe(200);
      expect(said).toEqual([
        `GET ${url}: the connection was dropped (ECONNRESET); asking again in 0.0 s (try 2 of 5)`,
        `GET ${url}: the connection was dropped (ECONNRESET); asking again in 0.0 s (try 3 of 5)`,
      ]);

      said.length = 0;
      await rule({ operationId: 'upsertProductTypes' });
      const write = fetchPatiently(
        url,
        {
          method: 'POST',
          headers: { 'x-api-key': 'k', 'content-type': 'application/json' },
          body: '{"data":[{"productTypeId":"t"}]}',
        },
        { retryBaseMs: 5, onRetry },
      );
      await expect(write).rejects.toThrow(TypeError);
      expect(said).toEqual([]);
    } finally {
      await server.close();
    }
    // The server is gone: its port refuses, and that is not asked again.
    const said: string[] = [];
    const refused = await fetchPatiently(
      `${server.url}/acme/dev/products`,
      { method: 'GET' },
      { retryBaseMs: 5, onRetry: (m) => said.push(m) },
    ).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TypeError);
    expect(said).toEqual([]);
    // The preflight's advice for it: where the service should be.
    expect(noAnswerAdvice(refused as Error)).toMatch(/^Check the host and port of --base-url/);
  });

  it('asks a read again when its answer breaks off halfway through its body, and hands back a whole one', async () => {
    const server = await startServer({ port: 0 });
    try {
      await fetch(`${server.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operationId: 'listProductTypes', network: 'cut', times: 2 }),
      });
      const said: string[] = [];
      const url = `${server.url}/acme/dev/product-types`;
      const { res } = await fetchPatiently(
        url,
        { method: 'GET', headers: { 'x-api-key': 'k' } },
        { retryBaseMs: 5, onRetry: (message) => said.push(message) },
      );
      expect(res.status).toBe(200);
      // the body of the third answer, whole (an empty server's): the first two were cut
      expect(await res.json()).toEqual({ data: [] });
      expect(said).toHaveLength(2);
      expect(said[0]).toMatch(
        new RegExp(
          `^GET ${url}: its answer 200 broke off while its body was read \\(\\w+\\); asking again in 0\\.0 s \\(try 2 of 5\\)$`,
        ),
      );
      // Broken every time: after five tries it fails, saying what broke.
      await fetch(`${server.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operationId: 'listProductTypes', network: 'cut' }),
      });
      const failed = await fetchPatiently(
        url,
        { method: 'GET', headers: { 'x-api-key': 'k' } },
        { retryBaseMs: 1 },
      ).catch((err: Error) => err);
      expect(((failed as Error).cause as Error).message).toMatch(
        /^its answer 200 broke off while its body was read: \w/,
      );
      // The preflight's advice then says the service was reached, not to check the host and port.
      const advice = noAnswerAdvice(failed as Error);
      expect(advice).toMatch(/^The service answered 200, but its answer broke off before its end each time/);
      expect(advice).not.toContain('host and port');
    } finally {
      await server.close();
    }
  });
});
