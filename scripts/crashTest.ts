// `npm run test:crash`: kills a --data server with SIGKILL while merge pushes stream in, restarts it
// on the same file, and checks that every acknowledged push is there and that every push, answered
// or not, is there whole or not at all. Prints its figures; exits 1 on any loss.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/packageRoot.js';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    seed: { type: 'string', default: '300' },
    clients: { type: 'string', default: '4' },
  },
});
const CYCLES = Number(values.cycles);
const CLIENTS = Number(values.clients);
/** Products the pushes touch: new ones and, through the seed, existing ones. */
const POOL = 120;
const BASE = '/acme/crash';
const HEADERS = { 'x-api-key': 'crash', 'content-type': 'application/json' };
const cli = join(packageRoot, 'dist', 'src', 'cli.js');

interface Batch {
  id: string;
  products: string[];
  acknowledged: boolean;
  /** Seen whole after a restart: from then on it must stay. */
  seen: boolean;
}

interface Server {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function start(file: string): Promise<Server> {
  const child = spawn(
    process.execPath,
    [cli, '--port', '0', '--seed', values.seed as string, '--data', file, '--compact-after', '0.05'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = once(child, 'exit');
  let out = '';
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the server ended before listening: ${err.trim()}`)));
  });
  return { child, url, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const productId = (n: number) => `crash-${String(n).padStart(3, '0')}`;

/** One client: merge pushes of 1 to 10 pool products, each carrying a price keyed by the batch's id. */
async function stream(url: string, batches: Batch[], cycle: number, client: number, until: () => boolean) {
  for (let seq = 0; !until(); seq++) {
    const id = `b${cycle}-${client}-${seq}`;
    const size = 1 + Math.floor(Math.random() * 10);
    const picked = new Set<string>();
    while (picked.size < size) picked.add(productId(Math.floor(Math.random() * POOL)));
    const batch: Batch = { id, products: [...picked], acknowledged: false, seen: false };
    batches.push(batch);
    const body = {
      data: batch.products.map((productGroupId) => ({
        productGroupId,
        productPriceList: [{ productId: id, spaceId: 'crash', listPrice: seq, isoCurrencyCode: 'EUR' }],
      })),
    };
    try {
      const res = await fetch(`${url}${BASE}/products-push`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.ok) batch.acknowledged = true;
      else throw new Error(`push answered ${res.status}`);
    } catch (err) {
      // The server was killed under this request: it is in flight, answered or not.
      if (err instanceof Error && err.message.startsWith('push answered')) throw err;
      return;
    }
  }
}

/** The batch ids each pool product holds, read back over HTTP. */
async function stored(url: string): Promise<Map<string, Set<string>>> {
  const held = new Map<string, Set<string>>();
  for (let n = 0; n < POOL; n++) {
    const res = await fetch(`${url}${BASE}/products/${productId(n)}`, { headers: HEADERS });
    const body = (await res.json()) as { data?: { productPriceList?: { productId: string }[] } };
    held.set(productId(n), new Set((body.data?.productPriceList ?? []).map((p) => p.productId)));
  }
  return held;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'catalog-crash-'));
  const file = join(dir, 'catalog.json');
  const batches: Batch[] = [];
  const figures = {
    acknowledged: 0,
    inFlightApplied: 0,
    inFlightAbsent: 0,
    lost: 0,
    halfApplied: 0,
    vanished: 0,
  };
  const restartMs: number[] = [];
  const started = performance.now();
  let server: Server | undefined;
  try {
    server = await start(file);
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const from = batches.length;
      let killed = false;
      const url = server.url;
      const clients = Array.from({ length: CLIENTS }, (_, c) => stream(url, batches, cycle, c, () => killed));
      await sleep(200 + Math.random() * 1800);
      server.child.kill('SIGKILL');
      killed = true;
      await server.exited;
      await Promise.all(clients);

      // The restarted server is checked, then streamed to in the next cycle.
      const t0 = performance.now();
      server = await start(file);
      restartMs.push(performance.now() - t0);
      const held = await stored(server.url);
      for (const [i, batch] of batches.entries()) {
        const present = batch.products.filter((p) => held.get(p)?.has(batch.id)).length;
        const whole = present === batch.products.length;
        if (present > 0 && !whole) figures.halfApplied++;
        if (batch.acknowledged && !whole) figures.lost++;
        if (batch.seen && !whole) figures.vanished++;
        if (i >= from) {
          if (batch.acknowledged) figures.acknowledged++;
          else if (whole) figures.inFlightApplied++;
          else figures.inFlightAbsent++;
        }
        if (whole) batch.seen = true;
      }
      process.stdout.write(
        `cycle ${cycle}/${CYCLES}: ${batches.length - from} pushes sent, ` +
          `${batches.slice(from).filter((b) => b.acknowledged).length} acknowledged\n`,
      );
    }
    const files = await readdir(dir);
    const bytes = (await Promise.all(files.map((f) => stat(join(dir, f))))).reduce((n, s) => n + s.size, 0);
    const seconds = (performance.now() - started) / 1000;
    const mean = restartMs.reduce((a, b) => a + b, 0) / restartMs.length;
    console.log(
      [
        '',
        `crash test: ${CYCLES} kills (SIGKILL at a random moment) in ${seconds.toFixed(0)} s, ${CLIENTS} clients`,
        `  pushes acknowledged:                  ${figures.acknowledged}`,
        `  acknowledged pushes lost:             ${figures.lost}`,
        `  pushes half applied:                  ${figures.halfApplied}`,
        `  pushes seen whole, gone later:        ${figures.vanished}`,
        `  in flight at a kill, found applied:   ${figures.inFlightApplied}`,
        `  in flight at a kill, found absent:    ${figures.inFlightAbsent}`,
        `  restart on the data, mean:            ${mean.toFixed(0)} ms`,
        `  data files at the end:                ${files.join(', ')} (${(bytes / 1e6).toFixed(1)} MB)`,
      ].join('\n'),
    );
    if (figures.lost + figures.halfApplied + figures.vanished > 0) process.exitCode = 1;
  } finally {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
