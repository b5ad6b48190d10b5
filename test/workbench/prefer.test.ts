import { describe, expect, it } from 'vitest';
import {
  checkSimulatedStatus,
  MAX_DELAY_MS,
  MAX_RETRY_AFTER_S,
  parsePrefer,
  simulatedStatuses,
} from '../../src/workbench/prefer.js';
import { chooseLatency, parseLatency } from '../../src/workbench/latency.js';

describe('Prefer header', () => {
  it('reads code and delay, alone, combined, repeated, and ignores other preferences', () => {
    expect(parsePrefer(undefined)).toEqual({});
    expect(parsePrefer('code=503')).toEqual({ code: 503 });
    expect(parsePrefer('delay=1500')).toEqual({ delayMs: 1500 });
    expect(parsePrefer('code=503, delay=1500')).toEqual({ code: 503, delayMs: 1500 });
    expect(parsePrefer(['return=minimal', 'CODE="429"'])).toEqual({ code: 429 });
    expect(parsePrefer('respond-async, wait=5')).toEqual({});
    // Separated by semicolons, as RFC 7240 writes a preference's parameters.
    expect(parsePrefer('code=503; delay=100')).toEqual({ code: 503, delayMs: 100 });
  });

  it('takes the first of a preference given twice, as RFC 7240 says, in one header or several', () => {
    // The last one was taken: code=500 here.
    expect(parsePrefer('code=503, code=500')).toEqual({ code: 503 });
    expect(parsePrefer(['delay=100', 'delay=2000, code=429'])).toEqual({ delayMs: 100, code: 429 });
    // A later one is ignored "without signaling an error" (RFC 7240).
    expect(parsePrefer('network=reset, network=soon')).toEqual({ network: 'reset' });
  });

  it('refuses a preference it acts on given without a value, instead of ignoring it', () => {
    // `Prefer: code` answered as if no failure had been asked for; `code=` was refused.
    expect(() => parsePrefer('code')).toThrow(
      'Prefer: code= is not an HTTP status; send e.g. Prefer: code=503',
    );
    expect(() => parsePrefer('return=minimal, Delay')).toThrow(
      'Prefer: delay=: must be a whole number of milliseconds from 0 to 60000',
    );
    expect(() => parsePrefer('network')).toThrow(/^Prefer: network= is not a network failure/);
    expect(() => parsePrefer('code=503, retry-after')).toThrow(
      /^Prefer: retry-after=: must be a whole number/,
    );
    // Preferences for other servers still pass, with a value or without.
    expect(parsePrefer('respond-async, return=minimal, handling=lenient')).toEqual({});
  });

  it('refuses a code that is no status and a delay out of bounds, saying what is allowed', () => {
    expect(() => parsePrefer('code=abc')).toThrow(/not an HTTP status/);
    expect(() => parsePrefer('code=99')).toThrow(/not an HTTP status/);
    expect(() => parsePrefer(`delay=${MAX_DELAY_MS + 1}`)).toThrow(/0 to 60000/);
    expect(() => parsePrefer('delay=-5')).toThrow(/0 to 60000/);
    expect(() => parsePrefer('delay=1.5')).toThrow(/whole number/);
  });

  it('reads retry-after beside a failure code, and refuses it alone, beside a 2xx or out of bounds', () => {
    expect(parsePrefer('code=429, retry-after=5')).toEqual({ code: 429, retryAfterSeconds: 5 });
    expect(parsePrefer(['Retry-After="0"', 'code=503'])).toEqual({ code: 503, retryAfterSeconds: 0 });
    expect(() => parsePrefer('retry-after=5')).toThrow(
      'Prefer: retry-after=5 needs a failure code beside it, e.g. Prefer: code=503, retry-after=5',
    );
    expect(() => parsePrefer('code=200, retry-after=5')).toThrow(/needs a failure code/);
    expect(() => parsePrefer('code=503, retry-after=soon')).toThrow(/whole number of seconds/);
    expect(() => parsePrefer(`code=503, retry-after=${MAX_RETRY_AFTER_S + 1}`)).toThrow(/0 to 86400/);
    // Both bounds are allowed, and every failure code takes one, 400 included.
    expect(parsePrefer(`code=503, retry-after=${MAX_RETRY_AFTER_S}`).retryAfterSeconds).toBe(
      MAX_RETRY_AFTER_S,
    );
    expect(parsePrefer('code=400, retry-after=1')).toEqual({ code: 400, retryAfterSeconds: 1 });
  });

  it('reads network=reset, lost or cut, in any case, and refuses another failure or one beside a code', () => {
    expect(parsePrefer('network=reset')).toEqual({ network: 'reset' });
    expect(parsePrefer('Network="RESET", delay=200')).toEqual({ network: 'reset', delayMs: 200 });
    expect(parsePrefer('network=LOST')).toEqual({ network: 'lost' });
    expect(parsePrefer('network=Cut')).toEqual({ network: 'cut' });
    expect(() => parsePrefer('network=timeout')).toThrow(
      /send Prefer: network=reset .*, network=lost .* or network=cut/,
    );
    expect(() => parsePrefer('network=lost, code=503')).toThrow(/cannot go with code=503/);
    expect(() => parsePrefer('network=cut, code=200')).toThrow(/cannot go with code=200/);
    expect(() => parsePrefer('network=reset, code=503')).toThrow(/cannot go with code=503/);
  });

  it('allows the statuses an operation documents and the gateway failures', () => {
    const allowed = simulatedStatuses(['200', '400', '401', '404', 'default']);
    expect(allowed).toEqual([200, 400, 401, 404, 429, 500, 502, 503, 504]);
    expect(() => checkSimulatedStatus(404, allowed, 'getProduct')).not.toThrow();
    expect(() => checkSimulatedStatus(409, allowed, 'getProduct')).toThrow(
      'Prefer: code=409 cannot be simulated on getProduct; allowed: 200, 400, 401, 404, 429, 500, 502, 503, 504',
    );
  });
});

describe('--latency', () => {
  it('takes N or A-B milliseconds and nothing else', () => {
    expect(parseLatency('200')).toEqual({ minMs: 200, maxMs: 200 });
    expect(parseLatency('100-800')).toEqual({ minMs: 100, maxMs: 800 });
    // "at most 60000" (README): the bound itself is allowed.
    expect(parseLatency('60000')).toEqual({ minMs: 60000, maxMs: 60000 });
    expect(parseLatency('0-60000')).toEqual({ minMs: 0, maxMs: 60000 });
    for (const bad of ['', 'fast', '800-100', '-5', '1-70000', '1.5']) {
      expect(() => parseLatency(bad), bad).toThrow(/--latency/);
    }
  });

  it('draws uniformly from the whole range, both ends included', () => {
    const range = { minMs: 100, maxMs: 800 };
    expect(chooseLatency(range, () => 0)).toBe(100);
    expect(chooseLatency(range, () => 0.9999999)).toBe(800);
    expect(chooseLatency(range, () => 0.5)).toBe(450);
    expect(chooseLatency(undefined)).toBe(0);
  });
});
