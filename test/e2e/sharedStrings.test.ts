// Short strings of a seed file's products are shared between them as they are read
// (docs/performance.md, "Seed files: equal values shared"). Two equal strings compare equal in
// JavaScript whatever their copies, so only a heap snapshot tells one string held by every record
// from a copy per record: the records are parsed and shared on a worker thread of their own, whose
// heap is small enough to count. The built module, since a worker thread loads JavaScript.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const sharedValues = pathToFileURL(join(packageRoot, 'dist', 'src', 'seed', 'sharedValues.js')).href;
const RECORDS = 40;

/** Copies of `text` (built from two parts, so no literal of the code holds it) in the worker's heap. */
async function stringCopiesAfterSharing(share: boolean): Promise<number> {
  const worker = new Worker(
    `
    const { parentPort } = await import('node:worker_threads');
    const { ValueSharing } = await import(${JSON.stringify(sharedValues)});
    const space = ['stockholm', 'drottninggatan', 'flagship'].join('-');
    const sharing = new ValueSharing();
    globalThis.kept = [];
    for (let i = 0; i < ${RECORDS}; i++) {
      // Records that differ everywhere but the space, so that no whole value of theirs is shared.
      const text = JSON.stringify({
        productGroupId: 'P' + i,
        productPriceList: [{ productId: 'P' + i + '-v', spaceId: space, listPrice: i }],
      });
      const record = JSON.parse(text);
      globalThis.kept.push(${share} ? sharing.share(record) : record);
    }
    // Listening keeps the thread alive until it is ended: a snapshot of an ended thread crashes node 20.
    parentPort.on('message', () => undefined);
    parentPort.postMessage('ready');
    `,
    { eval: true },
  );
  // Ended here, whatever happens: the test takes two snapshots, each of a thread of its own.
  try {
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await worker.getHeapSnapshot()) chunks.push(chunk as Buffer);
    return countStrings(
      JSON.parse(Buffer.concat(chunks).toString('utf8')),
      'stockholm-drottninggatan-flagship',
    );
  } finally {
    await worker.terminate();
  }
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

function countStrings(snapshot: HeapSnapshot, text: string): number {
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  let count = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt]!];
    if (type === 'string' && snapshot.strings[snapshot.nodes[i + nameAt]!] === text) count++;
  }
  return count;
}

it('holds one copy of a short string every record repeats, where JSON.parse made one per record', async () => {
  // The measure is the worker's own: without sharing, each parsed record holds its own copy.
  expect(await stringCopiesAfterSharing(false)).toBe(RECORDS);
  expect(await stringCopiesAfterSharing(true)).toBe(1);
});
