import { describe, expect, it } from 'vitest';
import { startWords } from '../../src/cli/terminal/invocation.js';
import { resumeCommand } from '../../src/cli/record/run.js';

const project = '/home/me/product-catalog-mock';
const cli = `${project}/dist/src/cli/cli.js`;
const started = (env: NodeJS.ProcessEnv, script: string, cwd = project) => ({
  env: { PATH: '/usr/local/bin:/usr/bin', ...env },
  argv: ['/usr/bin/node', script],
  cwd,
});
/** What npm gives a script of this package's own that runs the command line. */
const npmScript = (event: string, script = 'node dist/src/cli/cli.js') => ({
  npm_lifecycle_event: event,
  npm_lifecycle_script: script,
  npm_package_name: 'product-catalog-mock',
});

describe('the words that start the command line again', () => {
  it('are npm start -- for npm start, and npm run NAME -- for another script of its own', () => {
    expect(startWords(started(npmScript('start'), cli))).toEqual(['npm', 'start', '--']);
    expect(startWords(started(npmScript('mock'), cli))).toEqual(['npm', 'run', 'mock', '--']);
  });

  it('are npx product-catalog-mock under npx, or for a script that names words of its own', () => {
    const npx = { npm_lifecycle_event: 'npx', npm_lifecycle_script: "'product-catalog-mock'" };
    const bin = '/root/.npm/_npx/ea91c3d0318dae24/node_modules/.bin/product-catalog-mock';
    expect(startWords(started(npx, bin, '/tmp'))).toEqual(['npx', 'product-catalog-mock']);
    const own = npmScript('record', 'product-catalog-mock record --base-url http://x --out a.json');
    expect(startWords(started(own, cli))).toEqual(['npx', 'product-catalog-mock']);
  });

  it('are node and the script as it is found from the working folder, for node dist/src/cli/cli.js', () => {
    expect(startWords(started({}, cli))).toEqual(['node', 'dist/src/cli/cli.js']);
    expect(startWords(started({}, cli, `${project}/dist`))).toEqual(['node', 'src/cli/cli.js']);
    expect(startWords(started({}, cli, '/tmp'))).toEqual(['node', cli]);
  });

  it('are the installed command by its name where the shell finds it, else by its path', () => {
    expect(startWords(started({}, '/usr/local/bin/product-catalog-mock', '/tmp'))).toEqual([
      'product-catalog-mock',
    ]);
    const local = `${project}/node_modules/.bin/product-catalog-mock`;
    expect(startWords(started({}, local))).toEqual(['node_modules/.bin/product-catalog-mock']);
    expect(startWords(started({}, local, `${project}/node_modules/.bin`))).toEqual([
      './product-catalog-mock',
    ]);
  });

  it('start the command record prints to resume with', () => {
    const opts = { baseUrl: 'http://127.0.0.1:4010/acme/dev', apiKey: 'secret', out: 'my catalog.json' };
    expect(resumeCommand(opts, ['npm', 'start', '--'])).toBe(
      `npm start -- record --base-url http://127.0.0.1:4010/acme/dev --api-key "$TOKEN" --out 'my catalog.json' --resume`,
    );
    // A key of a file is read from it again; one of the environment is still there.
    expect(
      resumeCommand({ ...opts, apiKey: undefined, apiKeyFile: 'my key' }, ['product-catalog-mock']),
    ).toBe(
      `product-catalog-mock record --base-url http://127.0.0.1:4010/acme/dev --api-key-file 'my key' --out 'my catalog.json' --resume`,
    );
    expect(resumeCommand({ ...opts, apiKey: undefined }, ['product-catalog-mock'])).toBe(
      `product-catalog-mock record --base-url http://127.0.0.1:4010/acme/dev --out 'my catalog.json' --resume`,
    );
  });
});
