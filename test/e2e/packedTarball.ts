// One `npm pack` of the built package for every end-to-end test that installs it (globalSetup.ts packs
// it once per run and hands its path over); a test file run on its own outside that setup packs its own.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The absolute path of the packed tarball of this run's build. */
    packedTarball: string;
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The environment without the npm_* variables of a surrounding npm run, which would steer an inner npm. */
export const cleanNpmEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))),
  npm_config_update_notifier: 'false',
});

/**
 * Packs the package as built (`npm run build` ran before the e2e project: the prepare script, which
 * would build it again, is not run) into a new folder; the tarball's absolute path.
 */
export async function packTarball(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pcm-pack-'));
  const { stdout } = await promisify(execFile)(
    npm,
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', dir],
    { cwd: packageRoot, env: cleanNpmEnv() },
  );
  return join(dir, stdout.trim().split('\n').pop() as string);
}

/** The tarball the run's global setup packed, or one packed now when the setup did not run. */
export async function packedTarball(): Promise<string> {
  let provided: string | undefined;
  try {
    provided = inject('packedTarball');
  } catch {
    provided = undefined;
  }
  return provided ?? (await packTarball());
}
