import { describe, expect, it } from 'vitest';
import {
  JOURNAL_ANSWER_BYTES,
  JOURNAL_BODY_BYTES,
  journalBody,
  parseJournalFilter,
  RequestJournal,
  type JournalRecord,
} from '../../src/workbench/requestJournal.js';
import { parseQuery } from '../../src/pipeline/query.js';

const entry = (n: number, over: Partial<JournalRecord> = {}): JournalRecord => ({
  at: n,
  method: 'GET',
  url: `/acme/dev/products/P${n}`,
  status: 200,
  durationMs: 1,
  tenantId: 'acme',
  environment: 'dev',
  operationId: 'getProduct',
  ...over,
});

const iso = (n: number) => new Date(n).toISOString();

describe('request journal', () => {
  it('gives each request as { at, method, path, query, status, durationMs, tenantId, environment, operationId, body? }', () => {
    const journal = new RequestJournal();
    journal.record({ ...entry(1), url: '/acme/dev/products?limit=2&sort=a&sort=b', durationMs: 1.234 });
    journal.record({
      at: 2,
      method: 'POST',
      url: '/nowhere',
      status: 404,
      durationMs: 0.5,
      body: { data: [] },
      bodyBytes: 11,
    });
    expect(journal.find()).toEqual([
      {
        id: 2,
        at: iso(2),
        method: 'POST',
        path: '/nowhere',
        query: {},
        status: 404,
        durationMs: 0.5,
        tenantId: null,
        environment: null,
        operationId: null,
        body: { data: [] },
      },
      {
        id: 1,
        at: iso(1),
        method: 'GET',
        path: '/acme/dev/products',
        query: { limit: '2', sort: ['a', 'b'] },
        status: 200,
        durationMs: 1.2,
        tenantId: 'acme',
        environment: 'dev',
        operationId: 'getProduct',
      },
    ]);
  });

  it("gives the answer's body: its text as kept, or the JSON value kept turned into text, with its size", () => {
    const journal = new RequestJournal();
    const product = { productGroupId: 'P1', name: 'Café' };
    journal.record({ ...entry(1), answerBytes: 40, answerJson: { data: product } });
    journal.record({ ...entry(2), status: 404, answerBytes: 20, answerText: '{"message":"no P2"}' });
    const cut = 'x'.repeat(JOURNAL_ANSWER_BYTES);
    journal.record({ ...entry(3), answerBytes: JOURNAL_ANSWER_BYTES + 5, answerText: cut });
    journal.record(entry(4));
    // Held by reference and larger than the bound: cut when asked for, before a character it splits.
    const held = { data: 'x'.repeat(JOURNAL_ANSWER_BYTES - 10) + 'é'.repeat(10) };
    journal.record({ ...entry(5), answerBytes: JOURNAL_ANSWER_BYTES + 11, answerJson: held });
    const [cutWhenAsked, none, truncated, text, json] = journal.find();
    const heldText = JSON.stringify(held);
    expect(cutWhenAsked?.answer).toMatchObject({ bytes: JOURNAL_ANSWER_BYTES + 11, truncated: true });
    expect(heldText.startsWith(cutWhenAsked?.answer?.body ?? 'none')).toBe(true);
    // `{"data":"` is 9 bytes: 4 of the 10 two-byte characters fit, the fifth is cut.
    expect(new TextEncoder().encode(cutWhenAsked?.answer?.body).length).toBe(JOURNAL_ANSWER_BYTES - 1);
    expect(json?.answer).toEqual({ bytes: 40, truncated: false, body: JSON.stringify({ data: product }) });
    expect(text?.answer).toEqual({ bytes: 20, truncated: false, body: '{"message":"no P2"}' });
    expect(truncated?.answer).toEqual({ bytes: JOURNAL_ANSWER_BYTES + 5, truncated: true, body: cut });
    expect(none?.answer).toBeUndefined();
    // By id; the ids go on, also after a clear.
    expect(journal.find({ id: 2 }).map((e) => e.path)).toEqual(['/acme/dev/products/P2']);
    journal.clear();
    journal.record(entry(6));
    expect(journal.find()[0]?.id).toBe(6);
  });

  it('gives the entries after an id without their answer bodies, the newest when there are more, and how many it left out', () => {
    const journal = new RequestJournal(10);
    for (let n = 1; n <= 4; n++) journal.record({ ...entry(n), answerBytes: 2, answerText: '{}' });
    expect(journal.lastId).toBe(4);
    const { entries, skipped } = journal.since(1, 10);
    expect(entries.map((e) => e.id)).toEqual([2, 3, 4]);
    expect(entries[0]?.answer).toEqual({ bytes: 2, truncated: false });
    expect(skipped).toBe(0);
    expect(journal.since(0, 2)).toMatchObject({ entries: [{ id: 3 }, { id: 4 }], skipped: 2 });
    expect(journal.since(4, 2)).toEqual({ entries: [], skipped: 0 });
    // Pushed out of the ring: counted as left out.
    for (let n = 5; n <= 20; n++) journal.record(entry(n));
    expect(journal.since(4, 100)).toMatchObject({ skipped: 6 });
  });

  it('keeps the ids of the entries a scope clearing leaves', () => {
    const journal = new RequestJournal();
    journal.record(entry(1));
    journal.record({ ...entry(2), tenantId: 'other', region: 'eu' });
    journal.record(entry(3));
    journal.clearScope({ region: 'eu', tenantId: 'other', environment: 'dev' });
    expect(journal.find().map((e) => e.id)).toEqual([3, 1]);
  });

  it('keeps no body larger than the bound, whether its size was sent or not', () => {
    const journal = new RequestJournal();
    const big = { text: 'x'.repeat(JOURNAL_BODY_BYTES) };
    journal.record({ ...entry(1), body: big, bodyBytes: JOURNAL_BODY_BYTES + 12 });
    journal.record({ ...entry(2), body: big });
    for (const found of journal.find()) {
      expect(found.body).toBeUndefined();
      expect(found.bodyOmitted).toMatch(/more than the 16384 kept/);
    }
  });

  it('keeps the last `size` requests, newest first', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.record(entry(n));
    expect(journal.find().map((e) => e.path)).toEqual([
      '/acme/dev/products/P5',
      '/acme/dev/products/P4',
      '/acme/dev/products/P3',
    ]);
    journal.clear();
    expect(journal.find()).toEqual([]);
  });

  it('filters by method, path substring, status and tenant, and limits', () => {
    const journal = new RequestJournal();
    journal.record(entry(1));
    journal.record(entry(2, { method: 'POST', url: '/acme/dev/products-push', status: 400 }));
    journal.record(entry(3, { tenantId: 'other' }));
    journal.record(entry(4, { method: 'POST', url: '/acme/dev/products-push' }));
    expect(journal.find({ method: 'post' }).map((e) => e.at)).toEqual([iso(4), iso(2)]);
    expect(journal.find({ path: 'push', status: 400 }).map((e) => e.at)).toEqual([iso(2)]);
    expect(journal.find({ tenantId: 'other' }).map((e) => e.at)).toEqual([iso(3)]);
    expect(journal.find({ limit: 2 }).map((e) => e.at)).toEqual([iso(4), iso(3)]);
  });

  it('matches the path filter against the path only, not the query', () => {
    const journal = new RequestJournal();
    journal.record(entry(1, { url: '/acme/dev/products?search=push' }));
    journal.record(entry(2, { url: '/acme/dev/products-push' }));
    expect(journal.find({ path: 'push' }).map((e) => e.at)).toEqual([iso(2)]);
  });

  it('finds a percent-encoded path by its decoded text, as a query string delivers the filter', () => {
    const journal = new RequestJournal();
    journal.record(entry(1, { url: '/acme/dev/products/caf%C3%A9%20noir?select=a' }));
    journal.record(entry(2, { url: '/acme/dev/products/bad%E0' }));
    journal.record(entry(3));
    const at = (path: string) => journal.find({ path }).map((e) => e.at);
    expect(at('café noir')).toEqual([iso(1)]);
    // The path as shown in the entry still matches, and a malformed one by its text as sent.
    expect(at('caf%C3%A9')).toEqual([iso(1)]);
    expect(at('bad%E0')).toEqual([iso(2)]);
    expect(at('products/P3')).toEqual([iso(3)]);
    expect(at('noir?select')).toEqual([]);
  });

  it('once full, counts and finds each kept request once, filtered or not', () => {
    const journal = new RequestJournal(3);
    for (let n = 1; n <= 5; n++) journal.record(entry(n));
    expect(journal.count).toBe(3);
    // A filter skips none here, but it lifts the default limit: only the kept three may come back.
    expect(journal.find({ tenantId: 'acme' }).map((e) => e.at)).toEqual([iso(5), iso(4), iso(3)]);
  });

  it("keeps at most `perClient` entries of one scope: a noisy one loses its own oldest, not the others'", () => {
    const journal = new RequestJournal(10, 4);
    const quiet = (n: number) =>
      entry(n, { region: 'eu', tenantId: 'quiet', url: `/quiet/dev/products/P${n}` });
    const noisy = (n: number) =>
      entry(n, { region: 'eu', tenantId: 'noisy', status: 400, url: `/noisy/dev/products/P${n}` });
    journal.record(quiet(1));
    journal.record({ at: 2, method: 'GET', url: '/nowhere', status: 404, durationMs: 0 });
    journal.record(quiet(3));
    for (let n = 100; n < 150; n++) journal.record(noisy(n));
    journal.record(quiet(4));
    expect(journal.find().map((e) => e.path)).toEqual([
      '/quiet/dev/products/P4',
      '/noisy/dev/products/P149',
      '/noisy/dev/products/P148',
      '/noisy/dev/products/P147',
      '/noisy/dev/products/P146',
      '/quiet/dev/products/P3',
      '/nowhere',
      '/quiet/dev/products/P1',
    ]);
    expect(journal.count).toBe(8);
    // The same tenant in another region or environment is another scope, so another client.
    journal.record(entry(200, { region: 'us', tenantId: 'noisy' }));
    expect(journal.find({ tenantId: 'noisy' })).toHaveLength(5);
  });

  it('forgets a tenth of a share at once, in one pass, the others kept in their order', () => {
    // One at a time, a scope at its share beside older entries of others moved all of them for
    // each of its requests: 750 moves of 1,000 slots, 56 µs a request.
    const journal = new RequestJournal(100, 20);
    const noisy = (n: number) => entry(n, { tenantId: 'noisy' });
    for (let n = 1; n <= 20; n++) journal.record(noisy(n));
    for (let n = 21; n <= 60; n++) journal.record(entry(n, { tenantId: `quiet${n}` }));
    journal.record(noisy(61));
    // Past its share of 20, the noisy scope forgets its 2 oldest together: 19 left, not 20.
    expect(journal.find({ tenantId: 'noisy' }).map((e) => e.at)).toEqual(
      [61, ...Array.from({ length: 18 }, (_, i) => 20 - i)].map(iso),
    );
    journal.record(noisy(62));
    expect(journal.find({ tenantId: 'noisy' })).toHaveLength(20);
    journal.record(noisy(63));
    expect(journal.find({ tenantId: 'noisy' })).toHaveLength(19);
    // Every other entry is kept, oldest to newest as they came; ids rise with them.
    const all = journal.find();
    expect(all.filter((e) => e.tenantId !== 'noisy').map((e) => e.at)).toEqual(
      Array.from({ length: 40 }, (_, i) => 60 - i).map(iso),
    );
    const ids = all.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(journal.count).toBe(59);
  });

  it('still keeps the last `size` requests when no client passes its share, each counted once', () => {
    const journal = new RequestJournal(6, 3);
    for (let n = 1; n <= 12; n++) journal.record(entry(n, { tenantId: `t${n % 3}` }));
    expect(journal.find().map((e) => e.at)).toEqual([12, 11, 10, 9, 8, 7].map(iso));
    // A share freed by the ring's own turn is counted back: t0 holds 2 of its 3, and keeps a third.
    journal.record(entry(13, { tenantId: 't0' }));
    expect(journal.find({ tenantId: 't0' }).map((e) => e.at)).toEqual([13, 12, 9].map(iso));
    journal.clear();
    for (let n = 1; n <= 3; n++) journal.record(entry(n, { tenantId: 'solo' }));
    expect(journal.find().map((e) => e.at)).toEqual([3, 2, 1].map(iso));
  });

  it('keeps a body up to the bound and names the size of a larger one', () => {
    expect(journalBody(undefined)).toEqual({});
    expect(journalBody({ data: [1] })).toEqual({ body: { data: [1] } });
    // Exactly 16 KiB of JSON is kept: "at most 16 KiB" (docs/behaviour.md, "Request journal").
    const atBound = { text: 'x'.repeat(JOURNAL_BODY_BYTES - '{"text":""}'.length) };
    expect(journalBody(atBound)).toEqual({ body: atBound });
    expect(journalBody(atBound, JOURNAL_BODY_BYTES)).toEqual({ body: atBound });
    const large = journalBody({ text: 'x'.repeat(JOURNAL_BODY_BYTES) });
    expect(large.body).toBeUndefined();
    expect(large.bodyOmitted).toMatch(/^\d+ bytes of JSON, more than the 16384 kept$/);
  });

  it('names 20 filters it does not know and counts the rest', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`x${i}`, '1']));
    expect(() => parseJournalFilter(many)).toThrow(/^query\.x0, .*query\.x19 and 10 more: no such filter; /);
  });

  it('reads query strings with repeated names, and refuses filters it does not know', () => {
    expect(parseQuery('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' });
    expect(parseJournalFilter({ status: '404', limit: '5' })).toMatchObject({ status: 404, limit: 5 });
    // A number as the API's query shows one: as sent, unquoted; text that is none, quoted.
    expect(() => parseJournalFilter({ limit: '0' })).toThrow(
      'query.limit must be a whole number from 1 to 1000 (got 0)',
    );
    expect(() => parseJournalFilter({ status: 'bad' })).toThrow(
      'query.status must be a whole number from 100 to 599 (got "bad")',
    );
    expect(() => parseJournalFilter({ tenant: 'acme' })).toThrow(
      /^query\.tenant: no such filter; filters: method, /,
    );
  });

  it('refuses a method no request can have (GETT), which matched nothing, and takes any real one in any case', () => {
    const methods = ['GET', 'POST', 'PROPFIND'];
    expect(() => parseJournalFilter({ method: 'GETT' }, methods)).toThrow(
      'query.method must be an HTTP method a request can have, such as GET or POST (got "GETT")',
    );
    expect(parseJournalFilter({ method: 'post' }, methods).method).toBe('post');
    // a method no API operation has still reaches the server (and gets a 405): it may be looked for
    expect(parseJournalFilter({ method: 'PROPFIND' }, methods).method).toBe('PROPFIND');
  });

  it('refuses an empty text filter, which matched no entry (or, for path, every one)', () => {
    // As a script's empty variable gives it: ?method=$METHOD.
    for (const name of ['method', 'path', 'tenantId']) {
      expect(() => parseJournalFilter({ [name]: '' }), name).toThrow(
        `query.${name} is empty: give a value to filter by, or leave ${name} out`,
      );
    }
    expect(parseJournalFilter({ method: 'POST', path: '/products-push', tenantId: 'acme' })).toMatchObject({
      method: 'POST',
      path: '/products-push',
      tenantId: 'acme',
    });
  });
});
