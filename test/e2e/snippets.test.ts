// Every shell, JavaScript, TypeScript and JSON block of the README and the guides, run as written
// (test/snippets.ts finds them; a block marked `<!-- not run: reason -->` is left out, and the
// reason is printed). The blocks of one document run in order against one mock, started on a free port
// of 127.0.0.1: the address the blocks give, 127.0.0.1:4010 or localhost:4010, is rewritten to it.
// The mock is started with the options a block's `npm start -- OPTIONS` line (or npx's, or node's) or
// its `<!-- mock: OPTIONS -->` mark names, and otherwise stays the one the document's previous block ran
// against (at first: no options, the demo dataset). JavaScript and TypeScript blocks run as ES modules
// in a folder where the packed package is installed, beside msw and the published client; a comment
// after a console.log (or on the line below it) is the line it must print. A JSON block that holds
// a dataset must start a mock as its --seed file.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { endProcessGroup } from '../processGroup.js';
import { allSnippets, type Snippet } from '../snippets.js';
import { cleanNpmEnv, packedTarball } from './packedTarball.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cli = join(packageRoot, 'dist', 'src', 'cli', 'cli.js');

/** A line of a shell block that starts the mock, and its options; undefined for any other line. */
export function startOptions(line: string): string | undefined {
  const command = line.replace(/\s+#.*$/, '').trim();
  const start =
    /^npm start(?: -- (.*))?$/.exec(command) ??
    /^npx (?:--yes )?product-catalog-mock(?: (--.*))?$/.exec(command) ??
    /^node dist\/src\/cli\/cli\.js(?: (--.*))?$/.exec(command);
  return start ? (start[1] ?? '').trim() : undefined;
}

/** A shell block's lines, a line ending in `\` joined with the next. */
function shellLines(code: string): string[] {
  return code.replace(/\\\n/g, ' ').split('\n');
}

/** The mock's options as words; a --port of the block's gives way to the free one. */
function words(options: string): string[] {
  const out = options.split(/\s+/).filter(Boolean);
  const port = out.indexOf('--port');
  if (port >= 0) out.splice(port, 2);
  return out;
}

/** The lines a JavaScript block says it prints: the comment after a console.log, or on the line below. */
export function expectedOutput(code: string): string[] {
  const lines = code.split('\n');
  const expected: string[] = [];
  lines.forEach((line, i) => {
    if (!line.includes('console.log(')) return;
    const after = /\);\s*\/\/\s*(.+)$/.exec(line)?.[1];
    const below = /^\s*\/\/\s*(.+)$/.exec(lines[i + 1] ?? '')?.[1];
    const said = after ?? below;
    if (said !== undefined) expected.push(said.trim());
  });
  return expected;
}

interface Mock {
  options: string;
  url: string;
  child: ChildProcess;
}

async function startMock(options: string, cwd: string): Promise<Mock> {
  const child = spawn(process.execPath, [cli, ...words(options), '--port', '0', '--quiet'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString();
    const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
    if (url) return { options, url, child };
  }
  throw new Error(`the mock with "${options}" did not start (exit ${child.exitCode}):\n${output}`);
}

/** The block with the address it names moved to the mock's. */
const addressed = (code: string, url: string): string =>
  code.replace(/https?:\/\/(?:127\.0\.0\.1|localhost):4010/g, url);

const snippets = allSnippets(packageRoot);
const documents = [...new Set(snippets.map((s) => s.file))];

describe('the blocks of the README and the guides, run as written', () => {
  let project = '';

  beforeAll(async () => {
    // A fresh folder with the package installed from its tarball, as a user installs it.
    project = await mkdtemp(join(tmpdir(), 'pcm-snippets-'));
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'snippets', private: true, type: 'module' }),
    );
    const tarball = await packedTarball();
    await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball], {
      cwd: project,
      env: cleanNpmEnv(),
    });
    // What the blocks install beside it (msw, the published client): this repository's copies, linked.
    for (const name of ['msw', '@ombori/grid-products']) {
      const scope = name.includes('/') ? join(project, 'node_modules', name.split('/')[0] as string) : '';
      if (scope) await mkdir(scope, { recursive: true });
      await symlink(join(packageRoot, 'node_modules', name), join(project, 'node_modules', name), 'dir');
    }
  }, 240_000);

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('marks every block it does not run with a reason', () => {
    const skipped = snippets.filter((s) => s.notRun !== undefined);
    for (const s of skipped) console.log(`not run: ${s.file}:${s.line}: ${s.notRun}`);
    expect(skipped.filter((s) => (s.notRun ?? '').trim().length < 10)).toEqual([]);
  });

  for (const file of documents) {
    const blocks = snippets.filter((s) => s.file === file && s.notRun === undefined);
    if (blocks.length === 0) continue;

    describe(file, () => {
      let mock: Mock | undefined;
      let folder = '';

      beforeAll(async () => {
        folder = await mkdtemp(join(tmpdir(), 'pcm-snippet-doc-'));
      });
      afterAll(async () => {
        if (mock) await endProcessGroup(mock.child);
        await rm(folder, { recursive: true, force: true });
      });

      const mockWith = async (options: string): Promise<Mock> => {
        if (mock && mock.options === options) return mock;
        if (mock) await endProcessGroup(mock.child);
        mock = await startMock(options, folder);
        return mock;
      };

      for (const block of blocks) {
        it(`${file}:${block.line} (${block.lang})`, async () => {
          await runBlock(block);
        }, 120_000);
      }

      async function runBlock(block: Snippet): Promise<void> {
        if (block.mock !== undefined) await mockWith(block.mock);
        if (block.lang === 'sh') {
          let script: string[] = [];
          const flush = async () => {
            if (script.length === 0) return;
            const current = await mockWith(mock?.options ?? '');
            const text = addressed(script.join('\n'), current.url);
            script = [];
            const { stderr } = await run('bash', ['-e', '-o', 'pipefail', '-c', text], {
              cwd: folder,
              timeout: 60_000,
            }).catch((err: { stderr?: string; code?: number }) => {
              throw new Error(
                `${block.file}:${block.line} failed (exit ${err.code}):\n${text}\n${err.stderr}`,
              );
            });
            expect(stderr, `${block.file}:${block.line}`).not.toMatch(/command not found|Failed to connect/);
          };
          for (const line of shellLines(block.code)) {
            const options = startOptions(line);
            if (options === undefined) {
              script.push(line);
              continue;
            }
            await flush();
            await mockWith(options);
          }
          await flush();
          return;
        }
        if (block.lang === 'json') {
          const value: unknown = JSON.parse(block.code);
          if (value && typeof value === 'object' && ('products' in value || 'productTypes' in value)) {
            const seed = join(folder, `dataset-${block.line}.json`);
            await writeFile(seed, block.code);
            const started = await startMock(`--seed ${seed}`, folder);
            const health = await fetch(`${started.url}/__admin/health`);
            await endProcessGroup(started.child);
            expect(health.status).toBe(200);
          }
          return;
        }
        // js or ts: an ES module in the project folder
        const current = await mockWith(mock?.options ?? '');
        const source = addressed(block.code, current.url);
        const js =
          block.lang === 'ts'
            ? ts.transpileModule(source, {
                compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
              }).outputText
            : source;
        const name = join(project, `${block.file.replace(/\W/g, '-')}-${block.line}.mjs`);
        await writeFile(name, js);
        const { stdout } = await run(process.execPath, [name], { cwd: project, timeout: 60_000 }).catch(
          (err: { stderr?: string; stdout?: string }) => {
            throw new Error(`${block.file}:${block.line} failed:\n${err.stdout}\n${err.stderr}`);
          },
        );
        const expected = expectedOutput(block.code);
        if (expected.length > 0) {
          const printed = stdout
            .trimEnd()
            .split('\n')
            .map((line) => line.trim());
          expect(printed, `${block.file}:${block.line}`).toEqual(expected);
        }
      }
    });
  }
});
