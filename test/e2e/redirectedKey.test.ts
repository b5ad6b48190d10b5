// `record` and `contract`, as a user runs them, against a deployment that redirects to a second
// server: the second never receives the key, and the command says where the redirect pointed
// (docs/security.md, "Commands that call a deployment").
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, runContract } from './contractRun.js';

const KEY = 'deployment-secret-key-0001';

async function listening(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('a deployment that redirects to another origin', () => {
  const received: IncomingHttpHeaders[] = [];
  let elsewhere: { server: Server; url: string };
  let deployment: { server: Server; url: string };
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redirected-key-'));
    elsewhere = await listening((req, res) => {
      received.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"list":[],"count":0}}');
    });
    deployment = await listening((req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}${req.url ?? '/'}` }).end();
    });
  });
  afterAll(async () => {
    for (const { server } of [elsewhere, deployment]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('record stops, says where the redirect pointed, and the key never reaches it', async () => {
    const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
      execFile(
        process.execPath,
        [
          cli,
          'record',
          '--base-url',
          `${deployment.url}/acme/dev`,
          '--api-key',
          KEY,
          '--out',
          join(dir, 'out.json'),
        ],
        (err, stdout, stderr) =>
          done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(code).not.toBe(0);
    expect(output).toContain(`a redirect to ${elsewhere.url}/acme/dev/products`);
    expect(output).not.toContain(KEY);
    expect(received).toEqual([]);
  }, 60_000);

  it('contract stops, says where the redirect pointed, and the key never reaches it', async () => {
    const { code, output } = await runContract([
      '--base-url',
      `${deployment.url}/acme/dev`,
      '--api-key',
      KEY,
    ]);
    expect(code).toBe(2);
    expect(output).toContain(`a redirect to ${elsewhere.url}/acme/dev/products`);
    expect(output).not.toContain(KEY);
    expect(received).toEqual([]);
  }, 60_000);
});
