// The machine's ceiling: a bare node:http server answering one fixed JSON body, so that every
// mock figure can be read as a ratio that holds across machines.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** Exactly 200 bytes of JSON, about the size of a small API answer. */
const BASELINE_BODY: Buffer = (() => {
  const head = '{"data":{"status":"ok","note":"';
  const tail = '"}}';
  return Buffer.from(head + 'x'.repeat(200 - head.length - tail.length) + tail);
})();

export interface Baseline {
  url: string;
  stop(): Promise<void>;
}

export async function startBaseline(host = '127.0.0.1'): Promise<Baseline> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': BASELINE_BODY.length });
    res.end(BASELINE_BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// Run directly, it is a child process of the benchmark, like the mock it is compared with.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const baseline = await startBaseline();
  console.log(`baseline listening on ${baseline.url}`);
  const stop = () => void baseline.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
