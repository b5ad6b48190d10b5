// The published package, run the way a user runs it: npx on the packed tarball, from another folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../src/packageRoot.js';
import { endProcessGroup } from './processGroup.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

describe('npx product-catalog-mock from the packed tarball', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let url = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-npx-'));
    const packed = execFileSync(npm, ['pack', '--silent', '--pack-destination', dir], {
      cwd: packageRoot,
      encoding: 'utf8',
    });
    const tarball = packed.trim().split('\n').pop() as string;
    // run as the issue says: `npx --yes ./<tarball>` from a temporary folder holding it
    child = spawn(npx, ['--yes', `./${tarball}`, '--port', '0', '--seed', 'none'], {
      cwd: dir,
      // the npm_* variables of a surrounding npm run would steer the inner npm: start it clean
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')),
        ),
        npm_config_yes: 'true',
        npm_config_update_notifier: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: the server npx starts two processes down is ended with it
      detached: true,
    });
    let output = '';
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        url = match[1] as string;
        break;
      }
    }
    if (!url) throw new Error(`the packed CLI did not start (exit ${child.exitCode}):\n${output}`);
  }, 240_000);

  afterAll(async () => {
    if (child) await endProcessGroup(child);
    await rm(dir, { recursive: true, force: true });
  });

  it('answers health and a product-type round trip', async () => {
    const health = await fetch(`${url}/__admin/health`);
    expect(health.status).toBe(200);
    const headers = { 'x-api-key': 'k', 'content-type': 'application/json' };
    const put = await fetch(`${url}/acme/dev/product-types`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ data: [{ productTypeId: 'shoes', isRoot: true }] }),
    });
    expect(put.status).toBe(200);
    const got = await fetch(`${url}/acme/dev/product-types/shoes`, { headers });
    expect(await got.json()).toEqual({ data: { productTypeId: 'shoes', isRoot: true } });
  });
});
