// `npm start` (and seed, bench) build only when a source changed since the last build: a full
// TypeScript build takes 10 s and more, a look at the files' times a few milliseconds.
// `--always` (npm run build) builds whatever the times say.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
// What tsconfig.build.json compiles, and the configuration itself.
const SOURCES = ['src', 'seeds', 'bench', 'scripts'];
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json', 'openapi.yaml'];
const DOCUMENT = join(root, 'openapi.yaml');
const GENERATED = join(root, 'src', 'generated', 'apiDocument.ts');
const STAMP = join(root, 'dist', '.build-stamp');

/** The newest modification time (ms) of the TypeScript sources under dir. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (/\.(ts|css|html)$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
      latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

const sourcesChanged = () => {
  if (!existsSync(STAMP) || !existsSync(join(root, 'dist', 'src', 'cli', 'cli.js'))) return true;
  const built = statSync(STAMP).mtimeMs;
  const configs = CONFIGS.map((f) => join(root, f)).filter(existsSync);
  return (
    SOURCES.some((dir) => existsSync(join(root, dir)) && newest(join(root, dir)) > built) ||
    configs.some((file) => statSync(file).mtimeMs > built)
  );
};

const always = process.argv.includes('--always');
if (always || sourcesChanged()) {
  const started = new Date();
  if (!always) console.error('product-catalog-mock: sources changed since the last build, building...');
  // The document every start reads is openapi.yaml's bundled copy: rewritten whenever the YAML is newer.
  const behind = !existsSync(GENERATED) || statSync(DOCUMENT).mtimeMs > statSync(GENERATED).mtimeMs;
  if (existsSync(DOCUMENT) && behind) {
    const { writeApiDocument } = await import('./gen-api-document.mjs');
    await writeApiDocument();
  }
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // The dashboard's page, bundled for the browser (vite, a devDependency: an installed package has
  // the page its build wrote already).
  if (existsSync(join(root, 'node_modules', 'vite'))) {
    const { buildDashboard } = await import('./build-dashboard.mjs');
    await buildDashboard();
  }
  // Stamped with the time the build started: a file saved during the build is newer, and builds again.
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(STAMP, '');
  utimesSync(STAMP, started, started);
}
