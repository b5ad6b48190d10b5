// The start-up code of docs/msw.md, "A browser app", built by Vite as an application's own: in a development
// build it brings the mock and msw, and in a production build neither, as that guide promises ("Load
// the mock in development builds only, as above"). A bundler keeps a module a static import names,
// whether or not the code that uses it can run.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

/** The first TypeScript block under the heading "A browser app" of docs/msw.md. */
async function readmeSnippet(): Promise<string> {
  const guide = await readFile(join(packageRoot, 'docs/msw.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## A browser app'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/msw.md has no ts block under "A browser app"');
  return block;
}

/** Builds the snippet as an app's main.ts in the given Vite mode; the text of every script it emits. */
async function buildApp(app: string, mode: 'development' | 'production'): Promise<string> {
  const { build } = await import('vite');
  const outDir = join(app, `dist-${mode}`);
  // NODE_ENV decides import.meta.env.DEV in a build; the test runner sets it to "test".
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    await build({
      root: app,
      mode,
      configFile: false,
      logLevel: 'silent',
      build: { outDir, target: 'es2022', minify: false },
      resolve: {
        // This repository's own build (npm run build), as the installed package would give it.
        alias: { 'product-catalog-mock/msw': join(packageRoot, 'dist', 'src', 'msw', 'index.js') },
      },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const assets = join(outDir, 'assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  return (await Promise.all(scripts.map((name) => readFile(join(assets, name), 'utf8')))).join('\n');
}

describe('the browser app start-up of docs/msw.md, built by Vite', () => {
  let app = '';

  beforeAll(async () => {
    app = await mkdtemp(join(tmpdir(), 'readme-browser-app-'));
    // The app's own dependencies: msw and the published client, as this repository has them.
    await symlink(join(packageRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
    await mkdir(join(app, 'public'));
    await writeFile(
      join(app, 'index.html'),
      '<!doctype html><html><body><script type="module" src="/main.ts"></script></body></html>',
    );
    await writeFile(join(app, 'main.ts'), `${await readmeSnippet()}\nexport {};\n`);
  });

  afterAll(async () => {
    if (app) await rm(app, { recursive: true, force: true });
  });

  // The title of the bundled openapi.yaml, which only the mock carries; "[MSW]" begins msw's logs.
  const MOCK = 'Product Catalog Service';
  const MSW = '[MSW]';

  it('holds the mock and msw in a development build', async () => {
    const scripts = await buildApp(app, 'development');
    expect(scripts).toContain(MOCK);
    expect(scripts).toContain(MSW);
  }, 120_000);

  it('holds neither in a production build', async () => {
    const scripts = await buildApp(app, 'production');
    expect(scripts.includes(MOCK)).toBe(false);
    expect(scripts.includes(MSW)).toBe(false);
  }, 120_000);
});
