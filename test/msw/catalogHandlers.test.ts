// catalogHandlers under setupServer with fetch: the answers are the pipeline's, the body is read as
// the express adapter reads it, and the options decide what is answered.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock.js';
import { catalogHandlers } from '../../src/msw/index.js';
import { generateDataset } from '../../src/seed/index.js';

const seed = generateDataset('grocery', { count: 30 });
const server = setupServer(
  ...catalogHandlers({ seed, apiKeys: ['secret'] }),
  ...catalogHandlers({ baseUrl: 'http://localhost:5173/catalog', seed: 5, region: 'us' }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const EU = 'https://product-eu.omborigrid.com';
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'x-api-key': 'secret', 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('catalogHandlers', () => {
  it('answers as the pipeline does for the same request, under both prefixes of a region host', async () => {
    const mock = await createMock({ seed, apiKeys: ['secret'] });
    const path = '/acme/dev/products?limit=2&sort=productGroupId%20desc&facets=productType';
    const direct = await mock.handle({ method: 'GET', url: path, headers: { 'x-api-key': 'secret' } });
    for (const prefix of ['/api/tenants', '/regions/eu/products/v1/tenants']) {
      const res = await fetch(`${EU}${prefix}${path}`, { headers: { 'x-api-key': 'secret' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual(direct.json);
    }
  });

  it('applies strict keys, and answers a malformed or non-JSON body as the server does', async () => {
    const noKey = await fetch(`${EU}/api/tenants/acme/dev/products/p1`);
    expect(noKey.status).toBe(401);
    const wrongKey = await fetch(`${EU}/api/tenants/acme/dev/products/p1`, {
      headers: { 'x-api-key': 'nope' },
    });
    expect(wrongKey.status).toBe(401);
    const malformed = await fetch(`${EU}/api/tenants/acme/dev/products/push`, json('{"data": ['));
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/^Malformed JSON body/);
    const edited = await fetch(
      `${EU}/api/tenants/acme/dev/products/push`,
      json('{\n  "data": [\n    {"productGroupId": "a",}\n  ]\n}'),
    );
    expect(((await edited.json()) as { message: string }).message).toMatch(
      /^Malformed JSON body: .*\(line 3 column 28\)$/,
    );
    // JSON, but no object: the same words as the server's (test/http/expressAdapter.test.ts).
    const scalar = await fetch(`${EU}/api/tenants/acme/dev/products`, json('null'));
    expect(scalar.status).toBe(400);
    expect(((await scalar.json()) as { message: string }).message).toBe(
      'The JSON body must be an object, such as {"data": [...]} for a batch; got null',
    );
    const text = await fetch(`${EU}/api/tenants/acme/dev/products/push`, {
      ...json({ data: [] }),
      headers: { 'x-api-key': 'secret', 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    // A charset other than UTF-8 is refused as the server refuses it; this adapter read it as UTF-8.
    for (const charset of ['latin1', 'utf-16']) {
      const foreign = await fetch(`${EU}/api/tenants/acme/dev/products-push`, {
        ...json({ data: [{ productGroupId: 'charset' }] }),
        headers: { 'x-api-key': 'secret', 'content-type': `application/json; charset=${charset}` },
      });
      expect([foreign.status, ((await foreign.json()) as { message: string }).message], charset).toEqual([
        415,
        `Content-Type charset ${charset} is not accepted: send the JSON body in UTF-8 (charset=utf-8, or none)`,
      ]);
    }
    expect(
      (await fetch(`${EU}/api/tenants/acme/dev/products/charset`, { headers: { 'x-api-key': 'secret' } }))
        .status,
    ).toBe(404);
    const unknown = await fetch(`${EU}/api/tenants/acme/dev/nothing-here`, {
      headers: { 'x-api-key': 'secret' },
    });
    expect(unknown.status).toBe(404);
    // No server answers here, so there is no /docs page to send a person to.
    expect(((await unknown.json()) as { message: string }).message).toMatch(
      /^No route GET \/api\/tenants\/acme\/dev\/nothing-here; see openapi\.yaml of the product-catalog-mock package \(a server's \/docs renders it\) for the API reference$/,
    );
  });

  it('lists every problem of a small refused body, as the server does, and only the first of a large one', async () => {
    const push = (n: number) =>
      fetch(
        `${EU}/api/tenants/acme/dev/products-push`,
        json({ data: Array.from({ length: n }, () => null) }),
      );
    const small = (await (await push(3)).json()) as { errors: unknown[] };
    expect(small.errors).toHaveLength(3);
    // 100 products of 1 KB each: over 64 KB as read
    const large = await fetch(
      `${EU}/api/tenants/acme/dev/products-push`,
      json({ data: Array.from({ length: 100 }, (_, i) => ({ productGroupId: i, note: 'x'.repeat(1000) })) }),
    );
    const body = (await large.json()) as { errors: unknown[]; message: string };
    expect(body.errors).toHaveLength(1);
    expect(body.message).toMatch(/\(the first problem found; a body over 64 KB is not searched for more\)$/);
  });

  it('answers HEAD as the server does: the status and headers of GET, without a body', async () => {
    const url = `${EU}/api/tenants/acme/dev/products?limit=1`;
    const head = await fetch(url, { method: 'HEAD', headers: { 'x-api-key': 'secret' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await head.text()).toBe('');
    const get = await fetch(url, { headers: { 'x-api-key': 'secret' } });
    expect((await get.json()).data.list).toHaveLength(1);
  });

  it('says X-Content-Type-Options: nosniff on every answer, as the server does (docs/security.md)', async () => {
    const answers = await Promise.all([
      fetch(`${EU}/api/tenants/acme/dev/products?limit=1`, { headers: { 'x-api-key': 'secret' } }),
      fetch(`${EU}/api/tenants/acme/dev/products?limit=1`, {
        method: 'HEAD',
        headers: { 'x-api-key': 'secret' },
      }),
      fetch(`${EU}/api/tenants/acme/dev/products/nope`, { headers: { 'x-api-key': 'secret' } }),
      fetch(`${EU}/api/tenants/acme/dev/products/p1`),
      fetch(`${EU}/api/tenants/acme/dev/products/push`, json('{"data": [')),
    ]);
    expect(answers.map((res) => [res.status, res.headers.get('x-content-type-options')])).toEqual([
      [200, 'nosniff'],
      [200, 'nosniff'],
      [404, 'nosniff'],
      [401, 'nosniff'],
      [400, 'nosniff'],
    ]);
  });

  it('refuses a body past the cost budget with the 413 the server gives, before parsing it', async () => {
    const data = Array.from({ length: 100 }, (_, p) => ({
      productGroupId: `heavy-${p}`,
      variants: Array.from({ length: 300 }, (_, v) => ({ productId: `h${p}-${v}` })),
    }));
    const res = await fetch(`${EU}/api/tenants/acme/dev/products-push`, json({ data }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^The body holds more than 12,500 JSON objects and arrays, the cost budget of one request/,
    );
  });

  it('serves a base URL with a path in the region it is given, with its own catalog', async () => {
    const res = await fetch('http://localhost:5173/catalog/acme/dev/products?limit=100', {
      headers: { 'x-api-key': 'any' },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { list: { productGroupId: string }[] } };
    expect(data.list).toHaveLength(5);
    // The same seed value gives the same data, as with --seed 5.
    expect(data.list.map((p) => p.productGroupId).sort()).toEqual(
      generateDataset('demo', { count: 5 })
        .products.map((p) => p.productGroupId)
        .sort(),
    );
    const region = await fetch(
      'http://localhost:5173/catalog/regions/us/products/v1/tenants/acme/dev/products',
      {
        headers: { 'x-api-key': 'any' },
      },
    );
    expect(((await region.json()) as { data: { list: unknown[] } }).data.list).toHaveLength(5);
  });

  it('answers a Prefer header as the server does: a simulated failure that writes nothing', async () => {
    const push = (prefer: string) =>
      fetch(`${EU}/api/tenants/prefer/dev/products-push`, {
        ...json({ data: [{ productGroupId: 'p-prefer' }] }),
        headers: { 'x-api-key': 'secret', 'content-type': 'application/json', prefer },
      });
    const failed = await push('code=503, delay=0');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({
      message: 'Simulated failure 503 (Prefer: code=503); nothing was changed',
      status: 503,
    });
    const read = () =>
      fetch(`${EU}/api/tenants/prefer/dev/products/p-prefer`, { headers: { 'x-api-key': 'secret' } });
    expect((await read()).status).toBe(404);
    const refused = await push('code=418');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Prefer: code=418 cannot be simulated on pushProducts; allowed: /,
    );
    expect((await push('delay=soon')).status).toBe(400);
    // A simulated network failure: fetch rejects, as on a dropped connection, and nothing is written.
    await expect(push('network=reset')).rejects.toThrow(TypeError);
    expect((await read()).status).toBe(404);
    // An answer lost on its way back: fetch rejects the same way, but the write was applied.
    await expect(push('network=lost')).rejects.toThrow(TypeError);
    expect((await read()).status).toBe(200);
    // An answer cut off halfway: the status arrives, reading the body rejects (msw's node interceptor
    // reads the stream ahead, so not even the half reaches the caller here), and the write applied.
    const cut = await fetch(`${EU}/api/tenants/prefer/dev/products/p-prefer`, {
      headers: { 'x-api-key': 'secret', prefer: 'network=cut' },
    });
    expect(cut.status).toBe(200);
    await expect(cut.text()).rejects.toThrow(/closed halfway through the answer/);
    const cutPush = await push('network=cut');
    expect(cutPush.status).toBe(200);
    await expect(cutPush.json()).rejects.toThrow();
    await fetch(`${EU}/api/tenants/prefer/dev/products`, {
      ...json({ data: ['p-prefer'] }),
      method: 'DELETE',
    });
    expect((await read()).status).toBe(404);
    const later = await push('code=429, retry-after=3');
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('3');
    expect((await read()).status).toBe(404);
    // A documented 2xx is the operation's own answer.
    expect((await push('code=200')).status).toBe(200);
    expect((await read()).status).toBe(200);
  });

  it('serves the demo media its products link to, as the server does', async () => {
    const res = await fetch(`${EU}/api/tenants/acme/dev/products?limit=1&select=catalogPageLocationProduct`, {
      headers: { 'x-api-key': 'secret' },
    });
    const { data } = (await res.json()) as {
      data: {
        list: {
          productGroupId: string;
          catalogPageLocationProduct: { catalogPageLocationProduct: string }[];
        }[];
      };
    };
    const [product] = data.list;
    const url = product?.catalogPageLocationProduct[0]?.catalogPageLocationProduct as string;
    // No server runs: the handlers answer the URL the records hold.
    const picture = await fetch(url);
    expect(picture.status).toBe(200);
    // Every picture URL is the card as PNG, named by its Content-Type, a .jpg as a .png.
    expect(url).toMatch(/\.jpg$/);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await picture.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // The same card as SVG, whose text shows it is this product's.
    const name = seed.products.find((p) => p.productGroupId === product?.productGroupId)?.productName?.[0];
    const svg = await fetch(url.replace(/\.jpg$/, '.svg'));
    expect(await svg.text()).toContain(`>${name?.productName.split(' ')[0]}`);
    const missing = await fetch(url.replace(/\/__media\/.*/, '/__media/nothing'));
    expect(missing.status).toBe(404);
    // HEAD is answered as the server answers it: the status and headers of GET, no body.
    const head = await fetch(url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([
      200,
      'image/png',
      '',
    ]);
    const headMissing = await fetch(url.replace(/\/__media\/.*/, '/__media/nothing'), { method: 'HEAD' });
    expect([headMissing.status, await headMissing.text()]).toEqual([404, '']);
    // A video entry is a video a <video> plays, not a picture.
    const entry = seed.products
      .flatMap((p) => p.catalogPageLocationProduct ?? [])
      .find((m) => m.catalogType === 'video/mp4');
    const video = await fetch(entry!.catalogPageLocationProduct);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await video.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  });

  it('answers a path that is not valid percent-encoding with the 400 the server gives, not a 500', async () => {
    const message = 'params.productGroupId is not valid percent-encoding: "50%off"';
    for (const url of [
      `${EU}/api/tenants/acme/dev/products/50%off`,
      `${EU}/regions/eu/products/v1/tenants/acme/dev/products/50%off`,
      'http://localhost:5173/catalog/acme/dev/products/50%off',
    ]) {
      const res = await fetch(url, { headers: { 'x-api-key': 'secret' } });
      expect([url, res.status, ((await res.json()) as { message: string }).message]).toEqual([
        url,
        400,
        message,
      ]);
    }
    const media = await fetch('http://localhost:4010/__media/swatches/50%off.png');
    expect(media.status).toBe(404);
    // Matched in any case, as msw matches a string pattern.
    expect(
      (await fetch(`${EU}/API/tenants/acme/dev/product-types`, { headers: { 'x-api-key': 'secret' } }))
        .status,
    ).toBe(200);
  });

  it('answers a range of a demo video with a 206, as the server does, and any other range with the whole file', async () => {
    const entry = seed.products
      .flatMap((p) => p.catalogPageLocationProduct ?? [])
      .find((m) => m.catalogType === 'video/mp4');
    const whole = new Uint8Array(await (await fetch(entry!.catalogPageLocationProduct)).arrayBuffer());
    const ranged = (range: string) => fetch(entry!.catalogPageLocationProduct, { headers: { range } });
    // A video player's first request: Safari plays no video whose server ignores it.
    const first = await ranged('bytes=0-1');
    expect([first.status, first.headers.get('content-range'), first.headers.get('accept-ranges')]).toEqual([
      206,
      `bytes 0-1/${whole.length}`,
      'bytes',
    ]);
    expect([...new Uint8Array(await first.arrayBuffer())]).toEqual([...whole.subarray(0, 2)]);
    const tail = await ranged('bytes=-100');
    expect([tail.status, tail.headers.get('content-range')]).toEqual([
      206,
      `bytes ${whole.length - 100}-${whole.length - 1}/${whole.length}`,
    ]);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.subarray(-100));
    // An end past the file is cut at its end.
    const past = await ranged(`bytes=10-${whole.length + 50}`);
    expect([past.status, past.headers.get('content-range')]).toEqual([
      206,
      `bytes 10-${whole.length - 1}/${whole.length}`,
    ]);
    // Outside the file, several ranges, or one that does not parse: the whole file.
    for (const range of [`bytes=${whole.length}-`, 'bytes=0-1,4-5', 'bytes=abc', 'items=0-1']) {
      const res = await ranged(range);
      expect([range, res.status, (await res.arrayBuffer()).byteLength]).toEqual([range, 200, whole.length]);
    }
  });

  it('takes a product count given as text, as an environment variable gives it', async () => {
    const textual = setupServer(...catalogHandlers({ baseUrl: 'http://localhost:5174', seed: '12' }));
    textual.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch('http://localhost:5174/api/tenants/acme/dev/products?limit=1', {
        headers: { 'x-api-key': 'k' },
      });
      expect((await res.json()).data.count).toBe(12);
    } finally {
      textual.close();
    }
  });

  it('refuses bad options where the handlers are made', () => {
    expect(() => catalogHandlers({ seed: 'groceries' as never })).toThrow(/unknown dataset "groceries"/);
    expect(() => catalogHandlers({ seed: -1 })).toThrow(/product count/);
    expect(() => catalogHandlers({ seed: '100001' })).toThrow(
      /product count is a whole number from 0 to 100000/,
    );
    expect(() => catalogHandlers({ seed: '1e3' as never })).toThrow(/unknown dataset "1e3"/);
    // Given records are checked as a seed file's are.
    expect(() =>
      catalogHandlers({ seed: { products: [{ productGroupId: 'p1', productName: 'x' } as never] } }),
    ).toThrow(/^seed: products\[0\] \(productGroupId "p1"\): productName must be an array \(got "x"\)/);
    expect(() => catalogHandlers({ region: 'mars' })).toThrow(/Unknown region "mars"/);
    expect(() => catalogHandlers({ baseUrl: 'localhost:5173' })).toThrow(/not an http\(s\) URL/);
    // Refused later, a key was a rejection nothing awaited, which ended the test process.
    expect(() => catalogHandlers({ apiKeys: ['k='] })).toThrow(/"k=" binds the key to no tenant/);
    expect(() => catalogHandlers({ apiKeys: ['partner=acme/dev'] })).toThrow(
      /API key "partner" is bound to tenant "acme\/dev", which no request can name/,
    );
  });
});
