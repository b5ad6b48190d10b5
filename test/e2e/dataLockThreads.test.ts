// One --data file per process too across its threads (src/store/dataLock.ts): a mock on a worker
// thread (a test runner's threads, a library user's own) is refused the file a mock on the main
// thread holds. The built modules, since a worker thread loads JavaScript.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const store = pathToFileURL(join(packageRoot, 'dist', 'src', 'store', 'store.js')).href;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pcm-lock-threads-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('refuses a mock on a worker thread the --data file a mock on the main thread holds', async () => {
  const file = join(dir, 'catalog.json');
  // The main thread opens the file, then a worker thread of the same process tries to.
  const script = `
    import { Worker } from 'node:worker_threads';
    const { Store } = await import(${JSON.stringify(store)});
    const held = await Store.open({ file: ${JSON.stringify(file)} });
    const worker = new Worker(\`
      const { parentPort } = await import('node:worker_threads');
      const { Store } = await import(${JSON.stringify(store)});
      try {
        const second = await Store.open({ file: ${JSON.stringify(file)} });
        await second.close();
        parentPort.postMessage('opened');
      } catch (err) {
        parentPort.postMessage(String(err.message));
      }
    \`, { eval: true });
    const [said] = await new Promise((resolve) => worker.once('message', (m) => resolve([m])));
    await worker.terminate();
    await held.close();
    process.stdout.write(said);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  expect({ code, err }).toEqual({ code: 0, err: '' });
  expect(out).toBe(
    `--data ${file} is already open in this process, by another mock: two mocks on one file lose ` +
      "each other's writes. Close that one first, or name another --data file",
  );
}, 60_000);
