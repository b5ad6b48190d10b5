import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from '../../../src/contract/suite/registry.js';
import { newRunPrefix } from '../../../src/contract/runPrefix.js';

interface Received {
  method: string;
  path: string;
  ids: string[];
}
type Answer = (req: Received, n: number) => { status: number; body?: string };

/**
 * A deployment on 127.0.0.1 that records the deletes it gets and answers as `answer` says; its lists
 * show the ids `remaining` gives, whatever the deletes answered.
 */
function deployment() {
  const received: Received[] = [];
  let answer: Answer = () => ({ status: 200, body: '{"data":[]}' });
  let remaining: string[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'GET') {
        const types = req.url!.split('?')[0]!.endsWith('/product-types');
        const shown = remaining.filter((id) => id.includes(types ? '-t' : '-p'));
        const data = types
          ? shown.map((id) => ({ productTypeId: id }))
          : { list: shown.map((id) => ({ productGroupId: id })), count: shown.length };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
        return;
      }
      const got = { method: req.method!, path: req.url!, ids: (JSON.parse(text) as { data: string[] }).data };
      received.push(got);
      const { status, body } = answer(got, received.length);
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' }).end(body);
    });
  });
  return {
    received,
    answer: (a: Answer) => (answer = a),
    remain: (ids: string[]) => (remaining = ids),
    start: () => new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok)),
    target: () => ({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/acme/dev`,
      apiKey: 'k',
      settleMs: 50,
    }),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

describe('the cleanup registry', () => {
  const prefix = `${newRunPrefix()}area-`;
  const server = deployment();
  beforeAll(server.start);
  afterAll(server.close);

  /** A registry holding 150 products and 2 product types. */
  const filled = () => {
    const ids = new Registry(prefix, false);
    const products = Array.from({ length: 150 }, (_, i) => ids.product(`p${i}`));
    const types = [ids.productType('t1'), ids.productType('t2')];
    ids.unknown('never-written');
    return { ids, products, types };
  };
  const sent = (from: number) =>
    server.received.slice(from).map((r) => [r.method, r.path, r.ids.length] as const);

  it('deletes every id it handed out, in batches of at most 100, and nothing else', async () => {
    const from = server.received.length;
    server.answer(() => ({ status: 200, body: '{"data":[]}' }));
    const { ids, products, types } = filled();
    await ids.cleanup(server.target());
    expect(sent(from)).toEqual([
      ['DELETE', '/acme/dev/products', 100],
      ['DELETE', '/acme/dev/products', 50],
      ['DELETE', '/acme/dev/product-types', 2],
    ]);
    expect(server.received.slice(from).flatMap((r) => r.ids)).toEqual([...products, ...types]);
  });

  it('sends nothing in read-only mode', async () => {
    const from = server.received.length;
    const ids = new Registry(prefix, true);
    ids.product('p');
    await ids.cleanup(server.target());
    expect(server.received.length).toBe(from);
  });

  it.each([
    ['204 with no body', { status: 204 }],
    ['200 with a body of another shape', { status: 200, body: '{"deleted":true}' }],
    ['202 with a body that is not JSON', { status: 202, body: 'queued' }],
  ])('takes %s as done, and sends every batch', async (_what, answer) => {
    const from = server.received.length;
    server.answer(() => answer);
    await filled().ids.cleanup(server.target());
    expect(sent(from)).toHaveLength(3);
  });

  it('sends every batch after a refused one, and lists every id that may remain, in full', async () => {
    const from = server.received.length;
    // the first products batch and the product types fail, the second products batch succeeds
    server.answer((_req, n) =>
      n === from + 2 ? { status: 200, body: '{"data":[]}' } : { status: 500, body: '{"message":"boom"}' },
    );
    const { ids, products, types } = filled();
    const failure = await ids.cleanup(server.target()).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(sent(from)).toHaveLength(3);
    const lines = failure?.split('\n') ?? [];
    expect(lines.slice(0, 3)).toEqual([
      'cleanup failed; these may remain, delete them by hand:',
      '  DELETE /products (100 ids): 500 {"message":"boom"}',
      '  DELETE /product-types (2 ids): 500 {"message":"boom"}',
    ]);
    expect(lines).toContain(`  products: ${products.slice(0, 100).join(', ')}`);
    expect(lines).toContain(`  product types: ${types.join(', ')}`);
    expect(lines.at(-1)).toBe(
      `or remove everything this run wrote: product-catalog-mock contract --cleanup ${prefix.replace(/area-$/, '')} ` +
        `--base-url ${server.target().baseUrl} --api-key "$CONTRACT_API_KEY"`,
    );
  });

  it('reads the status of each id in a 200 answer: one neither deleted nor unknown may remain, and is listed', async () => {
    const from = server.received.length;
    const { ids, products, types } = filled();
    const [refused, unknown] = [products.slice(0, 3), products[3]];
    server.answer((req) => {
      const list = req.path.endsWith('/product-types')
        ? // product types name the id `id`; 204 deleted, 503 not
          req.ids.map((id) => ({ id, status: id === types[0] ? 503 : 204 }))
        : req.ids.map((id) => ({
            productGroupId: id,
            status: refused.includes(id) ? 500 : id === unknown ? 404 : 200,
          }));
      return { status: 200, body: JSON.stringify({ data: list }) };
    });
    const failure = await ids.cleanup(server.target()).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(sent(from)).toHaveLength(3);
    const lines = failure?.split('\n') ?? [];
    expect(lines.slice(0, 5)).toEqual([
      'cleanup failed; these may remain, delete them by hand:',
      '  DELETE /products (3 ids): 200, but its list gives them status 500',
      '  DELETE /product-types (1 id): 200, but its list gives it status 503',
      `  products: ${refused.join(', ')}`,
      `  product types: ${types[0]}`,
    ]);
  });

  it('takes an id a per-id list leaves out as one that may remain', async () => {
    const { ids, products } = filled();
    server.answer((req) => ({
      status: 200,
      body: JSON.stringify({
        data: req.ids
          .filter((id) => id !== products[0])
          .map((id) => ({ productGroupId: id, id, status: 200 })),
      }),
    }));
    await expect(ids.cleanup(server.target())).rejects.toThrow(
      `  DELETE /products (1 id): 200, but its list does not name it\n  products: ${products[0]}\n`,
    );
  });

  it('takes an id a list still shows after settleMs, though its delete was answered 2xx, as one that may remain', async () => {
    // a deployment that answers its deletes 200 and removes nothing, as one behind a gateway that
    // drops a DELETE's body does
    server.answer(() => ({ status: 200, body: '{"data":[]}' }));
    const { ids, products, types } = filled();
    server.remain([...products.slice(0, 2), types[1]!]);
    try {
      const failure = await ids.cleanup(server.target()).then(
        () => undefined,
        (err: Error) => err.message,
      );
      expect(failure?.split('\n').slice(0, 5)).toEqual([
        'cleanup failed; these may remain, delete them by hand:',
        '  DELETE /products (2 ids): answered 2xx, but GET /products still lists them 50 ms later',
        '  DELETE /product-types (1 id): answered 2xx, but GET /product-types still lists it 50 ms later',
        `  products: ${products.slice(0, 2).join(', ')}`,
        `  product types: ${types[1]}`,
      ]);
    } finally {
      server.remain([]);
    }
  });

  it('names a batch that got no answer', async () => {
    const ids = new Registry(prefix, false);
    const id = ids.product('p');
    // a port opened and closed again: nothing listens there, the connection is refused
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((ok) => closed.close(() => ok()));
    const failure = ids.cleanup({ baseUrl: `http://127.0.0.1:${port}/acme/dev`, apiKey: 'k', settleMs: 50 });
    await expect(failure).rejects.toThrow(/DELETE \/products \(1 id\): no answer \(.*\)/);
    await expect(failure).rejects.toThrow(`  products: ${id}`);
  });

  it('refuses a prefix that is not a run prefix', () => {
    expect(() => new Registry('shop-', false)).toThrow(/not a run prefix/);
  });
});
