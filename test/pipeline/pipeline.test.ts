// The request pipeline on its own: neutral requests in, neutral answers out, no express, no server.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock.js';
import { wrap, type Handle, type MockRequest, type Wrapper } from '../../src/pipeline/types.js';

const TOKEN = { 'x-api-key': 'test-token' };

const request = (method: string, url: string, body?: unknown): MockRequest => ({
  method,
  url,
  headers: body === undefined ? TOKEN : { ...TOKEN, 'content-type': 'application/json' },
  readBody: async () => body,
});

describe('the request pipeline', () => {
  it('answers a write and a read without any server, records in the { data } envelope', async () => {
    const { handle } = await createMock();
    const pushed = await handle(
      request('POST', '/acme/dev/products-push', {
        data: [{ productGroupId: 'p1', productName: [{ isoLanguageId: 'en-US', productName: 'Boot' }] }],
      }),
    );
    expect(pushed.status).toBe(200);
    const read = await handle(request('GET', '/api/tenants/acme/dev/products/p1?select=productName'));
    expect(read).toMatchObject({
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      json: {
        data: { productGroupId: 'p1', productName: [{ isoLanguageId: 'en-US', productName: 'Boot' }] },
      },
    });
  });

  it('names the stored records of an answer, and only those', async () => {
    const { handle } = await createMock();
    await handle(request('POST', '/acme/dev/products-push', { data: [{ productGroupId: 'p1' }] }));
    const whole = await handle(request('GET', '/acme/dev/products/p1'));
    const stored = (whole.json as { data: object }).data;
    expect(whole.records?.holds(stored)).toBe(true);
    const selected = await handle(request('GET', '/acme/dev/products/p1?select=productName'));
    expect(selected.records?.holds((selected.json as { data: object }).data)).toBe(false);
  });

  it('answers errors in the error body with the status of their kind, and reads no body before the token', async () => {
    const { handle } = await createMock({ apiKeys: ['k'] });
    let read = false;
    const denied = await handle({
      method: 'POST',
      url: '/acme/dev/products-push',
      headers: { 'x-api-key': 'wrong' },
      readBody: async () => {
        read = true;
        return { data: [] };
      },
    });
    expect(denied).toMatchObject({ status: 401, json: { status: 401, message: expect.any(String) } });
    expect(read).toBe(false);
    const notAllowed = await handle({
      method: 'PUT',
      url: '/acme/dev/product-types',
      headers: { 'x-api-key': 'k' },
    });
    expect(notAllowed).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, DELETE' } });
    const unknownRegion = await handle({
      method: 'GET',
      url: '/regions/mars/products/v1/tenants/a/b/products',
      headers: {},
    });
    expect(unknownRegion).toMatchObject({
      status: 404,
      json: { message: expect.stringContaining('Unknown region "mars"') },
    });
  });

  it('composes wrappers around it, the first outermost; a wrapper may answer itself', async () => {
    const { handle } = await createMock();
    const seen: string[] = [];
    const log =
      (name: string): Wrapper =>
      (next) =>
      async (req) => {
        seen.push(`${name} ${req.method}`);
        const answer = await next(req);
        seen.push(`${name} ${answer.status}`);
        return answer;
      };
    const teapot: Wrapper = (next) => (req) =>
      req.headers.prefer === 'code=418'
        ? Promise.resolve({ status: 418, headers: {}, json: { message: 'fault' } })
        : next(req);
    const wrapped: Handle = wrap(handle, [log('outer'), teapot, log('inner')]);
    expect((await wrapped(request('GET', '/acme/dev/products'))).status).toBe(200);
    expect(
      (await wrapped({ ...request('GET', '/acme/dev/products'), headers: { ...TOKEN, prefer: 'code=418' } }))
        .status,
    ).toBe(418);
    expect(seen).toEqual(['outer GET', 'inner GET', 'inner 200', 'outer 200', 'outer GET', 'outer 418']);
  });
});
