// The contract suite's whole run against the mock, once through Prism's proxy: Prism validates every
// request and every answer against openapi.yaml on its own, independently of the suite's checker
// (src/contract/suite/checker.ts). No answer of the mock may break the document.
//
// Prism runs without --errors: with it, Prism answers a request it finds invalid with a 422 of its
// own instead of passing it on, and the suite's deliberately bad requests (those testing the 400s,
// 401s and 415s) would never reach the mock. Without it, Prism passes everything on and logs each
// violation, which this test reads. Prism reports two kinds, and they mean different things:
// - `Violation: response...`: an answer of the mock outside the document. There must be none.
// - `Violation: request...`: a request outside the document. The suite sends such requests on
//   purpose, to see them refused; each must have been answered with a 4xx by the mock. One the mock
//   accepted would be a rule the document states and the mock does not keep.
//   One exception: a flag written otherwise than `true` or `false` (`1`, `TRUE`), which openapi.yaml
//   types boolean, as a client sends it, and the mock reads as a flag by the parameter's
//   x-true-words (docs/behaviour.md, "Parameters"); Prism, which reads the type alone, calls it
//   a violation. Such a request is accepted, and its violations are only those of such flags.
// A test of malformed JSON fails here: Prism answers such a body itself (see the test).
// The suite runs its files one after another (--no-file-parallelism), so that Prism's log, where
// a request's violations follow the line of its answer's status, pairs each with its request.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/openapi/packageRoot.js';
import { OperationTable } from '../../src/openapi/operations.js';
import { loadSchemaValidator } from '../../src/openapi/schemas.js';
import { endProcessGroup } from '../processGroup.js';
import { withoutContractEnv } from './contractRun.js';

const KEY = 'prism-key';
const prismBin = (() => {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(manifest) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
})();

/** A started child, its output so far, and the URL it said it listens on. */
interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/** Starts `args` under node in a process group of its own; resolves once `listening` matches its output. */
function start(args: string[], listening: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<Started> {
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = listening.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, output: () => output, url });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${output}`));
    });
  });
}

interface PrismExchange {
  method: string;
  path: string;
  /** The mock's status, as Prism logged it; undefined when it answered itself. */
  status?: number;
  violations: string[];
}

/** Prism's log, one entry per request, with the violations logged after it. */
function exchangesOf(log: string): PrismExchange[] {
  const exchanges: PrismExchange[] = [];
  for (const line of log.split('\n')) {
    const received = /\[HTTP SERVER\] (\w+) (\S+) .*Request received/.exec(line);
    if (received) {
      exchanges.push({ method: received[1]!.toUpperCase(), path: received[2]!, violations: [] });
      continue;
    }
    const current = exchanges.at(-1);
    if (!current) continue;
    const status = /The upstream call to \S+ has returned (\d+)/.exec(line);
    if (status) current.status = Number(status[1]);
    const violation = /Violation: (.*)$/.exec(line);
    if (violation) current.violations.push(violation[1]!.trim());
  }
  return exchanges;
}

describe("Prism's log as read here", () => {
  it('pairs each violation with its request and the status the mock answered', () => {
    // lines as Prism 5.14 writes them
    const log = [
      '[3:56:18 AM] › [HTTP SERVER] get /acme/dev/products/bad ℹ  info      Request received',
      '[3:56:18 AM] ›     [PROXY] ℹ  info      The upstream call to /acme/dev/products/bad has returned 200',
      "[3:56:18 AM] ›     [VALIDATOR] ✖  error     Violation: response.body.data Response body property data must have required property 'productGroupId'",
      '[3:56:19 AM] › [HTTP SERVER] get /acme/dev/products ℹ  info      Request received',
      '[3:56:19 AM] ›     [PROXY] ℹ  info      The upstream call to /acme/dev/products has returned 400',
      '[3:56:19 AM] ›     [VALIDATOR] ✖  error     Violation: request.query.limit Request query parameter limit must be >= 1',
    ].join('\n');
    expect(exchangesOf(log)).toEqual([
      {
        method: 'GET',
        path: '/acme/dev/products/bad',
        status: 200,
        violations: [
          "response.body.data Response body property data must have required property 'productGroupId'",
        ],
      },
      {
        method: 'GET',
        path: '/acme/dev/products',
        status: 400,
        violations: ['request.query.limit Request query parameter limit must be >= 1'],
      },
    ]);
  });
});

describe("the contract suite through Prism's proxy", () => {
  let mock: Started | undefined;
  let prism: Started | undefined;
  beforeAll(async () => {
    mock = await start(
      [join(packageRoot, 'dist', 'src', 'cli', 'cli.js'), 'serve', '--port', '0', '--seed', 'none'],
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
    );
    prism = await start(
      [prismBin, 'proxy', join(packageRoot, 'openapi.yaml'), mock.url, '--port', '0', '--host', '127.0.0.1'],
      /Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/,
      { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    );
  }, 120_000);
  afterAll(async () => {
    if (prism) await endProcessGroup(prism.child);
    if (mock) await endProcessGroup(mock.child);
  });

  it('every answer of the mock is valid by Prism; every request Prism finds invalid, the mock refused', async () => {
    const result = await new Promise<{ code: number; output: string }>((done) => {
      const run = spawn(
        process.execPath,
        [
          join(packageRoot, 'node_modules', 'vitest', 'vitest.mjs'),
          ...['run', '--config', join(packageRoot, 'contract-tests', 'vitest.config.ts')],
          '--no-file-parallelism',
        ],
        {
          cwd: packageRoot,
          env: {
            ...withoutContractEnv(),
            CONTRACT_BASE_URL: `${prism!.url}/acme/prism`,
            CONTRACT_API_KEY: KEY,
            CONTRACT_SETTLE_MS: '300',
            // this run's batch items are all under its prefix, as against the in-process mock
            CONTRACT_ITEMS_WITHOUT_IDS: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      run.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
      run.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
      run.once('exit', (code) => done({ code: code ?? 1, output }));
    });
    const exchanges = exchangesOf(prism!.output());
    const responseViolations = exchanges.filter((e) => e.violations.some((v) => v.startsWith('response')));
    const requestViolations = exchanges.filter((e) => e.violations.some((v) => v.startsWith('request')));
    const refusedByMock = requestViolations.filter((e) => e.status !== undefined && e.status >= 400);
    console.log(
      `through Prism: ${exchanges.length} requests; ${responseViolations.length} response violations; ` +
        `${requestViolations.length} requests with request violations, ${refusedByMock.length} of them ` +
        `refused by the mock`,
    );
    // A flag of x-true-words, which Prism's log names in lower case (docs/behaviour.md, "Parameters").
    const flags = new Set(
      new OperationTable((await loadSchemaValidator()).document).operations.flatMap((op) =>
        op.parameters.filter((p) => 'x-true-words' in p).map((p) => p.name.toLowerCase()),
      ),
    );
    const flagOnly = (e: PrismExchange) =>
      e.violations.every((v) => {
        const m = /^request\.query\.(\w+) Request query parameter \w+ must be boolean$/.exec(v);
        return m !== null && flags.has(m[1]!);
      });
    const show = (list: PrismExchange[]) =>
      list.map((e) => `${e.method} ${e.path} -> ${e.status ?? 'Prism'}: ${e.violations.join('; ')}`);
    expect(show(responseViolations)).toEqual([]);
    // each request Prism finds invalid is one the suite sent to see it refused, and the mock did
    expect(
      show(
        requestViolations.filter((e) => !refusedByMock.includes(e) && e.status !== undefined && !flagOnly(e)),
      ),
    ).toEqual([]);
    // the suite does send such flags, and the mock took them
    expect(requestViolations.filter((e) => flagOnly(e) && e.status === 200).length).toBeGreaterThan(0);
    // the whole suite ran through the proxy, and every test passed but those whose request Prism
    // answered itself
    expect(exchanges.length).toBeGreaterThan(300);
    // Prism parses a JSON body before it passes the request on (and before it logs the request): a
    // malformed one it answers itself, 400 {"error":{"code":"invalid_json"}}, and the mock never
    // sees it. That is Prism's limit, not a violation: the suite's tests of malformed JSON fail
    // here, and only they.
    const failures = result.output.split(/\n(?=\d+\) FAIL )/).slice(1);
    for (const failure of failures)
      expect(failure).toContain('came back: 400 {"error":{"code":"invalid_json"');
    console.log(`suite failures that are Prism's own answer to malformed JSON: ${failures.length}`);
    expect(result.output).toMatch(/Tests: \d+ failed, [1-9]\d* passed/);
  }, 300_000);
});
