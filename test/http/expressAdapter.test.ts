// The transport between express and the pipeline: what reaches the client when the pipeline's answer
// cannot be written, and how a body express refuses is explained.
import { describe, expect, it, vi } from 'vitest';
import express from 'express';
import request from 'supertest';
import { expressAdapter } from '../../src/http/expressAdapter.js';
import { errorHandler } from '../../src/http/errors.js';
import type { Handle } from '../../src/pipeline/types.js';

function appOf(handle: Handle) {
  const app = express();
  app.use(expressAdapter(handle));
  app.use(errorHandler);
  return app;
}

describe('expressAdapter', () => {
  it('answers 500 when an answer cannot be written, instead of ending the process', async () => {
    // JSON.stringify throws on a BigInt, as it did on an answer longer than a string can hold
    const handle: Handle = () => Promise.resolve({ status: 200, headers: {}, json: { n: 1n } });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await request(appOf(handle)).get('/x');
      expect(res.status).toBe(500);
      expect(res.body.message).toMatch(/BigInt/);
    } finally {
      quiet.mockRestore();
    }
  });

  it('says a JSON body that is not an object must be one; malformed JSON stays malformed', async () => {
    const handle: Handle = async (req) => ({
      status: 200,
      headers: {},
      json: { got: await req.readBody?.() },
    });
    const app = appOf(handle);
    const send = (body: string) => request(app).post('/x').set('content-type', 'application/json').send(body);
    for (const body of ['null', '5', '"x"', ' true ']) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `The JSON body must be an object, such as {"data": [...]} for a batch; got ${body.trim()}`,
      );
    }
    expect((await send('{"data": [')).body.message).toMatch(/^Malformed JSON body: /);
    // Where, by line and column, as a person editing the body looks for it: node 20 gave the offset alone.
    const edited = await send('{\n  "data": [\n    {"productGroupId": "a",}\n  ]\n}');
    expect(edited.body.message).toMatch(/^Malformed JSON body: .*\(line 3 column 28\)$/);
    const good = await send('{"data": []}');
    expect([good.status, good.text]).toEqual([200, '{"got":{"data":[]}}']);
  });

  it('says a body that does not decompress as its Content-Encoding says so, not in zlib words', async () => {
    const handle: Handle = async (req) => ({
      status: 200,
      headers: {},
      json: { got: await req.readBody?.() },
    });
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await request(appOf(handle))
        .post('/x')
        .set('content-type', 'application/json')
        .set('content-encoding', encoding)
        .send('{"data": []}');
      expect(res.status, encoding).toBe(400);
      expect(res.body.message, encoding).toMatch(
        /^The body cannot be decompressed as its Content-Encoding says \(.+\); send it as it is/,
      );
    }
  });

  it('says a charset or Content-Encoding it does not read is refused, and what to send instead', async () => {
    // body-parser's own words were 'unsupported charset "LATIN1"', with nothing to do about it.
    const handle: Handle = async (req) => ({
      status: 200,
      headers: {},
      json: { got: await req.readBody?.() },
    });
    const charset = await request(appOf(handle))
      .post('/x')
      .set('content-type', 'application/json; charset=latin1')
      .send('{"data": []}');
    expect([charset.status, charset.body.message]).toEqual([
      415,
      'Content-Type charset latin1 is not accepted: send the JSON body in UTF-8 (charset=utf-8, or none)',
    ]);
    // A UTF-8 body labelled UTF-16, which the parser read: "Malformed JSON body" in garbled characters.
    const utf16 = await request(appOf(handle))
      .post('/x')
      .set('content-type', 'application/json; charset=utf-16')
      .send('{"data": []}');
    expect([utf16.status, utf16.body.message]).toEqual([
      415,
      'Content-Type charset utf-16 is not accepted: send the JSON body in UTF-8 (charset=utf-8, or none)',
    ]);
    const utf8 = await request(appOf(handle))
      .post('/x')
      .set('content-type', 'application/json; charset="UTF-8"')
      .send('{"data": []}');
    expect([utf8.status, utf8.text]).toEqual([200, '{"got":{"data":[]}}']);
    const encoding = await request(appOf(handle))
      .post('/x')
      .set('content-type', 'application/json')
      .set('content-encoding', 'xyz')
      .send('{"data": []}');
    expect([encoding.status, encoding.body.message]).toEqual([
      415,
      'Content-Encoding xyz is not accepted: send the body as it is, or compressed with gzip, deflate or br',
    ]);
  });

  it('refuses a bodyLimit that is not a size, naming the option, instead of refusing every body', () => {
    // "option limit "abc" is invalid" named body-parser's option; -1 made every body a 413.
    const handle: Handle = async () => ({ status: 200, headers: {}, json: {} });
    // "-1kb", "0kb" and "0" were taken as a limit below a byte, "1.5.5mb" as 1 byte: a 413 for every body.
    for (const bodyLimit of ['abc', -1, 0, Number.NaN, '-1kb', '0kb', '0', '-5', '1.5.5mb', '5 megabytes']) {
      expect(() => expressAdapter(handle, { bodyLimit }), String(bodyLimit)).toThrow(
        `bodyLimit must be a size such as "5mb" or a number of bytes from 1, not ${typeof bodyLimit === 'string' ? `"${bodyLimit}"` : bodyLimit}`,
      );
    }
    expect(() => expressAdapter(handle, { bodyLimit: '100kb' })).not.toThrow();
    expect(() => expressAdapter(handle, { bodyLimit: 1024 })).not.toThrow();
  });

  it('reads a bodyLimit size in units of 1024, in any case and with a space before the unit', async () => {
    const handle: Handle = async (req) => {
      await req.readBody?.();
      return { status: 200, headers: {}, json: {} };
    };
    const post = (bodyLimit: string | number, bytes: number) => {
      const app = express();
      app.use(expressAdapter(handle, { bodyLimit }));
      app.use(errorHandler);
      // A JSON body of exactly `bytes` bytes: {"s":""} is 8.
      return request(app)
        .post('/')
        .set('content-type', 'application/json')
        .send(JSON.stringify({ s: 'x'.repeat(bytes - 8) }));
    };
    for (const bodyLimit of ['1.5kb', '1.5 KB', 1536]) {
      expect((await post(bodyLimit, 1536)).status, String(bodyLimit)).toBe(200);
      expect((await post(bodyLimit, 1537)).status, String(bodyLimit)).toBe(413);
    }
  });
});
