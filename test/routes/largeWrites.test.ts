// A large write (a body of 256 KB or more) is planned in turns of the event loop, as a whole, and in
// its scope's order (docs/performance.md, "Large request bodies"). No timing is asserted: the clock
// the turns are measured by is made to say that each look at it comes 6 ms after the last, so the
// turns are taken on any machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock, type Mock } from '../../src/mock.js';
import type { MockAnswer, MockRequest } from '../../src/pipeline/types.js';
import { turnsDuring } from '../helpers.js';

const TOKEN = { 'x-api-key': 'test-token' };

/** A request as an adapter gives it; `bodyBytes` what its body's bytes were. */
const request = (method: string, url: string, body?: unknown): MockRequest => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return {
    method,
    url,
    headers: body === undefined ? TOKEN : { ...TOKEN, 'content-type': 'application/json' },
    readBody: async () => (text === undefined ? undefined : JSON.parse(text)),
    ...(text !== undefined && { bodyBytes: text.length }),
  };
};

/** 100 products of 20 variants with long ids: 460 KB, a large body. */
const largeBatch = () => ({
  data: Array.from({ length: 100 }, (_, p) => ({
    productGroupId: `big-${p}`,
    variants: Array.from({ length: 20 }, (_, v) => ({ productId: `big-${p}-${v}-`.padEnd(220, 'x') })),
  })),
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Waits until `started` says the large write is being planned, and a turn more. */
async function planning(started: () => boolean): Promise<void> {
  for (let turns = 0; !started(); turns++) {
    if (turns > 1000) throw new Error('the large write was not planned in turns (Store.writeInTurns)');
    await turn();
  }
  await turn();
}

let mock: Mock;
let tenant = 0;
beforeAll(async () => {
  mock = await createMock({ seed: { products: [], productTypes: [] }, logRequests: false });
});

/** Each look at the clock 6 ms after the last: a turn is due every other product. */
function slowClock(): void {
  let now = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => (now += 6));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a large write (docs/performance.md, "Large request bodies")', () => {
  it('is planned in turns: other requests are answered meanwhile, and see none of its products until all are stored', async () => {
    slowClock();
    const base = `/large${++tenant}/dev`;
    const push = mock.handle(request('POST', `${base}/products-push`, largeBatch()));
    const seen: number[] = [];
    let answered = false;
    void push.then(() => (answered = true));
    // A read of the batch's last and first product at every turn while the push is under way.
    const reads: Promise<void>[] = [];
    const { value, turns } = await turnsDuring(
      (async () => {
        while (!answered) {
          for (const id of ['big-99', 'big-0']) {
            reads.push(
              mock.handle(request('GET', `${base}/products/${id}`)).then((a: MockAnswer) => {
                if (!answered) seen.push(a.status);
              }),
            );
          }
          await turn();
        }
        return push;
      })(),
    );
    await Promise.all(reads);
    expect(value.status).toBe(200);
    expect((value.json as { data: { status: number }[] }).data.every((r) => r.status === 201)).toBe(true);
    // In one piece, the push took a few turns (its body's, its checks'); planned in turns, one
    // every other product, dozens.
    expect(turns).toBeGreaterThan(40);
    expect(seen.length).toBeGreaterThan(40);
    expect(new Set(seen)).toEqual(new Set([404]));
    expect((await mock.handle(request('GET', `${base}/products/big-99`))).status).toBe(200);
  });

  it("keeps its scope's order: a write and a restore given while it is planned wait for it", async () => {
    slowClock();
    const base = `/large${++tenant}/dev`;
    const scope = { region: 'eu', tenantId: base.split('/')[1] as string, environment: 'dev' };
    const planned = vi.spyOn(mock.store, 'writeInTurns');
    const push = mock.handle(request('POST', `${base}/products-push`, largeBatch()));
    await planning(() => planned.mock.calls.length > 0);
    // Given after the push: a small update of one of its products must find it (200, not 404),
    // and a small push of another merges into what the large one stored.
    const update = mock.handle(
      request('PATCH', `${base}/products`, {
        data: [{ productGroupId: 'big-5', productName: [{ isoLanguageId: 'en', productName: 'After' }] }],
      }),
    );
    const smallPush = mock.handle(
      request('POST', `${base}/products-push`, {
        data: [{ productGroupId: 'big-7', variants: [{ productId: 'small-1' }] }],
      }),
    );
    const [pushed, updated, merged] = await Promise.all([push, update, smallPush]);
    expect(pushed.status).toBe(200);
    expect(updated.json).toEqual({ data: [{ productGroupId: 'big-5', status: 200 }] });
    expect(merged.json).toEqual({ data: [{ productGroupId: 'big-7', status: 200 }] });
    const big7 = (await mock.handle(request('GET', `${base}/products/big-7`))).json as {
      data: { variants: { productId: string }[] };
    };
    expect(big7.data.variants).toHaveLength(21);
    expect(big7.data.variants.at(-1)?.productId).toBe('small-1');

    // A restore of the scope given while a second large push is planned comes after it: the
    // scope ends as captured, not with the push's products.
    const captured = mock.store.captureScope(scope);
    const second = largeBatch();
    Object.assign(second.data[5] as object, {
      productName: [{ isoLanguageId: 'en', productName: 'Second' }],
    });
    const calls = planned.mock.calls.length;
    const again = mock.handle(request('POST', `${base}/products-push`, second));
    await planning(() => planned.mock.calls.length > calls);
    const restored = mock.store.restoreScope(scope, captured);
    const [pushedAgain] = await Promise.all([again, restored]);
    expect(pushedAgain.status).toBe(200);
    const product = (await mock.handle(request('GET', `${base}/products/big-5`))).json as {
      data: { productName: unknown };
    };
    expect(product.data.productName).toEqual([{ isoLanguageId: 'en', productName: 'After' }]);
  });

  it('with --data, is journaled after the writes given before it and before those given after', async () => {
    slowClock();
    const dir = await mkdtemp(join(tmpdir(), 'large-writes-'));
    const data = join(dir, 'data.json');
    const seed = { products: [], productTypes: [] };
    try {
      const first = await createMock({ seed, data, logRequests: false });
      const planned = vi.spyOn(first.store, 'writeInTurns');
      const before = first.handle(
        request('POST', '/disk/dev/products-push', {
          data: [{ productGroupId: 'big-3', productName: [{ isoLanguageId: 'en', productName: 'Before' }] }],
        }),
      );
      const push = first.handle(request('POST', '/disk/dev/products-push', largeBatch()));
      await planning(() => planned.mock.calls.length > 0);
      const update = first.handle(
        request('PATCH', '/disk/dev/products', {
          data: [{ productGroupId: 'big-5', productName: [{ isoLanguageId: 'en', productName: 'After' }] }],
        }),
      );
      const answers = await Promise.all([before, push, update]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[2]?.json).toEqual({ data: [{ productGroupId: 'big-5', status: 200 }] });
      await first.store.close();

      const again = await createMock({ seed, data, logRequests: false });
      const read = async (id: string) =>
        (await again.handle(request('GET', `/disk/dev/products/${id}`))).json as {
          data: { productName: unknown; variants: unknown[] };
        };
      expect((await read('big-3')).data.productName).toEqual([
        { isoLanguageId: 'en', productName: 'Before' },
      ]);
      expect((await read('big-3')).data.variants).toHaveLength(20);
      expect((await read('big-5')).data.productName).toEqual([{ isoLanguageId: 'en', productName: 'After' }]);
      await again.store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
