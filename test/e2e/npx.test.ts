// The published package, run the way a user runs it: npx on the packed tarball, from another folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { endProcessGroup } from '../processGroup.js';
import { packedTarball } from './packedTarball.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const execFileAsync = promisify(execFile);

/** The environment without the npm_* variables of a surrounding npm run, which would steer an inner npm. */
const cleanEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
  npm_config_update_notifier: 'false',
});

describe('npx product-catalog-mock from the packed tarball', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  let url = '';
  let tarball = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pcm-npx-'));
    // the run's one packed tarball (globalSetup.ts), copied beside the folder npx runs in
    const packed = await packedTarball();
    tarball = basename(packed);
    await copyFile(packed, join(dir, tarball));
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

  it('installs with the files product-catalog-mock/msw needs: its handlers answer under setupServer', async () => {
    const project = join(dir, 'project');
    await rm(project, { recursive: true, force: true });
    await mkdir(join(project, 'node_modules'), { recursive: true });
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'uses-msw', type: 'module' }));
    // The packed tarball, its dependencies from the cache npx just filled; msw, an optional peer, is
    // this repository's copy, linked rather than fetched again.
    await execFileAsync(
      npm,
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', `../${tarball}`],
      {
        cwd: project,
        env: cleanEnv(),
      },
    );
    await symlink(join(packageRoot, 'node_modules', 'msw'), join(project, 'node_modules', 'msw'), 'dir');
    const script = [
      "import { catalogHandlers } from 'product-catalog-mock/msw';",
      "import { setupServer } from 'msw/node';",
      'const server = setupServer(...catalogHandlers({ seed: 3, publicReads: true }));',
      "server.listen({ onUnhandledRequest: 'error' });",
      "const res = await fetch('https://product-us.omborigrid.com/api/tenants/acme/dev/products');",
      'const body = await res.json();',
      'server.close();',
      'console.log(JSON.stringify({ status: res.status, count: body.data.list.length }));',
    ].join('\n');
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      timeout: 60_000,
    });
    expect(JSON.parse(stdout)).toEqual({ status: 200, count: 3 });
  }, 240_000);
});
