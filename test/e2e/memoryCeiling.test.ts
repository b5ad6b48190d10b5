// The server never dies of memory from requests (docs/behaviour.md, "Storage and --data"): the built
// command line, given a small heap and ceilings of stored bytes far above it, is pushed records that
// take many times their JSON in the heap until it refuses them with a 507; it still answers reads,
// and stops cleanly when asked. The ceilings given as flags reach the server.
import { describe, expect, it } from 'vitest';
import { runCli } from './runCli.js';

const HEAP_MB = 128;
const HEADERS = { 'x-api-key': 'k', 'content-type': 'application/json' };

/** 100 products of 120 variants each (within the cost budget of objects): about 0.6 MB of JSON, many times that in the heap. */
const batch = (round: number) =>
  JSON.stringify({
    data: Array.from({ length: 100 }, (_, p) => ({
      productGroupId: `r${round}-p${p}`,
      variants: Array.from({ length: 120 }, (_, v) => ({
        productId: `r${round}-p${p}-v${v}`,
        color: `colour ${v}`,
      })),
    })),
  });

describe('a server with a small heap, pushed large bodies', () => {
  it('refuses them with a 507 before its heap runs out, and still answers reads', async () => {
    let pushed = 0;
    let refusal: { status: number; message: string } | undefined;
    const { code, signal, stderr } = await runCli(
      // Ceilings of stored bytes far above the heap: only the heap's own guard stands in the way.
      ['--port', '0', '--seed', '200', '--quiet', '--max-stored-mb', '100000', '--max-scope-mb', '100000'],
      async (url, stop) => {
        try {
          for (let round = 0; round < 200 && !refusal; round++) {
            const res = await fetch(`${url}/acme/dev/products-push`, {
              method: 'POST',
              headers: HEADERS,
              body: batch(round),
            });
            if (res.status === 200) pushed++;
            else refusal = { status: res.status, ...((await res.json()) as { message: string }) };
          }
          // Reads still answer: a record written, the list, a record of the seed.
          const written = await fetch(`${url}/acme/dev/products/r0-p0`, { headers: HEADERS });
          expect(written.status).toBe(200);
          const list = await fetch(`${url}/acme/dev/products?limit=5`, { headers: HEADERS });
          expect(list.status).toBe(200);
          const other = await fetch(`${url}/other/dev/products?limit=1`, { headers: HEADERS });
          expect(other.status).toBe(200);
        } finally {
          stop();
        }
      },
      [`--max-old-space-size=${HEAP_MB}`],
    );
    expect(refusal?.status).toBe(507);
    expect(refusal?.message).toMatch(
      new RegExp(`^The store is full: the server's heap holds \\d+ MB of the \\d+ MB it may use`),
    );
    expect(pushed).toBeGreaterThan(0);
    // Alive until stopped: it ended on the SIGTERM it was sent, not of memory.
    expect(stderr).not.toMatch(/heap out of memory|ERR_WORKER_OUT_OF_MEMORY/i);
    expect([code, signal]).toEqual([0, null]);
  }, 60_000);
});

describe('the ceilings given on the command line', () => {
  it('reach the server: --max-scope-mb refuses a push past it, --journal-per-scope keeps that many of a scope', async () => {
    const { code } = await runCli(
      ['--port', '0', '--seed', 'none', '--quiet', '--max-scope-mb', '0.01', '--journal-per-scope', '2'],
      async (url, stop) => {
        try {
          const push = (id: string) =>
            fetch(`${url}/acme/dev/products-push`, {
              method: 'POST',
              headers: HEADERS,
              body: JSON.stringify({
                data: [
                  {
                    productGroupId: id,
                    productDescription: [{ isoLanguageId: 'en', productDescription: 'x'.repeat(6000) }],
                  },
                ],
              }),
            });
          expect((await push('a')).status).toBe(200);
          const refused = await push('b');
          expect(refused.status).toBe(507);
          expect(((await refused.json()) as { message: string }).message).toMatch(
            /past --max-scope-mb \(0\.01 MB in one scope\)/,
          );
          // A third request of acme's scope: it keeps its last two.
          expect((await fetch(`${url}/acme/dev/products/a`, { headers: HEADERS })).status).toBe(200);
          for (let i = 0; i < 3; i++) await fetch(`${url}/other/dev/products/p${i}`, { headers: HEADERS });
          const journal = await fetch(`${url}/__admin/requests?tenantId=acme`);
          expect(((await journal.json()) as { data: unknown[] }).data).toHaveLength(2);
          const other = await fetch(`${url}/__admin/requests?tenantId=other`);
          const paths = ((await other.json()) as { data: { path: string }[] }).data.map((e) => e.path);
          expect(paths).toEqual(['/other/dev/products/p2', '/other/dev/products/p1']);
        } finally {
          stop();
        }
      },
    );
    expect(code).toBe(0);
  }, 60_000);
});
