// The key of the commands that call a deployment (record, contract, drift) from a file or the
// environment, out of sight of `ps`, and never printed (docs/security.md, "Commands that call a
// deployment").
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPLOYMENT_KEY_VARIABLE, deploymentKeyOf } from '../../src/cli/terminal/apiKeySources.js';
import { runRecord } from '../../src/cli/record/run.js';
import { runDrift } from '../../src/cli/drift/run.js';
import { runContract } from '../../src/cli/contract/contractCommand.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { generateDataset } from '../../src/seed/index.js';

const KEY = 'deployment-key-from-afar-0042';

/** A stream that keeps what is written to it. */
function captured() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

let dir: string;
let keyFile: string;
let deployment: RunningServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'deployment-key-'));
  keyFile = join(dir, 'key');
  await writeFile(keyFile, `${KEY}\n`);
  deployment = await startServer({ apiKeys: [KEY], seed: generateDataset('grocery', { count: 12 }) });
});
afterAll(async () => {
  await deployment.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a deployment key', () => {
  it('comes from --api-key, else --api-key-file, else the environment; both options at once are refused', async () => {
    const env = { [DEPLOYMENT_KEY_VARIABLE]: ' from-env ' };
    expect(await deploymentKeyOf({ apiKey: 'typed' }, DEPLOYMENT_KEY_VARIABLE, env)).toBe('typed');
    expect(await deploymentKeyOf({ apiKeyFile: keyFile }, DEPLOYMENT_KEY_VARIABLE, env)).toBe(KEY);
    expect(await deploymentKeyOf({}, DEPLOYMENT_KEY_VARIABLE, env)).toBe('from-env');
    expect(await deploymentKeyOf({}, DEPLOYMENT_KEY_VARIABLE, {})).toBeUndefined();
    await expect(
      deploymentKeyOf({ apiKey: 'typed', apiKeyFile: keyFile }, DEPLOYMENT_KEY_VARIABLE, env),
    ).rejects.toThrow('--api-key and --api-key-file both give the key: give one of them');
  });

  it('of a file is read as serve reads its key file: blank lines and # comment lines skipped', async () => {
    const commented = join(dir, 'commented');
    await writeFile(commented, `\uFEFF# staging, rotated monthly\n\n  ${KEY}  \n`);
    expect(await deploymentKeyOf({ apiKeyFile: commented }, DEPLOYMENT_KEY_VARIABLE, {})).toBe(KEY);
  });

  it('of a file that is not one key is refused, naming the file and never what it holds', async () => {
    const two = join(dir, 'two');
    await writeFile(two, `${KEY} second-word\n`);
    const problem = deploymentKeyOf({ apiKeyFile: two }, DEPLOYMENT_KEY_VARIABLE, {});
    await expect(problem).rejects.toThrow(
      `--api-key-file ${two} must hold one key on one line (# starts a comment line), and holds more than one word`,
    );
    const lines = join(dir, 'lines');
    await writeFile(lines, `${KEY}\nanother-key\n`);
    await expect(deploymentKeyOf({ apiKeyFile: lines }, DEPLOYMENT_KEY_VARIABLE, {})).rejects.toThrow(
      /holds more than one line$/,
    );
    await expect(deploymentKeyOf({ apiKeyFile: two }, DEPLOYMENT_KEY_VARIABLE, {})).rejects.not.toThrow(KEY);
    await expect(
      deploymentKeyOf({ apiKeyFile: join(dir, 'missing') }, DEPLOYMENT_KEY_VARIABLE, {}),
    ).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });
});

describe('record', () => {
  it('records with the key of a file or of the environment, and prints it nowhere', async () => {
    const base = `${deployment.url}/acme/dev`;
    for (const [opts, env] of [
      [{ apiKeyFile: keyFile }, {}],
      [{}, { [DEPLOYMENT_KEY_VARIABLE]: KEY }],
    ] as const) {
      const err = captured();
      const out = join(dir, `recorded-${Object.keys(env).length}.json`);
      expect(await runRecord({ baseUrl: base, out, ...opts }, err.stream, env)).toBe(0);
      expect(err.text()).not.toContain(KEY);
    }
  });

  it('without a key says where to give one, exits 2 and sends nothing', async () => {
    const err = captured();
    const out = join(dir, 'none.json');
    expect(await runRecord({ baseUrl: `${deployment.url}/acme/dev`, out }, err.stream, {})).toBe(2);
    expect(err.text()).toBe(
      `record: no key given: give the deployment's access token with --api-key-file FILE or in ${DEPLOYMENT_KEY_VARIABLE} (or with --api-key, which other users see in ps); nothing was sent.\n`,
    );
  });
});

describe('drift', () => {
  it('compares with the key of a file, and prints it nowhere', async () => {
    const [out, err] = [captured(), captured()];
    const code = await runDrift(
      { baseUrl: `${deployment.url}/acme/dev`, apiKeyFile: keyFile, out: join(dir, 'drift') },
      { stdout: out.stream, stderr: err.stream },
      {},
    );
    expect(code).toBe(0);
    expect(out.text() + err.text()).not.toContain(KEY);
    const refused = captured();
    expect(
      await runDrift(
        { baseUrl: `${deployment.url}/acme/dev`, out: join(dir, 'drift') },
        { stdout: out.stream, stderr: refused.stream },
        {},
      ),
    ).toBe(2);
    expect(refused.text()).toMatch(/^drift: no key given: .*nothing was sent\.\n$/);
  }, 60_000);
});

describe('contract', () => {
  it('reads --api-key-file: a cleanup of a run prefix passes with it, and a file that cannot be read stops the run', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    try {
      const base = `${deployment.url}/acme/dev`;
      expect(await runContract({ baseUrl: base, apiKeyFile: keyFile, cleanup: 'ct-abc-0123abcd-' }, {})).toBe(
        0,
      );
      const wrong = join(dir, 'wrong');
      await writeFile(wrong, 'not-the-key\n');
      expect(await runContract({ baseUrl: base, apiKeyFile: wrong, cleanup: 'ct-abc-0123abcd-' }, {})).toBe(
        2,
      );
      expect(await runContract({ baseUrl: base, apiKeyFile: join(dir, 'missing') }, {})).toBe(2);
      expect(lines.at(-1)).toMatch(
        /^contract: --api-key-file .*missing cannot be read \(ENOENT\).*; nothing was sent$/,
      );
      expect(lines.join('\n')).not.toContain(KEY);
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }, 60_000);
});
