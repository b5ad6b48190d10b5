// `npm test` and `npm run test:quick`: the checks in stages, a line for each as it ends, with its time.
// Each stage runs only once the one before it passed. Within a stage the checks run side by side:
// lint, format, typecheck and the build of the package are separate processes; the test stages are
// vitest runs whose files run side by side (vitest.config.ts says how many at once).
//
//   node scripts/test.mjs          every check: lint, format, typecheck, build, unit and contract tests, e2e
//   node scripts/test.mjs --quick  the inner loop: lint and format of the files changed since main,
//                                  typecheck, unit tests but those in a browser
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const quick = process.argv.includes('--quick');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Files changed since main (committed or not) that still exist: what test:quick lints. */
function changedFiles() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const base = git('merge-base', 'HEAD', 'main').stdout.trim() || 'HEAD';
  const names = [
    ...git('diff', '--name-only', base).stdout.split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').stdout.split('\n'),
  ];
  return [...new Set(names.filter((name) => name !== '' && existsSync(join(root, name))))];
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Runs a command; its output is shown as it comes when `live`, else only when it fails (lint and
 * typecheck say nothing on success). Resolves to whether it passed.
 */
function run(label, command, args, { live = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      stdio: live ? 'inherit' : 'pipe',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const passed = code === 0;
      if (!passed && !live) process.stdout.write(output);
      console.log(`${passed ? 'passed' : 'FAILED'}  ${label} (${seconds(started)})`);
      resolve(passed);
    });
    child.on('error', (err) => {
      console.log(`FAILED  ${label}: ${err.message}`);
      resolve(false);
    });
  });
}

/** A stage: its checks side by side; the line says whether all passed, and how long the stage took. */
async function stage(name, checks) {
  console.log(`\n== ${name}`);
  const started = performance.now();
  const results = await Promise.all(checks.map((check) => check()));
  const passed = results.every(Boolean);
  console.log(`== ${name}: ${passed ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  return passed;
}

const node = process.execPath;
const vitest =
  (label, ...projects) =>
  () =>
    run(label, bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p])], { live: true });

const started = performance.now();
let stages;
if (quick) {
  const changed = changedFiles();
  const linted = changed.filter((f) => /\.(?:[cm]?[jt]s)$/.test(f));
  stages = [
    [
      `lint and format of ${changed.length} changed file(s), typecheck`,
      [
        () =>
          linted.length === 0
            ? Promise.resolve(true)
            : run(`eslint (${linted.length} files)`, bin('eslint'), linted),
        () =>
          changed.length === 0
            ? Promise.resolve(true)
            : run(`prettier --check (${changed.length} files)`, bin('prettier'), [
                '--check',
                '--ignore-unknown',
                ...changed,
              ]),
        () => run('tsc --noEmit', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
      ],
    ],
    // the pages in headless Chromium (*.browser.test.ts) are left to npm test: they take the longest
    [
      'unit tests (without the browser tests)',
      [
        () =>
          run('vitest unit', bin('vitest'), ['run', '--project', 'unit'], {
            live: true,
            env: { TEST_QUICK: '1' },
          }),
      ],
    ],
  ];
} else {
  stages = [
    [
      'lint, format, typecheck, build',
      [
        () => run('eslint .', bin('eslint'), ['.']),
        () => run('prettier --check .', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
        // unused files, dependencies and exports (knip.json names the entry points)
        () => run('knip', bin('knip'), []),
        () => run('tsc --noEmit', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
        // the package the e2e tests run, built once here
        () => run('build', node, [join(root, 'scripts', 'build-if-stale.mjs'), '--always']),
      ],
    ],
    [
      'unit and contract tests',
      [vitest('vitest unit, contract, contract-msw', 'unit', 'contract', 'contract-msw')],
    ],
    ['end-to-end tests (the built package)', [vitest('vitest e2e', 'e2e')]],
  ];
}

let passed = true;
for (const [name, checks] of stages) {
  passed = await stage(name, checks);
  if (!passed) break;
}
console.log(
  `\n${passed ? 'All passed' : 'FAILED'} in ${seconds(started)}${quick ? ' (quick: lint of changed files, unit tests)' : ''}`,
);
process.exitCode = passed ? 0 : 1;
