// `npm start` builds only when a source changed: scripts/build-if-stale.mjs, in a tree of its own
// whose TypeScript compiler is a stand-in that records that it ran.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

// Files of the stand-in tree, not of this repository.
const SOURCE = join('src', 'main.ts');
const TEST = join('src', 'main.test.ts');

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function tree(): {
  run: () => { built: boolean; stderr: string };
  touch: (file: string, seconds: number) => void;
} {
  const dir = (root = mkdtempSync(join(tmpdir(), 'catalog-build-')));
  const write = (file: string, text = '') => {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  write('scripts/build-if-stale.mjs');
  copyFileSync(
    join(packageRoot, 'scripts', 'build-if-stale.mjs'),
    join(dir, 'scripts', 'build-if-stale.mjs'),
  );
  write(
    'node_modules/typescript/bin/tsc',
    `require('fs').writeFileSync(${JSON.stringify(join(dir, 'built'))}, '')`,
  );
  write(SOURCE);
  write(TEST);
  write('tsconfig.json');
  const touch = (file: string, seconds: number) => {
    const at = new Date(Date.now() + seconds * 1000);
    utimesSync(join(dir, file), at, at);
  };
  const run = () => {
    rmSync(join(dir, 'built'), { force: true });
    const result = spawnSync(process.execPath, [join(dir, 'scripts', 'build-if-stale.mjs')], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    return { built: existsSync(join(dir, 'built')), stderr: result.stderr };
  };
  return { run, touch };
}

describe('build-if-stale', () => {
  it('builds a tree never built, then not again until a source or the configuration changes', () => {
    const { run, touch } = tree();
    expect(run()).toEqual({
      built: true,
      stderr: expect.stringMatching(/sources changed since the last build/),
    });
    // The stand-in compiler wrote no dist/src/cli/cli.js: give the tree what a build leaves.
    mkdirSync(join(root!, 'dist', 'src', 'cli'), { recursive: true });
    writeFileSync(join(root!, 'dist', 'src', 'cli', 'cli.js'), '');
    touch(SOURCE, -60);
    touch('tsconfig.json', -60);
    expect(run().built).toBe(false);
    // A test file is not built.
    touch(TEST, 60);
    expect(run().built).toBe(false);
    touch(SOURCE, 60);
    expect(run().built).toBe(true);
    touch(SOURCE, -60);
    expect(run().built).toBe(false);
    touch('tsconfig.json', 60);
    expect(run().built).toBe(true);
  });
});
