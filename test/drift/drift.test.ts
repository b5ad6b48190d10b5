// `drift` against a deployment that is the mock itself: unmodified it agrees, with a deliberate
// disagreement put in front (a proxy of the test's own) the report names the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startServer, type RunningServer } from '../../src/server.js';
import { resolveSeed } from '../../src/seed/resolve.js';
import { runDrift, type DriftOptions } from '../../src/cli/drift/run.js';
import type { DriftReport } from '../../src/cli/drift/report.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { loadApiDocument } from '../../src/openapi/apiDocument.js';
import { startProxy, type Answer, type Exchange } from '../proxy.js';

const KEY = 'drift-key';

/** A stream that keeps what is written to it. */
function captured(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

let deployment: RunningServer;
const dirs: string[] = [];

beforeAll(async () => {
  // a strict deployment: only its key reads
  deployment = await startServer({ port: 0, apiKeys: [KEY], seed: await resolveSeed('demo') });
});
afterAll(async () => {
  await deployment.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function drift(baseUrl: string, extra: Partial<DriftOptions> = {}) {
  const out = await mkdtemp(join(tmpdir(), 'pcm-drift-'));
  dirs.push(out);
  const [stdout, stderr] = [captured(), captured()];
  const code = await runDrift(
    { baseUrl, apiKey: KEY, out, ...extra },
    { stdout: stdout.stream, stderr: stderr.stream },
  );
  const read = async () => JSON.parse(await readFile(join(out, 'drift.json'), 'utf8')) as DriftReport;
  return { code, out, stdout: stdout.text(), stderr: stderr.text(), report: read };
}

/** Runs drift through a proxy that changes some answers of the deployment. */
async function throughProxy(
  breakage: (req: Exchange, answer: Answer) => Answer | undefined,
  extra: Partial<DriftOptions> = {},
  scope = '/acme/dev',
) {
  const proxy = await startProxy(deployment.url, breakage);
  try {
    return await drift(`${proxy.url}${scope}`, extra);
  } finally {
    await proxy.close();
  }
}

const readOperations = async () =>
  new OperationTable(await loadApiDocument(), '/{tenantId}/{environment}').operations
    .filter((op) => op.safe)
    .map((op) => op.operationId);

describe('drift against the mock itself', () => {
  it('finds no difference, exits 0, and compared every read operation of openapi.yaml', async () => {
    const run = await drift(`${deployment.url}/acme/dev`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = await run.report();
    expect(report.differences).toEqual([]);
    expect(report.requests).toBeGreaterThan(60);
    expect(report.identical).toBe(report.requests);
    expect(report.catalog).toMatchObject({ products: 200, sample: false });
    expect(Object.keys(report.operations).sort()).toEqual((await readOperations()).sort());
    expect(run.stdout).toMatch(/drift: no difference in the answers/);
    expect(report.refused).toEqual([]);
    // the recording the mock served, to serve again
    const recorded = JSON.parse(await readFile(join(run.out, 'catalog.json'), 'utf8')) as {
      products: unknown[];
    };
    expect(recorded.products).toHaveLength(200);
  });

  it('names the operation of a deliberate disagreement and exits 1: a barcode lookup where leading zeros count', async () => {
    const run = await throughProxy((req) =>
      /\/products-barcode\/0/.test(req.url)
        ? {
            status: 404,
            headers: { 'content-type': 'application/json' },
            body: '{"message":"Not found","status":404}',
          }
        : undefined,
    );
    expect(run.code).toBe(1);
    const report = await run.report();
    expect(report.differences.length).toBeGreaterThan(0);
    expect(new Set(report.differences.map((d) => d.operationId))).toEqual(new Set(['getProductByBarcode']));
    const [first] = report.differences;
    expect(first).toMatchObject({
      operationId: 'getProductByBarcode',
      request: { method: 'GET', url: expect.stringMatching(/\/acme\/dev\/products-barcode\/0\d+$/) },
      mock: { status: 200 },
      deployment: { status: 404, body: { status: 404 } },
      what: ['status: mock 200, deployment 404'],
    });
    expect(first!.request.curl).toMatch(/^curl .*products-barcode\/0/);
    expect(first!.request.curl).not.toContain(KEY);
    expect(report.identical).toBe(report.requests - report.differences.length);
    expect(run.stdout).toMatch(/difference.* in getProductByBarcode \(\d+\)/);
    const html = await readFile(join(run.out, 'drift.html'), 'utf8');
    expect(html).toContain('getProductByBarcode');
  });

  it('reports ties broken the other way as a difference of order in listProducts', async () => {
    // a deployment that sorts equal sort values by descending productGroupId
    const run = await throughProxy((req, answer) => {
      if (!/\/products\?.*sort=variantsGroupId%20asc/.test(req.url)) return undefined;
      const body = JSON.parse(answer.body) as {
        data: { list: { productGroupId: string; variantsGroupId?: string }[] };
      };
      const key = (p: { variantsGroupId?: string }) => p.variantsGroupId ?? '\uffff';
      body.data.list.sort((a, b) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.productGroupId < b.productGroupId ? 1 : -1,
      );
      return { ...answer, body: JSON.stringify(body) };
    });
    expect(run.code).toBe(1);
    const report = await run.report();
    expect(report.differences.map((d) => d.operationId)).toEqual(['listProducts']);
    expect(report.differences[0]!.what[0]).toMatch(
      /^order at \$\.data\.list \(by productGroupId\), from position \d+: mock \[FA-/,
    );
  });

  it('ignores the wording of error messages, as documented', async () => {
    const run = await throughProxy((_req, answer) => {
      if (answer.status < 400) return undefined;
      const body = JSON.parse(answer.body) as { message: string };
      return { ...answer, body: JSON.stringify({ ...body, message: `Other words: ${body.message.length}` }) };
    });
    expect(run.code).toBe(0);
  });

  it('leaves a recorded record the mock refuses out of its data, names it, and exits 1', async () => {
    // the deployment holds a product whose shellLifeDays is text, which openapi.yaml refuses
    const run = await throughProxy((req, answer) => {
      if (!/\/products\?limit=100&page=1&/.test(req.url)) return undefined;
      const body = JSON.parse(answer.body) as { data: { list: Record<string, unknown>[] } };
      body.data.list[2]!.shellLifeDays = 'ten';
      return { ...answer, body: JSON.stringify(body) };
    });
    expect(run.code).toBe(1);
    const report = await run.report();
    expect(report.refused).toEqual([
      { kind: 'product', id: 'FA-00003', why: expect.stringContaining('shellLifeDays') as string },
    ]);
    expect(report.catalog).toMatchObject({ products: 199, sample: true });
    // the others still compare, and agree
    expect(report.differences).toEqual([]);
    expect(report.leftOut.length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(
      /the mock refuses 1 recorded record, left out of its data:\n {2}product FA-00003: shellLifeDays/,
    );
  });

  it('serves demo media URLs as recorded: a mock on the default port names the placeholder origin', async () => {
    // the deployment answers as a mock on localhost:4010 does (its media on the origin a seed names)
    const media = `${deployment.url}/__media/`;
    const run = await throughProxy((_req, answer) => ({
      ...answer,
      body: answer.body.split(media).join('http://localhost:4010/__media/'),
    }));
    expect(run.code).toBe(0);
    const recorded = await readFile(join(run.out, 'catalog.json'), 'utf8');
    expect(recorded).toContain('http://localhost:4010/__media/');
  });

  it('exits 2 with the preflight explanation when the deployment does not answer', async () => {
    const gone = await startServer({ port: 0 });
    const url = gone.url;
    await gone.close();
    const run = await drift(`${url}/acme/dev`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^drift: the target is not ready for a drift report/);
    expect(run.stderr).toContain('tried: GET');
    expect(run.stdout).toBe('');
  });

  it('with --limit compares a sample on the reads that do not depend on the whole catalog and lists the others', async () => {
    const run = await drift(`${deployment.url}/acme/dev`, { limit: 40 });
    expect(run.code).toBe(0);
    const report = await run.report();
    expect(report.catalog).toMatchObject({ products: 40, deploymentCount: 200, sample: true });
    const leftOut = report.leftOut.map((l) => `${l.operationId} ${l.about}`);
    expect(leftOut).toContain('listProducts defaults: first page, default order');
    expect(leftOut).toContain('getProductSortOptions every language');
    expect(report.operations.getProduct).toBeGreaterThan(0);
    expect(report.operations.listProducts).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/left out/);
  });

  it('with --write pushes the dataset to both, compares the writes too, and leaves nothing behind', async () => {
    const run = await drift(`${deployment.url}/acme/drift-write`, { write: true });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = await run.report();
    expect(report.mode).toBe('write');
    for (const op of [
      'pushProducts',
      'updateProducts',
      'updateVariants',
      'overwriteProducts',
      'detachProducts',
      'deleteProducts',
      'upsertProductTypes',
      'deleteProductTypes',
    ])
      expect(report.operations[op], op).toBeGreaterThan(0);
    const headers = { 'x-api-key': KEY };
    const left = (await (
      await fetch(`${deployment.url}/acme/drift-write/products?limit=1`, { headers })
    ).json()) as { data: { count: number } };
    // the scope shares the demo seed: only the dataset's records were to go
    expect(left.data.count).toBe(200);
    const types = (await (
      await fetch(`${deployment.url}/acme/drift-write/product-types`, { headers })
    ).json()) as { data: { productTypeId: string }[] };
    expect(types.data.filter((t) => t.productTypeId.startsWith('ct-'))).toEqual([]);
  });

  it('with --write names a write the deployment answers otherwise', async () => {
    const run = await throughProxy(
      (req, answer) =>
        req.method === 'DELETE' && /\/spaces\/s1\/products$/.test(req.url)
          ? { ...answer, body: answer.body.replace(/"status":202/g, '"status":200') }
          : undefined,
      { write: true },
      '/acme/drift-proxied',
    );
    expect(run.code).toBe(1);
    const report = await run.report();
    expect(report.differences.map((d) => d.operationId)).toEqual(['detachProducts']);
    expect(report.differences[0]!.what.join('\n')).toMatch(/status.*mock 202, deployment 200/);
  });
});
