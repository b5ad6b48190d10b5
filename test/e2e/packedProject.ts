// An example project of examples/ in a temporary folder, with the package installed from its packed
// tarball, as a team installs it: what test/e2e/npx.test.ts does for npx, for a project of its own.
import { execFile, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/openapi/packageRoot.js';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const execFileAsync = promisify(execFile);

/** The environment without the npm_* variables of a surrounding npm run, which would steer an inner npm. */
export const cleanEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
  npm_config_update_notifier: 'false',
  // Output read by the tests: without colour codes.
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  ...extra,
});

export interface PackedProject {
  dir: string;
  /** Runs a command in the project; resolves with its exit code and output, whatever the code. */
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; output: string }>;
  remove(): Promise<void>;
}

/**
 * Copies examples/<name> (without node_modules) to a temporary folder, points its
 * `product-catalog-mock` dependency at the packed tarball, and installs.
 */
export async function packedProject(name: string): Promise<PackedProject> {
  const root = await mkdtemp(join(tmpdir(), `pcm-${name}-`));
  // Without `prepare`: the e2e project runs on a build made first (npm run test:e2e), and a build
  // here would rewrite dist/ under the other e2e files that run at the same time.
  const packed = execFileSync(npm, ['pack', '--silent', '--ignore-scripts', '--pack-destination', root], {
    cwd: packageRoot,
    encoding: 'utf8',
    env: cleanEnv(),
  });
  const tarball = join(root, packed.trim().split('\n').pop() as string);
  const dir = join(root, name);
  await cp(join(packageRoot, 'examples', name), dir, {
    recursive: true,
    filter: (source) => !source.includes('node_modules') && !source.endsWith('/dist'),
  });
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  manifest.devDependencies['product-catalog-mock'] = `file:${tarball}`;
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  await execFileAsync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    env: cleanEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  return {
    dir,
    run: (command, args, env = {}) =>
      execFileAsync(command, args, { cwd: dir, env: cleanEnv(env), maxBuffer: 16 * 1024 * 1024 }).then(
        ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
        (err: { code?: number; stdout?: string; stderr?: string }) => ({
          code: typeof err.code === 'number' ? err.code : 1,
          output: (err.stdout ?? '') + (err.stderr ?? ''),
        }),
      ),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
