// `product-catalog-mock record`: a catalog recorded from one started mock and served by another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../../src/server.js';
import { loadSeedFile, resolveSeed } from '../../src/seed/resolve.js';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { isValidGtin } from '../../src/seed/barcodes.js';
import { startProxy } from '../proxy.js';
import { frames, lastFrame, terminal } from '../terminal.js';
import { runRecord } from '../../src/cli/record/run.js';

const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');
const KEY = 'record-key';
const PRODUCTS = 230; // three pages of 100

function record(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [cli, 'record', ...args], (err, stdout, stderr) => {
      done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr });
    });
  });
}

type Product = Record<string, unknown> & { productGroupId: string };

async function catalog(base: string): Promise<{ products: Product[]; types: unknown[] }> {
  const headers = { 'x-api-key': KEY };
  const list = await (await fetch(`${base}/products?limit=1000&sort=productGroupId`, { headers })).json();
  const types = await (await fetch(`${base}/product-types`, { headers })).json();
  return { products: list.data.list, types: types.data };
}

describe('record', () => {
  let source: RunningServer;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    source = await startServer({ port: 0, apiKeys: [KEY], seed: await resolveSeed(String(PRODUCTS)) });
    base = `${source.url}/acme/live`;
    dir = await mkdtemp(join(tmpdir(), 'pcm-record-'));
  });
  afterAll(async () => {
    await source.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Serves a recorded file from a second mock and reads its catalog back. */
  async function served(file: string) {
    const copy = await startServer({ port: 0, apiKeys: [KEY], seed: await loadSeedFile(file) });
    try {
      return await catalog(`${copy.url}/other/env`);
    } finally {
      await copy.close();
    }
  }

  it('round-trips a catalog: the second mock answers what the first did', async () => {
    const out = join(dir, 'copy.json');
    const { code, output } = await record(['--base-url', base, '--api-key', KEY, '--out', out]);
    expect(output).toMatch(`${PRODUCTS} products`);
    expect(code).toBe(0);
    const original = await catalog(base);
    expect(original.products).toHaveLength(PRODUCTS);
    expect(await served(out)).toEqual(original);
  }, 60_000);

  it('--limit records only that many products', async () => {
    const out = join(dir, 'limited.json');
    expect((await record(['--base-url', base, '--api-key', KEY, '--out', out, '--limit', '120'])).code).toBe(
      0,
    );
    const { products } = await served(out);
    expect(products.map((p) => p.productGroupId)).toEqual(
      (await catalog(base)).products.slice(0, 120).map((p) => p.productGroupId),
    );
  }, 60_000);

  it('counts in its summary as seed does: one product, not "1 products"', async () => {
    const out = join(dir, 'one.json');
    const { code, output } = await record([
      '--base-url',
      base,
      '--api-key',
      KEY,
      '--out',
      out,
      '--limit',
      '1',
    ]);
    expect(code).toBe(0);
    const types = (await catalog(base)).types.length;
    expect(output).toBe(
      `record: 1 product and ${types} product types written to ${out}; serve them with --seed ${out}\n`,
    );
  }, 60_000);

  it('in a terminal, a bar follows the writing of the file after the recording bar', async () => {
    const out = join(dir, 'on-terminal.json');
    const tty = terminal();
    expect(await runRecord({ baseUrl: base, apiKey: KEY, out }, tty)).toBe(0);
    const drawn = frames(tty.text());
    const recorded = lastFrame(drawn, 'recording');
    const written = lastFrame(drawn, 'writing');
    expect(drawn[recorded]).toContain(`${PRODUCTS}/${PRODUCTS} products`);
    expect(drawn[written]).toContain(`${PRODUCTS}/${PRODUCTS} products`);
    expect(written).toBeGreaterThan(recorded);
  }, 60_000);

  it('a bad token ends at once with exit 2 and says so', async () => {
    const { code, output } = await record([
      '--base-url',
      base,
      '--api-key',
      'wrong',
      '--out',
      join(dir, 'x.json'),
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(/token was refused/);
  }, 60_000);

  it('an --out in a directory that does not exist ends at once with exit 2, before anything is fetched', async () => {
    const missing = join(dir, 'no-such-dir');
    const { code, output } = await record([
      '--base-url',
      'http://127.0.0.1:9/acme/live', // nothing listens: a request would be a different failure
      '--api-key',
      KEY,
      '--out',
      join(missing, 'x.json'),
    ]);
    expect(code).toBe(2);
    expect(output).toBe(
      `record: --out ${join(missing, 'x.json')}: the directory ${missing} does not exist; nothing was recorded or written.\n`,
    );
  }, 60_000);

  it('a target that is not ready is named as not ready for recording, not for a contract run', async () => {
    const { code, output } = await record([
      '--base-url',
      `${source.url}/acme`,
      '--api-key',
      KEY,
      '--out',
      join(dir, 'y.json'),
    ]);
    expect(code).toBe(2);
    expect(output).toMatch(
      /^record: the target is not ready for recording; nothing was recorded or written\./,
    );
    expect(output).not.toMatch(/contract|test/);
  }, 60_000);

  describe('a deployment that answers "later" (429, 502, 503, 504)', () => {
    const rule = async (body: object) => {
      const res = await fetch(`${source.url}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({
          tenantId: 'acme',
          environment: 'live',
          operationId: 'listProductTypes',
          ...body,
        }),
      });
      expect(res.status).toBe(201);
    };
    const clear = () =>
      fetch(`${source.url}/__admin/faults`, { method: 'DELETE', headers: { 'x-api-key': KEY } });

    it('is asked again as its Retry-After says, and the recording completes', async () => {
      await rule({ status: 503, retryAfter: 0, times: 2 });
      try {
        const out = join(dir, 'retried.json');
        const { code, output } = await record(['--base-url', base, '--api-key', KEY, '--out', out]);
        expect(output).toContain(
          `record: GET ${base}/product-types answered 503 (Retry-After: 0); asking again in 0.0 s (try 2 of 5)`,
        );
        expect(output).toContain('(try 3 of 5)');
        expect(code).toBe(0);
        expect(await served(out)).toEqual(await catalog(base));
      } finally {
        await clear();
      }
    }, 60_000);

    it('is waited for in the first read too, which checks the target before anything is recorded', async () => {
      await rule({ operationId: 'listProducts', status: 429, retryAfter: 0, times: 1 });
      try {
        const out = join(dir, 'first-read.json');
        const { code, output } = await record(['--base-url', base, '--api-key', KEY, '--out', out]);
        expect(output).toContain(
          `record: GET ${base}/products?limit=1&select=productGroupId answered 429 (Retry-After: 0); asking again in 0.0 s (try 2 of 5)`,
        );
        expect(code).toBe(0);
        expect(await served(out)).toEqual(await catalog(base));
        await rule({ operationId: 'listProducts', status: 503, retryAfter: 0 });
        const busy = await record(['--base-url', base, '--api-key', KEY, '--out', join(dir, 'never.json')]);
        expect(busy.code).toBe(2);
        expect(busy.output).toContain(
          `GET ${base}/products?limit=1&select=productGroupId answered 503 5 times in a row; the deployment is busy: try again later.`,
        );
      } finally {
        await clear();
      }
    }, 60_000);

    it('ends the recording, saying so, after five such answers in a row or a wait over a minute', async () => {
      try {
        await rule({ status: 429, retryAfter: 0 });
        const busy = await record(['--base-url', base, '--api-key', KEY, '--out', join(dir, 'busy.json')]);
        expect(busy.code).toBe(1);
        expect(busy.output).toContain(
          `record: GET ${base}/product-types answered 429 5 times in a row; the deployment is busy: try again later`,
        );
        await clear();
        await rule({ status: 503, retryAfter: 3600 });
        const later = await record(['--base-url', base, '--api-key', KEY, '--out', join(dir, 'later.json')]);
        expect(later.code).toBe(1);
        expect(later.output).toContain(
          `answered 503 and asks to wait (Retry-After: 3600) longer than a minute: try again then`,
        );
      } finally {
        await clear();
        await rm(join(dir, 'busy.json.partial'), { force: true });
        await rm(join(dir, 'later.json.partial'), { force: true });
      }
    }, 60_000);
  });

  it('an interrupted recording continues with --resume and fetches only the pages it lacks', async () => {
    let failSecondPage = true;
    const pagesAsked: string[] = [];
    const proxy = await startProxy(source.url, (req, answer) => {
      const page = /[?&]page=(\d+)/.exec(req.url)?.[1];
      if (req.url.includes('/products?') && req.url.includes('sort=') && page) pagesAsked.push(page);
      if (failSecondPage && page === '2') return { status: 503, headers: {}, body: 'down' };
      return answer;
    });
    try {
      const out = join(dir, 'resumed.json');
      const args = ['--base-url', `${proxy.url}/acme/live`, '--api-key', KEY, '--out', out];
      const first = await record(args);
      expect(first.code).toBe(1);
      expect(first.output).toMatch(/503[\s\S]*--resume/);
      expect((await record(args)).output).toMatch(/add --resume/); // no silent restart over it
      failSecondPage = false;
      pagesAsked.length = 0;
      expect((await record([...args, '--resume'])).code).toBe(0);
      expect(pagesAsked).toEqual(['2', '3']);
      expect(await served(out)).toEqual(await catalog(base));
    } finally {
      await proxy.close();
    }
  }, 60_000);

  it('Ctrl-C says how to continue, leaves an older --out as it was, and the command it prints continues', async () => {
    let reachedSecondPage: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (reachedSecondPage = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    let hold = true;
    const proxy = await startProxy(source.url, (req) => {
      if (!hold || !/[?&]page=2\b/.test(req.url)) return undefined;
      reachedSecondPage();
      return released; // the second page is not answered until the recording was interrupted
    });
    let child: ChildProcess | undefined;
    try {
      const out = join(dir, 'interrupted.json');
      await writeFile(out, '{"productTypes":[],"products":[]}\n');
      const base = `${proxy.url}/acme/live`;
      // As a person runs it from the project's folder; not as npm's child, whose variables say npm ran it.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')),
      );
      const running = spawn(
        process.execPath,
        ['dist/src/cli/cli.js', 'record', '--base-url', base, '--api-key', KEY, '--out', out],
        { stdio: ['ignore', 'pipe', 'pipe'], cwd: packageRoot, env },
      );
      child = running;
      let output = '';
      running.stdout.on('data', (d: Buffer) => (output += d.toString()));
      running.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const exited = once(running, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
      await reached;
      running.kill('SIGINT');
      const [code] = await exited;
      expect(code).toBe(130);
      // The way it was started, which works pasted where it was run.
      const resume = `node dist/src/cli/cli.js record --base-url ${base} --api-key "$TOKEN" --out ${out} --resume`;
      expect(output).toBe(
        `record: interrupted; ${out} was not written. What was recorded so far is in ${out}.partial; ` +
          `to continue it, run the same command with --resume (with the token in TOKEN):\n  ${resume}\n`,
      );
      expect(output).not.toContain(KEY);
      expect(await readFile(out, 'utf8')).toBe('{"productTypes":[],"products":[]}\n');
      expect((await readFile(`${out}.partial`, 'utf8')).split('\n').filter(Boolean)).toHaveLength(2);

      hold = false;
      release();
      // Pasted into a shell in the same folder, with the token in TOKEN as the message says.
      const pasted = spawn('/bin/sh', ['-c', resume], {
        stdio: 'ignore',
        cwd: packageRoot,
        env: { ...env, TOKEN: KEY },
      });
      const [resumedCode] = (await once(pasted, 'exit')) as [number | null];
      expect(resumedCode).toBe(0);
      expect(await served(out)).toEqual(await catalog(base));
    } finally {
      // A failure before the interrupt leaves the recording waiting on the held page: end it.
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      release();
      await proxy.close();
    }
  }, 60_000);

  it('--resume on a .partial it cannot continue says to delete it, not to run again with --resume', async () => {
    const out = join(dir, 'stuck.json');
    const args = ['--base-url', base, '--api-key', KEY, '--out', out, '--resume'];
    await writeFile(`${out}.partial`, '{"baseUrl":"http://elsewhere/acme/live","pageSize":100}\n');
    const other = await record(args);
    expect(other.code).toBe(2);
    expect(other.output).toBe(
      `record: ${out}.partial records http://elsewhere/acme/live, not ${base}: delete it or record to another --out\n`,
    );
    await writeFile(`${out}.partial`, 'garbage\n');
    const garbage = await record(args);
    expect(garbage.code).toBe(2);
    expect(garbage.output).toBe(
      `record: ${out}.partial is not a recording this command wrote: delete it or record to another --out\n`,
    );
    // Empty: a run stopped before its first line; --resume starts it over.
    await writeFile(`${out}.partial`, '');
    const empty = await record(args);
    expect(empty.code).toBe(0);
    expect(empty.output).toMatch(`${PRODUCTS} products`);
  }, 60_000);

  it('--anonymize: other names and media, same ids, types, prices and relations, valid barcodes, same output twice', async () => {
    const out = join(dir, 'anon.json');
    const again = join(dir, 'anon-again.json');
    expect((await record(['--base-url', base, '--api-key', KEY, '--out', out, '--anonymize'])).code).toBe(0);
    expect((await record(['--base-url', base, '--api-key', KEY, '--out', again, '--anonymize'])).code).toBe(
      0,
    );
    expect(await readFile(again, 'utf8')).toBe(await readFile(out, 'utf8'));

    const original = await catalog(base);
    const anon = await served(out); // loads as a seed file: still valid
    expect(anon.types).toEqual(original.types);
    expect(anon.products).toHaveLength(original.products.length);
    const text = JSON.stringify(anon.products);
    let barcodes = 0;
    anon.products.forEach((p, i) => {
      const o = original.products[i]!;
      expect(p.productGroupId).toBe(o.productGroupId);
      for (const kept of [
        'productType',
        'productPriceList',
        'spaceIds',
        'relatedProductGroups',
        'variantsGroupId',
      ])
        expect(p[kept]).toEqual(o[kept]);
      expect(p.productName).not.toEqual(o.productName);
      const variants = (p.variants ?? []) as Record<string, unknown>[];
      const before = (o.variants ?? []) as Record<string, unknown>[];
      expect(variants.map((v) => v.productId)).toEqual(before.map((v) => v.productId));
      variants.forEach((v, j) => {
        for (const field of ['globalTradeItemNumber', 'europeanArticleNumber', 'universalProductCode']) {
          const was = [before[j]![field] ?? []].flat() as string[];
          const now = [v[field] ?? []].flat() as string[];
          expect(now).toHaveLength(was.length);
          now.forEach((code, k) => {
            expect(code).not.toBe(was[k]);
            expect(isValidGtin(code)).toBe(isValidGtin(was[k]!));
          });
          barcodes += now.filter(isValidGtin).length;
        }
      });
    });
    expect(barcodes).toBeGreaterThan(PRODUCTS);
    for (const o of original.products.slice(0, 20)) {
      const name = (o.productName as { productName: string }[])[0]!.productName;
      expect(text).not.toContain(JSON.stringify(name));
      for (const m of (o.catalogPageLocationProduct ?? []) as { catalogPageLocationProduct: string }[])
        expect(text).not.toContain(m.catalogPageLocationProduct);
      for (const b of (o.brand ?? []) as { brandName: string }[])
        expect(text).not.toContain(`"${b.brandName}"`);
    }
  }, 60_000);
});
